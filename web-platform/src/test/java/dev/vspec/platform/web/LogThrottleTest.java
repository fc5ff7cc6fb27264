package dev.vspec.platform.web;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vspec.testing.database.MovableClock;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class LogThrottleTest {

    private final MovableClock clock = new MovableClock(Instant.parse("2026-11-24T10:00:00Z"));
    private final LogThrottle throttle = new LogThrottle(Duration.ofMinutes(1), clock);

    @Test
    void theFirstOfAKindPassesAndTheRestOfTheIntervalAreCounted() {
        assertThat(throttle.pass("invalid_param")).isZero();
        for (int i = 0; i < 41; i++) {
            assertThat(throttle.pass("invalid_param")).isEqualTo(LogThrottle.HELD_BACK);
        }
        clock.advance(Duration.ofSeconds(59));
        assertThat(throttle.pass("invalid_param")).isEqualTo(LogThrottle.HELD_BACK);

        clock.advance(Duration.ofSeconds(1));
        long heldBack = throttle.pass("invalid_param");

        assertThat(heldBack).isEqualTo(42);
        assertThat(throttle.heldBackNote(heldBack))
                .isEqualTo(" (42 more like it since the last one logged were not logged)");
        assertThat(throttle.pass("invalid_param")).isEqualTo(LogThrottle.HELD_BACK);
    }

    @Test
    void eachKindHasItsOwnInterval() {
        assertThat(throttle.pass("invalid_param")).isZero();
        assertThat(throttle.pass("not_found")).isZero();
        assertThat(throttle.pass("not_found")).isEqualTo(LogThrottle.HELD_BACK);
        assertThat(throttle.heldBackNote(0)).isEmpty();
    }
}
