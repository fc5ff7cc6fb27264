package dev.vspec.command.enrichment.vendor;

import dev.vspec.command.FullJitter;
import dev.vspec.command.enrichment.vendor.CatalogSource.UpstreamUnavailable;
import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import io.github.resilience4j.circuitbreaker.CircuitBreakerConfig;
import io.github.resilience4j.circuitbreaker.CircuitBreakerRegistry;
import io.github.resilience4j.core.IntervalBiFunction;
import io.github.resilience4j.core.IntervalFunction;
import io.github.resilience4j.retry.Retry;
import io.github.resilience4j.retry.RetryConfig;
import io.github.resilience4j.retry.RetryRegistry;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.function.DoubleSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How often and how long the catalog vendor is asked. A lookup makes up to {@code max-attempts} requests;
 * only a transient failure is retried, after an exponential backoff with full jitter ({@link FullJitter}),
 * or after the vendor's Retry-After when that is within the backoff cap. A circuit breaker shared by all
 * lookups counts transient failures in a row; once open, lookups fail at once without a request.
 *
 * <p>The retries are a Resilience4j {@link Retry} driven through its {@link Retry.AsyncContext}: it decides
 * whether and how long to wait and counts the lookups for metrics, and the caller waits itself, since
 * Resilience4j's blocking retry sleeps through one JVM-wide function.
 */
final class VendorPolicy {

    private static final Logger log = LoggerFactory.getLogger(VendorPolicy.class);

    private final int maxAttempts;
    private final Duration backoffCap;
    private final Retry retry;
    private final CircuitBreaker breaker;
    private final Clock clock;
    private volatile Instant openUntil;

    VendorPolicy(
            VendorProperties vendor,
            CircuitBreakerRegistry breakers,
            RetryRegistry retries,
            Clock clock,
            DoubleSupplier random) {
        this.maxAttempts = vendor.maxAttempts();
        this.backoffCap = vendor.backoffCap();
        this.retry = retries.retry(
                HttpCatalogSource.RETRY,
                retryConfig(vendor, FullJitter.backoff(vendor.backoffBase(), vendor.backoffCap(), random)));
        this.breaker = breakers.circuitBreaker(HttpCatalogSource.BREAKER, breakerConfig(vendor, clock));
        this.clock = clock;
        breaker.getEventPublisher().onStateTransition(event -> {
            CircuitBreaker.State to = event.getStateTransition().getToState();
            if (to == CircuitBreaker.State.OPEN) {
                openUntil = clock.instant().plus(vendor.breakerOpenDuration());
                log.warn(
                        "Circuit breaker of the catalog vendor is open after {} failures in a row: lookups fail without"
                                + " reaching it until {}",
                        vendor.breakerFailureThreshold(),
                        openUntil);
            } else {
                log.info(
                        "Circuit breaker of the catalog vendor is {}",
                        to == CircuitBreaker.State.HALF_OPEN
                                ? "half-open: one trial call goes through"
                                : to.toString().toLowerCase(Locale.ROOT));
            }
        });
    }

    CircuitBreaker circuitBreaker() {
        return breaker;
    }

    /** The way of one lookup about {@code subject} (named in logs) through the breaker and the retry. */
    Lookup lookup(String subject) {
        return new Lookup(subject, retry.asyncContext());
    }

    /**
     * One lookup's attempts. Every end but an interruption is told to the retry's context, so each lookup
     * counts once in the retry's metrics.
     */
    final class Lookup {

        private final String subject;
        private final Retry.AsyncContext<Object> retrying;
        private int attempt;

        private Lookup(String subject, Retry.AsyncContext<Object> retrying) {
            this.subject = subject;
            this.retrying = retrying;
        }

        /** Before each request: the breaker's permission, else the lookup ends at once. */
        void permit() {
            attempt++;
            if (!breaker.tryAcquirePermission()) {
                throw ended(breakerOpen());
            }
        }

        /** The request ended without an outcome (interrupted): the permission goes back unused. */
        void abandon() {
            breaker.releasePermission();
        }

        /** An answer that is not a transient failure, however it is read: the vendor works. */
        void answered(long nanos) {
            breaker.onSuccess(nanos, TimeUnit.NANOSECONDS);
        }

