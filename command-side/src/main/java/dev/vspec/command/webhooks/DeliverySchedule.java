package dev.vspec.command.webhooks;

import dev.vspec.command.enrichment.vendor.Backoff;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * When a delivery whose attempt failed is tried again: after an exponential backoff with full
 * jitter, as long as that falls within {@code retryFor} of the event; later than that, never (the
 * delivery fails for good).
 */
final class DeliverySchedule {

    private final Backoff backoff;
    private final Duration retryFor;

    DeliverySchedule(Backoff backoff, Duration retryFor) {
        this.backoff = backoff;
        this.retryFor = retryFor;
    }

    /**
     * @param createdAt when the delivery was created (the event was processed)
     * @param attempts  the attempts made so far, the failed one included (1 after the first)
     * @return when to try again, or empty when the delivery fails for good
     */
    Optional<Instant> retryAfter(Instant createdAt, int attempts, Instant now) {
        Instant next = now.plus(backoff.delay(attempts));
        return next.isAfter(createdAt.plus(retryFor)) ? Optional.empty() : Optional.of(next);
    }
}
