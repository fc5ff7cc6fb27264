package dev.vspec.command.webhooks;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vspec.command.FullJitter;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** Retries back off exponentially with full jitter, capped, and stop once the window after the event closes. */
class DeliveryScheduleTest {

    private static final Instant CREATED = Instant.parse("2026-03-01T12:00:00Z");
    private static final Duration BASE = Duration.ofSeconds(10);
    private static final Duration CAP = Duration.ofHours(1);
    private static final Duration WINDOW = Duration.ofHours(24);

    private static DeliverySchedule drawing(double share) {
        return new DeliverySchedule(FullJitter.backoff(BASE, CAP, () -> share), WINDOW);
    }

    @Test
    void theLongestWaitDoublesFromTheBaseUpToTheCap() {
        DeliverySchedule longest = drawing(Math.nextDown(1.0));

        assertThat(Duration.between(
                        CREATED, longest.retryAfter(CREATED, 1, CREATED).orElseThrow()))
                .isBetween(Duration.ofMillis(9_999), BASE);
        assertThat(Duration.between(
                        CREATED, longest.retryAfter(CREATED, 4, CREATED).orElseThrow()))
                .isBetween(Duration.ofMillis(79_999), Duration.ofSeconds(80));
        assertThat(Duration.between(
                        CREATED, longest.retryAfter(CREATED, 30, CREATED).orElseThrow()))
                .isBetween(CAP.minusMillis(1), CAP);
    }

    @Test
    void fullJitterDrawsTheWaitFromZeroToItsBound() {
        assertThat(drawing(0).retryAfter(CREATED, 5, CREATED)).contains(CREATED);
        assertThat(drawing(0.5).retryAfter(CREATED, 5, CREATED)).contains(CREATED.plusSeconds(80));
    }

    @Test
    void aRetryThatWouldFallAfterTheWindowIsNotMade() {
        Instant late = CREATED.plus(WINDOW).minusSeconds(30);

        assertThat(drawing(0.5).retryAfter(CREATED, 20, late)).isEmpty();
        assertThat(drawing(0).retryAfter(CREATED, 20, late)).contains(late);
    }

    @Test
    void aReceiverDownForAnHourIsTriedAgainWithinTheCapOfItsReturn() {
        // every wait is at most the cap, so attempts keep coming through the whole window
        DeliverySchedule longest = drawing(Math.nextDown(1.0));
        Instant now = CREATED;
        int attempts = 0;
        while (true) {
            var next = longest.retryAfter(CREATED, ++attempts, now);
            if (next.isEmpty()) {
                break;
            }
            assertThat(Duration.between(now, next.get())).isLessThanOrEqualTo(CAP);
            now = next.get();
        }
        assertThat(Duration.between(CREATED, now)).isGreaterThan(WINDOW.minus(CAP));
        assertThat(attempts).isBetween(25, 40);
    }
}