        void completed() {
            retrying.onComplete();
        }

        /** {@code failure}, once the retry has counted the lookup it ends: as failed without retry. */
        <E extends RuntimeException> E ended(E failure) {
            retrying.onError(failure);
            return failure;
        }

        /**
         * A transient failure of the request that took {@code nanos}: the wait before the next attempt.
         *
         * @throws UpstreamUnavailable when no attempt is left, the vendor asked to wait beyond the cap, or the breaker
         *                             has opened
         */
        Duration failed(VendorAttempt outcome, long nanos) {
            VendorFailure failure = new VendorFailure(outcome.problem(), outcome.retryAfter(clock));
            breaker.onError(nanos, TimeUnit.NANOSECONDS, failure);
            log.warn(
                    "Catalog vendor: request {} of {} for {} failed: {}",
                    attempt,
                    maxAttempts,
                    subject,
                    outcome.detail());
            // the breaker stops only a retry that would be made: the last attempt and a Retry-After beyond the
            // cap keep their own messages
            if (attempt < maxAttempts && failure.waitsWithin(backoffCap) && refusing()) {
                throw ended(breakerOpen());
            }
            long wait = retrying.onError(failure);
            if (wait < 0 && attempt == maxAttempts) {
                throw new UpstreamUnavailable(
                        "no usable answer after " + maxAttempts + " requests; the last: " + outcome.problem(),
                        outcome.cause());
            }
            if (wait < 0) {
                throw new UpstreamUnavailable(
                        "the vendor asked to come back later than " + backoffCap + " (Retry-After); gave up after "
                                + attempt + " requests",
                        null);
            }
            return Duration.ofMillis(wait);
        }
    }

    /** Whether the breaker refuses calls now; once its open duration has passed, the next call is its trial. */
    private boolean refusing() {
        Instant until = openUntil;
        return breaker.getState() == CircuitBreaker.State.OPEN
                && until != null
                && clock.instant().isBefore(until);
    }

    private UpstreamUnavailable breakerOpen() {
        Instant until = breaker.getState() == CircuitBreaker.State.OPEN ? openUntil : null;
        return new UpstreamUnavailable(
                "the vendor failed repeatedly; lookups are paused" + (until == null ? "" : " until " + until), null);
    }

    /**
     * At most {@code maxAttempts} requests; only a transient failure is retried, and only when the vendor's
     * Retry-After, if any, is within the backoff cap. The wait is that Retry-After, else {@code backoff}.
     * Anything else that ends a lookup (a refused answer, an open breaker) counts as failed without retry.
     */
    private static RetryConfig retryConfig(VendorProperties vendor, IntervalFunction backoff) {
        Duration cap = vendor.backoffCap();
        IntervalBiFunction<Object> waits = (retry, outcome) ->
                outcome.isLeft() && outcome.getLeft() instanceof VendorFailure failure && failure.retryAfter != null
                        ? failure.retryAfter.toMillis()
                        : backoff.apply(retry);
        return RetryConfig.custom()
                .maxAttempts(vendor.maxAttempts())
                .retryOnException(e -> e instanceof VendorFailure failure && failure.waitsWithin(cap))
                .intervalBiFunction(waits)
                .build();
    }

    /**
     * Opens after {@code breakerFailureThreshold} failures in a row (the last that many calls all failed), refuses
     * calls for {@code breakerOpenDuration}, then lets one trial call through, whose success closes it and whose
     * failure opens it again. Refused answers (4xx other than 408, 425 and 429) are not failures of the vendor.
     */
    private static CircuitBreakerConfig breakerConfig(VendorProperties vendor, Clock clock) {
        int threshold = vendor.breakerFailureThreshold();
        return CircuitBreakerConfig.custom()
                .slidingWindow(threshold, threshold, CircuitBreakerConfig.SlidingWindowType.COUNT_BASED)
                .failureRateThreshold(100)
                .waitDurationInOpenState(vendor.breakerOpenDuration())
                .permittedNumberOfCallsInHalfOpenState(1)
                .clock(clock)
                .build();
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
}
