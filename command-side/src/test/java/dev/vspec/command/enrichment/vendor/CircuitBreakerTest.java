package dev.vspec.command.enrichment.vendor;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vspec.command.enrichment.vendor.CircuitBreaker.State;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class CircuitBreakerTest {

    private static final Duration OPEN_FOR = Duration.ofSeconds(30);
    private static final Instant START = Instant.parse("2026-03-01T10:00:00Z");

    private final FakeClock clock = new FakeClock(START);
    private final CircuitBreaker breaker = new CircuitBreaker("the test dependency", 3, OPEN_FOR, clock);

    @Test
    void staysClosedWhileFailuresInARowStayBelowTheThreshold() {
        fail(2);
        passAndSucceed();
        fail(2);

        assertThat(breaker.state()).isEqualTo(State.CLOSED);
        assertThat(breaker.tryPass()).isTrue();
    }

    @Test
    void opensAfterThresholdFailuresInARowAndRefusesCallsForTheOpenDuration() {
        fail(3);

        assertThat(breaker.state()).isEqualTo(State.OPEN);
        assertThat(breaker.openUntil()).isEqualTo(START.plus(OPEN_FOR));
        assertThat(breaker.isOpen()).isTrue();
        assertThat(breaker.tryPass()).isFalse();
        clock.advance(OPEN_FOR.minusMillis(1));
        assertThat(breaker.tryPass()).isFalse();
        assertThat(breaker.state()).isEqualTo(State.OPEN);
    }

    @Test
    void afterTheOpenDurationLetsExactlyOneTrialThrough() {
        fail(3);
        clock.advance(OPEN_FOR);

        assertThat(breaker.isOpen()).isFalse();
        assertThat(breaker.state()).isEqualTo(State.OPEN);
        assertThat(breaker.tryPass()).isTrue();
        assertThat(breaker.state()).isEqualTo(State.HALF_OPEN);
        assertThat(breaker.tryPass()).isFalse();
        assertThat(breaker.openUntil()).isNull();
    }

    @Test
    void aSuccessfulTrialClosesIt() {
        fail(3);
        clock.advance(OPEN_FOR);
        assertThat(breaker.tryPass()).isTrue();

        breaker.recordSuccess();

        assertThat(breaker.state()).isEqualTo(State.CLOSED);
        assertThat(breaker.tryPass()).isTrue();
        assertThat(breaker.tryPass()).isTrue();
        fail(2);
        assertThat(breaker.state()).as("the count started again").isEqualTo(State.CLOSED);
    }

    @Test
    void aFailedTrialOpensItAgainForAWholeOpenDuration() {
        fail(3);
        clock.advance(OPEN_FOR.plusSeconds(5));
        assertThat(breaker.tryPass()).isTrue();

        breaker.recordFailure();

        assertThat(breaker.state()).isEqualTo(State.OPEN);
        assertThat(breaker.openUntil()).isEqualTo(START.plus(OPEN_FOR).plusSeconds(5).plus(OPEN_FOR));
        assertThat(breaker.tryPass()).isFalse();
    }

    @Test
    void aTrialReleasedWithoutAnOutcomeLetsTheNextCallBeTheTrial() {
        fail(3);
        clock.advance(OPEN_FOR);
        assertThat(breaker.tryPass()).isTrue();

        breaker.release();

        assertThat(breaker.state()).isEqualTo(State.HALF_OPEN);
        assertThat(breaker.tryPass()).isTrue();
        assertThat(breaker.tryPass()).isFalse();
    }

    @Test
    void outcomesOfCallsLetThroughBeforeItOpenedDoNotChangeAnOpenBreaker() {
        fail(3);

        breaker.recordSuccess();
        clock.advance(Duration.ofSeconds(10));
        breaker.recordFailure();

        assertThat(breaker.state()).isEqualTo(State.OPEN);
        assertThat(breaker.openUntil()).isEqualTo(START.plus(OPEN_FOR));
    }

    private void fail(int times) {
        for (int i = 0; i < times; i++) {
            assertThat(breaker.tryPass()).isTrue();
            breaker.recordFailure();
        }
    }

    private void passAndSucceed() {
        assertThat(breaker.tryPass()).isTrue();
        breaker.recordSuccess();
    }
}
