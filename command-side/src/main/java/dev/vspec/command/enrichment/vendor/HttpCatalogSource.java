package dev.vspec.command.enrichment.vendor;

import dev.vspec.command.enrichment.CatalogSource;
import dev.vspec.command.enrichment.UpstreamConfiguration;
import dev.vspec.contracts.catalog.FactSource;
import dev.vspec.contracts.identity.Vin;
import dev.vspec.decoder.CatalogIdentity;
import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import io.github.resilience4j.circuitbreaker.CircuitBreakerConfig;
import io.github.resilience4j.circuitbreaker.CircuitBreakerRegistry;
import io.github.resilience4j.core.IntervalBiFunction;
import io.github.resilience4j.core.IntervalFunction;
import io.github.resilience4j.retry.Retry;
import io.github.resilience4j.retry.RetryConfig;
import io.github.resilience4j.retry.RetryRegistry;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.net.ConnectException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandler;
import java.net.http.HttpResponse.BodySubscribers;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.DoubleSupplier;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The HTTP catalog vendor of {@code docs/vendor-contract.md}: {@code GET {base-url}/v1/vins/{VIN}}
 * answers a catalog document of the VIN's configuration (200) or that the VIN is unknown (404), and
 * {@code GET {base-url}/v1/configurations?year=...} likewise for the configuration of an identity.
 *
 * <p>Each request is bounded by the request timeout; a transient failure (no connection, no answer
 * in time, 408, 425, 429, 5xx) is retried up to {@code max-attempts} requests in all, after an
 * exponential backoff with full jitter ({@link FullJitter}), or after the vendor's Retry-After when that is
 * within the backoff cap. So one lookup ends within {@link VendorProperties#longestLookup()}, with an answer,
 * {@link UpstreamUnavailable} or {@link UpstreamRefused}. A circuit breaker shared by all lookups
 * (Resilience4j's, {@link #breakerConfig}) counts transient failures in a row; once open, lookups fail at
 * once without a request.
 *
 * <p>The retries are a Resilience4j {@link Retry} ({@link #retryConfig}), driven through its
 * {@link Retry.AsyncContext}: it decides whether and how long to wait and counts the lookups for metrics, and
 * the wait itself is this adapter's {@link Sleeper}, since Resilience4j's blocking retry sleeps through one
 * JVM-wide function.
 *
 * <p>Both lookups go through the same attempts, waits and breaker. A 200 answer is used only when it
 * is the contract's document about what was asked ({@link VendorDocuments}); anything else is refused,
 * and a refusal's message never repeats the answer. The token is sent, never logged.
 *
 * <p>A lookup whose thread is interrupted (the service stopping) ends with a
 * {@link CancellationException}, not as the vendor's failure, so the job is not failed for it.
 */
public final class HttpCatalogSource implements CatalogSource {

    /** The largest answer read; one configuration's document is some tens of KiB. */
    static final int MAX_ANSWER_BYTES = 4 * 1024 * 1024;

    private static final Logger log = LoggerFactory.getLogger(HttpCatalogSource.class);
    private static final BodyHandler<byte[]> BODY = answer -> answer.statusCode() == 200
            ? new BoundedBody(MAX_ANSWER_BYTES) : BodySubscribers.replacing(new byte[0]);

    /** Waits between attempts; tests pass one that only records the wait. */
    interface Sleeper {
        void sleep(Duration duration) throws InterruptedException;
    }

    private final String baseUrl;
    private final String name;
    private final String authorization;
    private final Duration requestTimeout;
    private final int maxAttempts;
    private final HttpClient client;
    private final Duration backoffCap;
    private final Retry retry;
    private final CircuitBreaker breaker;
    private volatile Instant openUntil;
    private final Clock clock;
    private final MeterRegistry meters;
    private final Sleeper sleeper;
    private final VendorDocuments documents = new VendorDocuments();

    /**
     * @param breakers where its breaker is kept, as {@link #BREAKER}, for metrics to find
     * @param retries  where its retry is kept, as {@link #RETRY}, for metrics to find
     * @param meters   where each request is timed, as {@value #REQUESTS_METRIC}
     */
    public HttpCatalogSource(VendorProperties vendor, CircuitBreakerRegistry breakers, RetryRegistry retries,
            MeterRegistry meters) {
        this(vendor, breakers, retries, meters, Clock.systemUTC(), () -> ThreadLocalRandom.current().nextDouble(),
                duration -> TimeUnit.NANOSECONDS.sleep(duration.toNanos()));
    }

    HttpCatalogSource(VendorProperties vendor, CircuitBreakerRegistry breakers, RetryRegistry retries,
            MeterRegistry meters, Clock clock, DoubleSupplier random, Sleeper sleeper) {
        if (vendor.baseUrl() == null) {
            throw new IllegalArgumentException("The HTTP catalog vendor needs vspec.enrichment.vendor.base-url");
        }
        this.baseUrl = vendor.baseUrl();
        this.name = vendor.displayName();
        this.authorization = vendor.token() == null ? null : "Bearer " + vendor.token();
        this.requestTimeout = vendor.requestTimeout();
        this.maxAttempts = vendor.maxAttempts();
        this.client = HttpClient.newBuilder()
                .connectTimeout(vendor.connectTimeout())
                .followRedirects(HttpClient.Redirect.NEVER)
                .version(HttpClient.Version.HTTP_1_1)
                .build();
        this.backoffCap = vendor.backoffCap();
        this.retry = retries.retry(RETRY, retryConfig(vendor, FullJitter.backoff(vendor.backoffBase(),
                vendor.backoffCap(), random)));
        this.breaker = breakers.circuitBreaker(BREAKER, breakerConfig(vendor, clock));
        this.clock = clock;
        this.meters = meters;
        breaker.getEventPublisher().onStateTransition(event -> {
            CircuitBreaker.State to = event.getStateTransition().getToState();
            if (to == CircuitBreaker.State.OPEN) {
                openUntil = clock.instant().plus(vendor.breakerOpenDuration());
                log.warn("Circuit breaker of the catalog vendor is open after {} failures in a row: lookups fail without"
                        + " reaching it until {}", vendor.breakerFailureThreshold(), openUntil);
            } else {
                log.info("Circuit breaker of the catalog vendor is {}", to == CircuitBreaker.State.HALF_OPEN
                        ? "half-open: one trial call goes through" : to.toString().toLowerCase(java.util.Locale.ROOT));
            }
        });
        this.sleeper = sleeper;
        log.info("Catalog vendor: HTTP at {} ({}), up to {} requests of at most {} per lookup, a lookup at most {}",
                baseUrl, authorization == null ? "no token" : "with a token", maxAttempts, requestTimeout,
                vendor.longestLookup());
    }

    @Override
    public Optional<UpstreamConfiguration> findByVin(Vin vin) {
        String subject = "VIN " + vin;
        return lookUp("vin", subject, request("/v1/vins/" + vin.value()),
                (body, source) -> documents.aboutVin(subject, vin, body, source));
    }

    /**
     * The vendor's configuration of {@code identity}, without VIN links or service histories: the
     * enrichment links {@code vin} itself, as vPIC decodes it.
     */
    @Override
    public Optional<UpstreamConfiguration> findByIdentity(CatalogIdentity identity, Vin vin) {
        String subject = "configuration " + identity.label();
        return lookUp("identity", subject, request("/v1/configurations?" + query(identity)),
                (body, source) -> documents.aboutIdentity(subject, identity, vin, body, source));
    }

    /** Reads a 200 answer's body into the configuration it tells, or refuses it. */
    private interface Reading {
        UpstreamConfiguration read(byte[] body, FactSource source);
    }

    /**
     * Asks until an answer, within the attempts, the backoff, the vendor's Retry-After and the breaker. Every end
     * but an interruption is told to the retry's context, so each lookup counts once in the retry's metrics.
     */
    private Optional<UpstreamConfiguration> lookUp(String lookup, String subject, HttpRequest request, Reading reading) {
        Retry.AsyncContext<Object> retrying = retry.asyncContext();
        for (int attempt = 1; ; attempt++) {
            if (!breaker.tryAcquirePermission()) {
                throw ended(retrying, breakerOpen());
            }
            Attempt outcome;
            long started = System.nanoTime();
            try {
                outcome = exchange(request);
            } catch (RuntimeException e) {
                breaker.releasePermission();
                throw e;
            }
            long took = System.nanoTime() - started;
            Timer.builder(REQUESTS_METRIC).description("Requests to the catalog vendor, by lookup and outcome")
                    .tag("lookup", lookup).tag("outcome", outcome.tag()).register(meters).record(took, TimeUnit.NANOSECONDS);
            if (!outcome.failedTransiently()) {
                breaker.onSuccess(took, TimeUnit.NANOSECONDS);
                Optional<UpstreamConfiguration> answer;
                try {
                    answer = answer(subject, outcome.response(), TimeUnit.NANOSECONDS.toMillis(took), reading);
                } catch (RuntimeException refused) {
                    throw ended(retrying, refused);
                }
                retrying.onComplete();
                return answer;
            }
            VendorFailure failure = new VendorFailure(outcome.problem(),
                    outcome.response() == null ? null : retryAfter(outcome.response()));
            breaker.onError(took, TimeUnit.NANOSECONDS, failure);
            log.warn("Catalog vendor: request {} of {} for {} failed: {}", attempt, maxAttempts, subject,
                    outcome.detail());
            // the breaker stops only a retry that would be made: the last attempt and a Retry-After beyond the
            // cap keep their own messages
            if (attempt < maxAttempts && failure.waitsWithin(backoffCap) && refusing()) {
                throw ended(retrying, breakerOpen());
            }
            long wait = retrying.onError(failure);
            if (wait < 0 && attempt == maxAttempts) {
                throw new UpstreamUnavailable("no usable answer after " + maxAttempts + " requests; the last: "
                        + outcome.problem(), outcome.cause());
            }
            if (wait < 0) {
                throw new UpstreamUnavailable("the vendor asked to come back later than " + backoffCap
                        + " (Retry-After); gave up after " + attempt + " requests", null);
            }
            pause(Duration.ofMillis(wait));
        }
    }

    /**
     * {@code failure}, once the retry has counted the lookup it ends: as failed without retry, since the retry's
     * policy retries only a {@link VendorFailure}.
     */
    private static <E extends RuntimeException> E ended(Retry.AsyncContext<Object> retrying, E failure) {
        retrying.onError(failure);
        return failure;
    }

    private HttpRequest request(String pathAndQuery) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(baseUrl + pathAndQuery))
                .timeout(requestTimeout)
                .header("Accept", "application/json")
                .GET();
        if (authorization != null) {
            request.header("Authorization", authorization);
        }
        return request.build();
    }

    /** The identity's parameters; drivetrain only when known. */
    private static String query(CatalogIdentity identity) {
        Map<String, String> parameters = new LinkedHashMap<>();
        parameters.put("year", String.valueOf(identity.year()));
        parameters.put("make", identity.make());
        parameters.put("model", identity.model());
        parameters.put("trim", identity.trim());
        parameters.put("engine_code", identity.engineCode());
        if (identity.drivetrain() != null) {
            parameters.put("drivetrain", identity.drivetrain());
        }
        return parameters.entrySet().stream()
                .map(parameter -> parameter.getKey() + "=" + encoded(parameter.getValue()))
                .collect(Collectors.joining("&"));
    }

    /** UTF-8 percent-encoding with a space as {@code %20}, which reads the same whether a vendor decodes '+' or not. */
    private static String encoded(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20");
    }

    /** One request and its whole answer, bounded by the request timeout. */
    private Attempt exchange(HttpRequest request) {
        CompletableFuture<HttpResponse<byte[]>> exchange = client.sendAsync(request, BODY);
        try {
            return Attempt.answered(exchange.get(requestTimeout.toNanos(), TimeUnit.NANOSECONDS));
        } catch (TimeoutException e) {
            exchange.cancel(true);
            return Attempt.failed("timeout", noAnswerInTime(), e);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof HttpConnectTimeoutException || cause instanceof ConnectException) {
                return Attempt.failed("connect_failed", "could not connect", cause);
            }
            if (cause instanceof HttpTimeoutException) {
                return Attempt.failed("timeout", noAnswerInTime(), cause);
            }
            return Attempt.failed("connection_failed", "the connection failed", cause);
        } catch (InterruptedException e) {
            exchange.cancel(true);
            throw interrupted(e);
        }
    }

    private String noAnswerInTime() {
        return "no answer within " + requestTimeout;
    }

    /** The answer to a request that took {@code responseMillis}, which the facts it records carry. */
    private Optional<UpstreamConfiguration> answer(String subject, HttpResponse<byte[]> response, long responseMillis,
            Reading reading) {
        int status = response.statusCode();
        if (status == 404) {
            return Optional.empty();
        }
        if (status != 200) {
            if (status == 401 || status == 403) {
                log.error("Catalog vendor refuses vspec's credentials (HTTP {}): check vspec.enrichment.vendor.token"
                        + " (VSPEC_VENDOR_TOKEN)", status);
            }
            throw VendorDocuments.refused(subject, "the vendor answered HTTP " + status + "; the contract answers 200 or 404");
        }
        if (response.body() == null) {
            throw VendorDocuments.refused(subject, "the answer is larger than " + MAX_ANSWER_BYTES + " bytes");
        }
        return Optional.of(reading.read(response.body(), FactSource.vendor(name, responseMillis)));
    }

    /** Retry-After as seconds or as an HTTP date; null when absent or unreadable. */
    private Duration retryAfter(HttpResponse<byte[]> response) {
        String value = response.headers().firstValue("Retry-After").map(String::strip).orElse(null);
        if (value == null || value.isEmpty()) {
            return null;
        }
        try {
            if (value.chars().allMatch(c -> c >= '0' && c <= '9')) {
                return Duration.ofSeconds(Long.parseLong(value));
            }
            Instant at = ZonedDateTime.parse(value, DateTimeFormatter.RFC_1123_DATE_TIME).toInstant();
            Duration until = Duration.between(clock.instant(), at);
            return until.isNegative() ? Duration.ZERO : until;
        } catch (NumberFormatException | DateTimeParseException e) {
            return null;
        }
    }

    /** Whether the breaker refuses calls now; once its open duration has passed, the next call is its trial. */
    private boolean refusing() {
        Instant until = openUntil;
        return breaker.getState() == CircuitBreaker.State.OPEN && until != null && clock.instant().isBefore(until);
    }

    private UpstreamUnavailable breakerOpen() {
        Instant until = breaker.getState() == CircuitBreaker.State.OPEN ? openUntil : null;
        return new UpstreamUnavailable("the vendor failed repeatedly; lookups are paused"
                + (until == null ? "" : " until " + until), null);
    }

    private void pause(Duration wait) {
        try {
            sleeper.sleep(wait);
        } catch (InterruptedException e) {
            throw interrupted(e);
        }
    }

    private static CancellationException interrupted(InterruptedException e) {
        Thread.currentThread().interrupt();
        CancellationException cancelled = new CancellationException("interrupted while asking the catalog vendor");
        cancelled.initCause(e);
        return cancelled;
    }

    /** Every request's time, as {@code vspec_vendor_requests_seconds{lookup="vin"|"identity", outcome="200"|"503"|"timeout"|...}}. */
    public static final String REQUESTS_METRIC = "vspec.vendor.requests";

    /** The name of the vendor's retry in metrics ({@code resilience4j_retry_calls_total{name="catalog-vendor", kind}}). */
    public static final String RETRY = "catalog-vendor";

    /**
     * At most {@code maxAttempts} requests; only a transient failure is retried, and only when the vendor's
     * Retry-After, if any, is within the backoff cap. The wait is that Retry-After, else {@code backoff}.
     * Anything else that ends a lookup (a refused answer, an open breaker) counts as failed without retry.
     */
    static RetryConfig retryConfig(VendorProperties vendor, IntervalFunction backoff) {
        Duration cap = vendor.backoffCap();
        IntervalBiFunction<Object> waits = (retry, outcome) -> outcome.isLeft()
                && outcome.getLeft() instanceof VendorFailure failure && failure.retryAfter != null
                ? failure.retryAfter.toMillis() : backoff.apply(retry);
        return RetryConfig.custom()
                .maxAttempts(vendor.maxAttempts())
                .retryOnException(e -> e instanceof VendorFailure failure && failure.waitsWithin(cap))
                .intervalBiFunction(waits)
                .build();
    }

    /** The name of the vendor's breaker in metrics ({@code resilience4j_circuitbreaker_state{name="catalog-vendor"}}) and health. */
    public static final String BREAKER = "catalog-vendor";

    /**
     * Opens after {@code breakerFailureThreshold} failures in a row (the last that many calls all failed), refuses
     * calls for {@code breakerOpenDuration}, then lets one trial call through, whose success closes it and whose
     * failure opens it again. Refused answers (4xx other than 408, 425 and 429) are not failures of the vendor.
     */
    static CircuitBreakerConfig breakerConfig(VendorProperties vendor, Clock clock) {
        int threshold = vendor.breakerFailureThreshold();
        return CircuitBreakerConfig.custom()
                .slidingWindow(threshold, threshold, CircuitBreakerConfig.SlidingWindowType.COUNT_BASED)
                .failureRateThreshold(100)
                .waitDurationInOpenState(vendor.breakerOpenDuration())
                .permittedNumberOfCallsInHalfOpenState(1)
                .clock(clock)
                .build();
    }

    /** The breaker every lookup goes through, for its metrics and health. */
    public CircuitBreaker circuitBreaker() {
        return breaker;
    }

    /** The retry through which every lookup goes, for its metrics and events. */
    public Retry retry() {
        return retry;
    }

    /** A request that got no usable answer, as the breaker and the retry record it (the lookup reports it itself). */
    private static final class VendorFailure extends Exception {

        /** The vendor's Retry-After, or null without a readable one. */
        private final Duration retryAfter;

        VendorFailure(String problem, Duration retryAfter) {
            super(problem, null, false, false);
            this.retryAfter = retryAfter;
        }

        /** Whether a retry may wait as the vendor asked: it asked nothing, or not beyond {@code cap}. */
        boolean waitsWithin(Duration cap) {
            return retryAfter == null || retryAfter.compareTo(cap) <= 0;
        }
    }

    /** One request's outcome: an answer with any status, or none (problem for the job, detail for the log). */
    private record Attempt(HttpResponse<byte[]> response, String kind, String failure, Throwable cause) {

        static Attempt answered(HttpResponse<byte[]> response) {
            return new Attempt(response, null, null, null);
        }

        /** @param kind the failure as metrics name it: timeout, connect_failed or connection_failed */
        static Attempt failed(String kind, String failure, Throwable cause) {
            return new Attempt(null, kind, failure, cause);
        }

        /** The answer's status code, or the kind of failure that left none. */
        String tag() {
            return response != null ? Integer.toString(response.statusCode()) : kind;
        }

        /** No answer, or one of 408, 425, 429 and 5xx, which a later request may not get. */
        boolean failedTransiently() {
            if (response == null) {
                return true;
            }
            int status = response.statusCode();
            return status == 408 || status == 425 || status == 429 || (status >= 500 && status <= 599);
        }

        String problem() {
            return response != null ? "HTTP " + response.statusCode() : failure;
        }

        /** For the log: the problem with its cause, whose class tells an operator what failed (never for a job's answer). */
        String detail() {
            return cause == null ? problem() : problem() + ": " + cause;
        }
    }
}
