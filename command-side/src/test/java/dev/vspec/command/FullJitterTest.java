package dev.vspec.command;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.resilience4j.core.IntervalFunction;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Full jitter over Resilience4j's capped exponential bound, in whole milliseconds. */
class FullJitterTest {

    private static final Duration BASE = Duration.ofMillis(200);
    private static final Duration CAP = Duration.ofSeconds(5);

    @Test
    void theBoundDoublesFromTheBaseWithEachRetryUntilTheCap() {
        IntervalFunction bound = FullJitter.bound(BASE, CAP);

        List<Long> bounds = new ArrayList<>();
        for (int retry = 1; retry <= 7; retry++) {
            bounds.add(bound.apply(retry));
        }

        assertThat(bounds).containsExactly(200L, 400L, 800L, 1600L, 3200L, CAP.toMillis(), CAP.toMillis());
    }

    @Test
    void theBoundStaysAtTheCapForRetriesWhoseDoublingWouldOverflow() {
        IntervalFunction bound = FullJitter.bound(BASE, CAP);

        assertThat(bound.apply(40)).isEqualTo(CAP.toMillis());
        assertThat(bound.apply(64)).isEqualTo(CAP.toMillis());
        assertThat(bound.apply(Integer.MAX_VALUE)).isEqualTo(CAP.toMillis());
    }

    @Test
    void theDelayIsTheRandomShareOfTheBoundInWholeMilliseconds() {
        assertThat(FullJitter.backoff(BASE, CAP, () -> 0.0).apply(3)).isZero();
        assertThat(FullJitter.backoff(BASE, CAP, () -> 0.5).apply(3)).isEqualTo(400);
        assertThat(FullJitter.backoff(BASE, CAP, () -> 0.25).apply(10)).isEqualTo(1250);
        assertThat(FullJitter.backoff(BASE, CAP, () -> Math.nextDown(1.0)).apply(3))
                .as("below the bound")
                .isEqualTo(799);
    }

    @Test
    void jitteredDelaysSpreadOverTheWholeRangeAndNeverLeaveIt() {
        Random random = new Random(42);
        IntervalFunction backoff = FullJitter.backoff(BASE, CAP, random::nextDouble);

        for (int retry = 1; retry <= 6; retry++) {
            long bound = FullJitter.bound(BASE, CAP).apply(retry);
            List<Long> delays = new ArrayList<>();
            for (int i = 0; i < 1_000; i++) {
                delays.add(backoff.apply(retry));
            }
            assertThat(delays).allSatisfy(delay -> assertThat(delay).isBetween(0L, bound - 1));
            assertThat(delays).anySatisfy(delay -> assertThat(delay).isLessThan(bound / 10));
            assertThat(delays).anySatisfy(delay -> assertThat(delay).isGreaterThan(bound * 9 / 10));
        }
    }

    @Test
    void retriesCountFromOneAndTheRandomMustBeAShare() {
        assertThatThrownBy(() -> FullJitter.bound(BASE, CAP).apply(0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> FullJitter.backoff(BASE, CAP, () -> 1.0).apply(1))
                .isInstanceOf(IllegalStateException.class);
    }
}
