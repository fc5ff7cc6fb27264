package dev.vspec.command.enrichment.vendor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class BackoffTest {

    private static final Duration BASE = Duration.ofMillis(200);
    private static final Duration CAP = Duration.ofSeconds(5);

    @Test
    void theBoundDoublesFromTheBaseWithEachRetryUntilTheCap() {
        Backoff backoff = new Backoff(BASE, CAP, () -> 0.5);

        List<Duration> bounds = new ArrayList<>();
        for (int retry = 1; retry <= 7; retry++) {
            bounds.add(backoff.bound(retry));
        }

        assertThat(bounds).containsExactly(Duration.ofMillis(200), Duration.ofMillis(400), Duration.ofMillis(800),
                Duration.ofMillis(1600), Duration.ofMillis(3200), CAP, CAP);
    }

    @Test
    void theBoundStaysAtTheCapForRetriesWhoseDoublingWouldOverflow() {
        Backoff backoff = new Backoff(BASE, CAP, () -> 0.5);

        assertThat(backoff.bound(40)).isEqualTo(CAP);
        assertThat(backoff.bound(64)).isEqualTo(CAP);
        assertThat(backoff.bound(Integer.MAX_VALUE)).isEqualTo(CAP);
    }

    @Test
    void theDelayIsTheRandomShareOfTheBound() {
        assertThat(new Backoff(BASE, CAP, () -> 0.0).delay(3)).isEqualTo(Duration.ZERO);
        assertThat(new Backoff(BASE, CAP, () -> 0.5).delay(3)).isEqualTo(Duration.ofMillis(400));
        assertThat(new Backoff(BASE, CAP, () -> 0.25).delay(10)).isEqualTo(Duration.ofMillis(1250));
        assertThat(new Backoff(BASE, CAP, () -> Math.nextDown(1.0)).delay(3))
                .isLessThan(Duration.ofMillis(800)).isGreaterThan(Duration.ofMillis(799));
    }

    @Test
    void jitteredDelaysSpreadOverTheWholeRangeAndNeverLeaveIt() {
        Random random = new Random(42);
        Backoff backoff = new Backoff(BASE, CAP, random::nextDouble);

        for (int retry = 1; retry <= 6; retry++) {
            Duration bound = backoff.bound(retry);
            List<Duration> delays = new ArrayList<>();
            for (int i = 0; i < 1_000; i++) {
                delays.add(backoff.delay(retry));
            }
            assertThat(delays).allSatisfy(delay -> assertThat(delay).isBetween(Duration.ZERO, bound));
            assertThat(delays).anySatisfy(delay -> assertThat(delay).isLessThan(bound.dividedBy(10)));
            assertThat(delays).anySatisfy(delay -> assertThat(delay).isGreaterThan(bound.multipliedBy(9).dividedBy(10)));
        }
    }

    @Test
    void retriesCountFromOneAndTheRandomMustBeAShare() {
        assertThatThrownBy(() -> new Backoff(BASE, CAP, () -> 0.5).bound(0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Backoff(BASE, CAP, () -> 1.0).delay(1)).isInstanceOf(IllegalStateException.class);
    }
}
