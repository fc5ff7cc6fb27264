package dev.vspec.command.webhooks;

import io.micrometer.core.instrument.MeterRegistry;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.util.Optional;

/**
 * One attempt of a claimed delivery: signed afresh (a new {@code t}, the same event id), sent, and
 * its outcome recorded with when to try again. Counted on /actuator/prometheus as
 * {@code vspec_webhooks_attempts_total{outcome}}, and deliveries that fail for good as
 * {@code vspec_webhooks_given_up_total}.
 */
final class DeliveryAttempt {

    static final String ATTEMPTS_METRIC = "vspec.webhooks.attempts";
    static final String GIVEN_UP_METRIC = "vspec.webhooks.given.up";

    private final Deliveries deliveries;
    private final WebhookSender sender;
    private final DeliverySchedule schedule;
    private final MeterRegistry meters;
    private final Clock clock;

    DeliveryAttempt(
            Deliveries deliveries, WebhookSender sender, DeliverySchedule schedule, MeterRegistry meters, Clock clock) {
        this.deliveries = deliveries;
        this.sender = sender;
        this.schedule = schedule;
        this.meters = meters;
        this.clock = clock;
    }

    void make(Deliveries.Claimed delivery) {
        byte[] body = delivery.body().getBytes(StandardCharsets.UTF_8);
        Instant attemptedAt = clock.instant();
        String signature = WebhookSigner.signature(delivery.secret(), attemptedAt.getEpochSecond(), body);
        SendOutcome outcome = sender.send(delivery.url(), delivery.eventId(), signature, body);
        Optional<Instant> retryAt = outcome.delivered()
                ? Optional.empty()
                : schedule.retryAfter(delivery.createdAt(), delivery.attempt(), clock.instant());
        deliveries.record(delivery, outcome, attemptedAt, retryAt);
        meters.counter(ATTEMPTS_METRIC, "outcome", outcome.outcome()).increment();
        if (!outcome.delivered() && retryAt.isEmpty()) {
            meters.counter(GIVEN_UP_METRIC).increment();
        }
    }
}
