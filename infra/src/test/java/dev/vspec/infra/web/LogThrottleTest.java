package dev.vspec.infra.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

class LogThrottleTest {

    private Instant now = Instant.parse("2026-11-24T10:00:00Z");
    private final LogThrottle throttle = new LogThrottle(Duration.ofMinutes(1), new Clock() {
        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }
    });

    @Test
    void theFirstOfAKindPassesAndTheRestOfTheIntervalAreCounted() {
        assertThat(throttle.pass("invalid_param")).isZero();
        for (int i = 0; i < 41; i++) {
            assertThat(throttle.pass("invalid_param")).isEqualTo(LogThrottle.HELD_BACK);
        }
        now = now.plusSeconds(59);
        assertThat(throttle.pass("invalid_param")).isEqualTo(LogThrottle.HELD_BACK);

        now = now.plusSeconds(1);
        long heldBack = throttle.pass("invalid_param");

        assertThat(heldBack).isEqualTo(42);
        assertThat(throttle.heldBackNote(heldBack)).isEqualTo(" (42 more like it since the last one logged were not logged)");
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
