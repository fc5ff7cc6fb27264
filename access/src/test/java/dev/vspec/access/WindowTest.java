package dev.vspec.access;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class WindowTest {

    @Test
    void aMinuteEndsAtTheNextWholeMinute() {
        Instant now = Instant.parse("2026-11-21T10:15:42.250Z");
        long index = Window.MINUTE.index(now);

        assertThat(Window.MINUTE.end(index)).isEqualTo(Instant.parse("2026-11-21T10:16:00Z"));
        assertThat(Window.MINUTE.index(Instant.parse("2026-11-21T10:15:00Z"))).isEqualTo(index);
        assertThat(Window.MINUTE.index(Instant.parse("2026-11-21T10:16:00Z"))).isEqualTo(index + 1);
        assertThat(secondsLeft(Window.MINUTE, now)).isEqualTo(18);
    }

    @Test
    void aMonthEndsOnTheFirstOfTheNextInUtc() {
        assertThat(Window.MONTH.end(Window.MONTH.index(Instant.parse("2026-11-21T10:15:42Z"))))
                .isEqualTo(Instant.parse("2026-12-01T00:00:00Z"));
        assertThat(Window.MONTH.end(Window.MONTH.index(Instant.parse("2026-12-31T23:59:59Z"))))
                .isEqualTo(Instant.parse("2027-01-01T00:00:00Z"));
        assertThat(Window.MONTH.end(Window.MONTH.index(Instant.parse("2028-02-29T12:00:00Z"))))
                .isEqualTo(Instant.parse("2028-03-01T00:00:00Z"));
        assertThat(Window.MONTH.index(Instant.parse("2027-01-01T00:00:00Z")))
                .isEqualTo(Window.MONTH.index(Instant.parse("2026-12-31T23:59:59Z")) + 1);
    }

    @Test
    void theLastMomentOfAWindowStillHasASecondLeft() {
        assertThat(secondsLeft(Window.MINUTE, Instant.parse("2026-11-21T10:15:59.999Z")))
                .isEqualTo(1);
        assertThat(secondsLeft(Window.MINUTE, Instant.parse("2026-11-21T10:15:00Z")))
                .isEqualTo(60);
    }

    @Test
    void aDayEndsAtTheNextUtcMidnight() {
        long index = Window.DAY.index(Instant.parse("2026-11-21T23:59:59Z"));

        assertThat(Window.DAY.end(index)).isEqualTo(Instant.parse("2026-11-22T00:00:00Z"));
        assertThat(Window.DAY.index(Instant.parse("2026-11-21T00:00:00Z"))).isEqualTo(index);
        assertThat(Window.DAY.index(Instant.parse("2026-11-22T00:00:00Z"))).isEqualTo(index + 1);
        assertThat(Window.DAY.index(Instant.parse("2026-11-20T23:59:59.999Z"))).isEqualTo(index - 1);
    }

    @Test
    void aDayCountsTheSecondsToMidnightRoundedUp() {
        assertThat(secondsLeft(Window.DAY, Instant.parse("2026-11-21T00:00:00Z")))
                .isEqualTo(86_400);
        assertThat(secondsLeft(Window.DAY, Instant.parse("2026-11-21T10:15:42.250Z")))
                .isEqualTo(49_458);
        assertThat(secondsLeft(Window.DAY, Instant.parse("2026-11-21T23:59:59.999Z")))
                .isEqualTo(1);
    }

    /** What an answer's Retry-After says while the window holding {@code now} lasts. */
    private static long secondsLeft(Window window, Instant now) {
        return RetryAfter.seconds(Duration.between(now, window.end(window.index(now))));
    }
}
