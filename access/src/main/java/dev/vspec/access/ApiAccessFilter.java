package dev.vspec.access;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.vspec.contracts.error.ApiError;
import dev.vspec.contracts.error.ErrorCode;
import dev.vspec.platform.connector.BudgetAddress;
import dev.vspec.platform.web.ApiErrorResponses;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Optional;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataAccessException;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Authentication, scopes, rate limits and read quotas for every route under {@code /api}, in this
 * order (a key in the query string was refused before, by web-platform's StrictQueryStrings): an address
 * that failed authentication too often is held off; the key (from {@code Authorization: Bearer} or {@code x-api-key}) must be active; the
 * key's requests per minute are spent; a GET spends one of its monthly reads, returned when the
 * answer is not a success (a 304 costs nothing either); then the route's scope is checked. Every
 * response to a valid key carries the rate-limit and monthly headers.
 */
public final class ApiAccessFilter extends OncePerRequestFilter {

    public static final String RATE_LIMIT = "X-RateLimit-Limit";
    public static final String RATE_REMAINING = "X-RateLimit-Remaining";
    public static final String RATE_RESET = "X-RateLimit-Reset";
    public static final String MONTHLY_LIMIT = "X-Monthly-Limit";
    public static final String MONTHLY_REMAINING = "X-Monthly-Remaining";
    public static final String RETRY_AFTER = "Retry-After";
    private static final Duration FAILURE_PERIOD = Duration.ofMinutes(1);
    private static final long MINUTE_LEASE_DIVISOR = 100;
    private static final long MONTH_LEASE_DIVISOR = 1000;
    private static final Logger log = LoggerFactory.getLogger(ApiAccessFilter.class);

    private final Supplier<RouteAccess> routes;
    private final KeyLookup keys;
    private final SharedBudgets budgets;
    private final MonthlyReadCounts readCounts;
    private final ApiErrorResponses errors;
    private final AccessProperties properties;
    private final Clock clock;
    private final Cache<String, Instant> heldOff = Caffeine.newBuilder()
            .expireAfterWrite(FAILURE_PERIOD.multipliedBy(2))
            .maximumSize(100_000)
            .build();

    public ApiAccessFilter(
            Supplier<RouteAccess> routes,
            KeyLookup keys,
            SharedBudgets budgets,
            MonthlyReadCounts readCounts,
            ApiErrorResponses errors,
            AccessProperties properties,
            Clock clock) {
        this.routes = routes;
        this.keys = keys;
        this.budgets = budgets;
        this.readCounts = readCounts;
        this.errors = errors;
        this.properties = properties;
        this.clock = clock;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        String path = request.getRequestURI().substring(request.getContextPath().length());
        Optional<RouteAccess.Requirement> requirement = routes.get().of(request.getMethod(), path);
        if (requirement.isEmpty() || requirement.get().keyless() || "OPTIONS".equals(request.getMethod())) {
            chain.doFilter(request, response);
            return;
        }
        try {
            admit(request, response, chain, path, requirement.get());
        } catch (DataAccessException e) {
            log.error("Keys and limits cannot be read from the database", e);
            errors.write(
                    request,
                    response,
                    ApiError.of(
                            ErrorCode.SERVICE_UNAVAILABLE,
                            "Keys and limits cannot be checked right now (the database does not answer); retry shortly"));
        }
    }

    private void admit(
            HttpServletRequest request,
            HttpServletResponse response,
            FilterChain chain,
            String path,
            RouteAccess.Requirement requirement)
            throws IOException, ServletException {
        // what Tomcat read from X-Forwarded-For may be any text a client sent
        String address = BudgetAddress.of(request.getRemoteAddr());
        Instant now = clock.instant();
        Instant heldUntil = heldOff.getIfPresent(address);
        if (heldUntil != null && heldUntil.isAfter(now)) {
            tooManyFailures(request, response, Duration.between(now, heldUntil));
            return;
        }
        Presented presented = presented(request);
        if (presented.problem() != null) {
            failed(request, response, address, presented.problem());
            return;
        }
        Optional<ApiKey> found = keys.find(presented.key());
        if (found.isEmpty()) {
            failed(request, response, address, "Unknown or revoked API key");
            return;
        }
        ApiKey key = found.get();

        Admission minute = budgets.take(
                "key:" + key.id() + ":requests", key.requestsPerMinute(), Window.MINUTE, MINUTE_LEASE_DIVISOR);
        response.setHeader(RATE_LIMIT, Long.toString(minute.limit()));
        response.setHeader(RATE_REMAINING, Long.toString(minute.remaining()));
        response.setHeader(RATE_RESET, Long.toString(minute.windowEnd().getEpochSecond()));
        if (!minute.admitted()) {
            long wait = RetryAfter.seconds(Duration.between(now, minute.windowEnd()));
            response.setHeader(RETRY_AFTER, Long.toString(wait));
            errors.write(
                    request,
                    response,
                    ApiError.of(
                            ErrorCode.RATE_LIMITED,
                            "Limit is " + minute.limit() + " requests/minute for this key; the next minute starts in "
                                    + wait + " s"));
            return;
        }

        boolean read = "GET".equals(request.getMethod()) || "HEAD".equals(request.getMethod());
        String reads = "key:" + key.id() + ":reads";
        int units = read ? readsOf(request, requirement) : 0;
        // A request that reads nothing spends nothing: the budget is not asked, only what was spent
        Admission month =
                read ? budgets.take(reads, key.readsPerMonth(), Window.MONTH, MONTH_LEASE_DIVISOR, units) : null;
        long monthIndex = read ? month.window() : Window.MONTH.index(now);
        if (read && month.admitted()) {
            readCounts.spent(key.id(), monthIndex, units);
        }
        // What every instance spent, not what the budget holds: each instance leases a share of it at a time
        response.setHeader(MONTHLY_LIMIT, Long.toString(key.readsPerMonth()));
        response.setHeader(
                MONTHLY_REMAINING,
                Long.toString(
                        read && !month.admitted()
                                ? 0
                                : Math.max(0, key.readsPerMonth() - readCounts.spentIn(key.id(), monthIndex))));
        if (read && !month.admitted()) {
            long wait = RetryAfter.seconds(Duration.between(now, month.windowEnd()));
            response.setHeader(RETRY_AFTER, Long.toString(wait));
            String renews =
                    "it renews on " + month.windowEnd().atOffset(ZoneOffset.UTC).toLocalDate() + " 00:00 UTC";
            errors.write(
                    request,
                    response,
                    ApiError.of(
                            ErrorCode.READ_QUOTA_EXCEEDED,
                            units > 1
                                    ? "This request needs " + units
                                            + " reads, more than this key has left of its monthly quota of "
                                            + month.limit() + "; send fewer items, or wait: " + renews
                                    : "Monthly read quota of " + month.limit() + " reads reached for this key; "
                                            + renews));
            return;
        }
        boolean counted = false;
        try {
            if (requirement.scope() != null && !key.grants(requirement.scope())) {
                errors.write(
                        request,
                        response,
                        ApiError.of(
                                ErrorCode.INSUFFICIENT_SCOPE,
                                "This key lacks the scope " + requirement.scope() + ", which " + path + " needs"));
                return;
            }
            request.setAttribute(AccessGrant.ATTRIBUTE, key);
            chain.doFilter(request, response);
            counted = response.getStatus() >= 200 && response.getStatus() < 300;
        } finally {
            if (read && !counted) {
                budgets.giveBack(reads, Window.MONTH, month, units);
                readCounts.returned(key.id(), month.window(), units);
            }
        }
    }

    /** The reads this request spends; one when its query string cannot be read (the route then refuses it). */
    private static int readsOf(HttpServletRequest request, RouteAccess.Requirement requirement) {
        try {
            return requirement.readsOf(request::getParameterValues);
        } catch (IllegalStateException e) {
            return 1;
        }
    }

    /** A failed authentication: 401, unless the address has used up its failures, then 429. */
    private void failed(HttpServletRequest request, HttpServletResponse response, String address, String message)
            throws IOException {
        SharedBudgets.RollingAdmission failures = budgets.takeRolling(
                "address:" + address + ":auth-failures", properties.failedAuthenticationsPerMinute(), FAILURE_PERIOD);
        if (!failures.admitted()) {
            heldOff.put(address, clock.instant().plus(failures.retryAfter()));
            tooManyFailures(request, response, failures.retryAfter());
            return;
        }
        errors.write(request, response, ApiError.of(ErrorCode.INVALID_API_KEY, message));
    }

    private void tooManyFailures(HttpServletRequest request, HttpServletResponse response, Duration wait)
            throws IOException {
        long seconds = RetryAfter.seconds(wait);
        response.setHeader(RETRY_AFTER, Long.toString(seconds));
        errors.write(
                request,
                response,
                ApiError.of(
                        ErrorCode.RATE_LIMITED,
                        "Too many failed authentications from " + "this address (limit "
                                + properties.failedAuthenticationsPerMinute() + " per minute); wait " + seconds
                                + " s"));
    }

    /** The key from {@code Authorization: Bearer} or {@code x-api-key}, or what is wrong with the headers. */
    static Presented presented(HttpServletRequest request) {
        String authorization = request.getHeader(AccessGrant.AUTHORIZATION_HEADER);
        String header = request.getHeader(AccessGrant.API_KEY_HEADER);
        String bearer = null;
        if (authorization != null) {
            String[] parts = authorization.strip().split("\\s+", 2);
            if (parts.length != 2 || !parts[0].equalsIgnoreCase("Bearer")) {
                return new Presented(null, "The Authorization header must be `Bearer <key>`");
            }
            bearer = parts[1].strip();
        }
        if (bearer != null && header != null && !bearer.equals(header.strip())) {
            return new Presented(null, "Two different keys were sent (Authorization and x-api-key); send one");
        }
        String key = bearer != null ? bearer : header == null ? null : header.strip();
        if (key == null || key.isEmpty()) {
            return new Presented(
                    null,
                    "No API key: send it in the Authorization header as `Bearer <key>` or in the x-api-key header");
        }
        return new Presented(key, null);
    }

    record Presented(String key, String problem) {}
}
