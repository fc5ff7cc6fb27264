package dev.vspec.command.webhooks;

import io.github.resilience4j.core.IntervalFunction;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * When a delivery whose attempt failed is tried again: after the backoff (exponential with full jitter,
 * {@link dev.vspec.command.FullJitter}), as long as that falls within {@code retryFor} of the
 * event; later than that, never (the delivery fails for good).
 */
final class DeliverySchedule {

    private final IntervalFunction backoff;
    private final Duration retryFor;

    /** @param backoff the wait in milliseconds before retry {@code n}, 1 for the first */
    DeliverySchedule(IntervalFunction backoff, Duration retryFor) {
        this.backoff = backoff;
        this.retryFor = retryFor;
    }

    /**
     * @param createdAt when the delivery was created (the event was processed)
     * @param attempts  the attempts made so far, the failed one included (1 after the first)
     * @return when to try again, or empty when the delivery fails for good
     */
    Optional<Instant> retryAfter(Instant createdAt, int attempts, Instant now) {
        Instant next = now.plusMillis(backoff.apply(attempts));
        return next.isAfter(createdAt.plus(retryFor)) ? Optional.empty() : Optional.of(next);
    }
}
