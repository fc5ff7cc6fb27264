package dev.vspec.sandbox.web;

import dev.vspec.access.Admission;
import dev.vspec.access.ApiAccessFilter;
import dev.vspec.access.RetryAfter;
import dev.vspec.access.SharedBudgets;
import dev.vspec.access.Window;
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
import java.util.Locale;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The sandbox's limits per client address (the connection's peer, or behind the gateway the address Tomcat read from
 * its X-Forwarded-For; an IPv6 client by its /64):
 * requests per UTC minute and per UTC day, both counted in PostgreSQL so every instance shares
 * them, one token per request so the count is exact. Every request counts, whatever its answer,
 * a CORS preflight too (a browser keeps one for ten minutes). Every
 * response carries the budget headers.
 */
final class SandboxLimits extends SandboxFilter {

    static final String POLICY = "RateLimit-Policy";
    static final String LIMIT = "RateLimit-Limit";
    static final String REMAINING = "RateLimit-Remaining";
    static final String RESET = "RateLimit-Reset";
    /** A lease of one token per round trip: exact across instances, which a 30-request limit needs. */
    private static final long ONE_TOKEN_LEASES = Long.MAX_VALUE;

    private static final Logger log = LoggerFactory.getLogger(SandboxLimits.class);

    private final SharedBudgets budgets;
    private final SandboxProperties properties;
    private final ApiErrorResponses errors;
    private final Clock clock;

    SandboxLimits(SharedBudgets budgets, SandboxProperties properties, ApiErrorResponses errors, Clock clock) {
        this.budgets = budgets;
        this.properties = properties;
        this.errors = errors;
        this.clock = clock;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        // what Tomcat read from X-Forwarded-For may be any text a trusted proxy passed on
        String client = request.getRemoteAddr();
        Verdict verdict;
        try {
            verdict = take(client);
        } catch (RuntimeException e) {
            log.error("The sandbox's limits cannot be read from the database", e);
            errors.write(
                    request,
                    response,
                    ApiError.of(
                            ErrorCode.SERVICE_UNAVAILABLE,
                            "The sandbox's limits cannot be checked right now (the database does not answer); retry shortly"));
            return;
        }
        Instant now = clock.instant();
        writeHeaders(response, verdict, now);
        if (verdict.refused() != null) {
            Admission refused = verdict.refused();
            long wait = RetryAfter.seconds(Duration.between(now, refused.windowEnd()));
            response.setHeader(ApiAccessFilter.RETRY_AFTER, Long.toString(wait));
            String window = refused == verdict.minute() ? "minute" : "day (UTC)";
            errors.write(
                    request,
                    response,
                    ApiError.of(
                            ErrorCode.RATE_LIMITED,
                            "The sandbox allows " + refused.limit() + " requests per " + window
                                    + " from one address; retry in " + wait + " s"));
            return;
        }
        chain.doFilter(request, response);
    }

    private Verdict take(String client) {
        Admission minute = budgets.take(
                subject(client, Window.MINUTE), properties.requestsPerMinute(), Window.MINUTE, ONE_TOKEN_LEASES);
        if (!minute.admitted()) {
            Admission day = budgets.peek(subject(client, Window.DAY), properties.requestsPerDay(), Window.DAY);
            // when both are spent, the wait is the day's
            return new Verdict(minute, day, day.admitted() ? minute : day);
        }
        Admission day =
                budgets.take(subject(client, Window.DAY), properties.requestsPerDay(), Window.DAY, ONE_TOKEN_LEASES);
        return new Verdict(minute, day, day.admitted() ? null : day);
    }

    static String subject(String client, Window window) {
        return "sandbox:address:" + BudgetAddress.of(client) + ":"
                + window.name().toLowerCase(Locale.ROOT);
    }

    /**
     * {@code X-RateLimit-*} tell the per-minute budget, as on the live API; {@code RateLimit-Policy}
     * lists both, and {@code RateLimit-*} tell the one nearer to running out.
     */
    private void writeHeaders(HttpServletResponse response, Verdict verdict, Instant now) {
        Admission minute = verdict.minute();
        response.setHeader(ApiAccessFilter.RATE_LIMIT, Long.toString(minute.limit()));
        response.setHeader(ApiAccessFilter.RATE_REMAINING, Long.toString(minute.remaining()));
        response.setHeader(
                ApiAccessFilter.RATE_RESET, Long.toString(minute.windowEnd().getEpochSecond()));
        response.setHeader(
                POLICY, properties.requestsPerMinute() + ";w=60, " + properties.requestsPerDay() + ";w=86400");
        Admission nearer = verdict.day().remaining() < minute.remaining() ? verdict.day() : minute;
        response.setHeader(LIMIT, Long.toString(nearer.limit()));
        response.setHeader(REMAINING, Long.toString(nearer.remaining()));
        response.setHeader(RESET, Long.toString(RetryAfter.seconds(Duration.between(now, nearer.windowEnd()))));
    }

    /** Both budgets after this request, and the one that refused it, if one did. */
    private record Verdict(Admission minute, Admission day, Admission refused) {}
}
