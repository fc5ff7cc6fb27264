package dev.vspec.command.enrichment.vendor;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Stops calling a dependency that keeps failing. Closed, every call passes; {@code threshold}
 * failures in a row open it. Open, calls are refused without reaching the dependency until
 * {@code openDuration} has passed; then it is half-open and lets one trial call through, whose
 * success closes it and whose failure opens it again. Every call let through must report exactly
 * one outcome: {@link #recordSuccess}, {@link #recordFailure} or {@link #release}.
 */
final class CircuitBreaker {

    enum State { CLOSED, OPEN, HALF_OPEN }

    private static final Logger log = LoggerFactory.getLogger(CircuitBreaker.class);

    private final String name;
    private final int threshold;
    private final Duration openDuration;
    private final Clock clock;

    private State state = State.CLOSED;
    private int failuresInARow;
    private Instant openUntil;
    private boolean trialInFlight;

    CircuitBreaker(String name, int threshold, Duration openDuration, Clock clock) {
        this.name = name;
        this.threshold = threshold;
        this.openDuration = openDuration;
        this.clock = clock;
    }

    /** Whether a call may go to the dependency now; when it may, its outcome must be reported. */
    synchronized boolean tryPass() {
        return switch (state) {
            case CLOSED -> true;
            case OPEN -> {
                if (clock.instant().isBefore(openUntil)) {
                    yield false;
                }
                state = State.HALF_OPEN;
                trialInFlight = true;
                log.info("Circuit breaker of {} is half-open: one trial call goes through", name);
                yield true;
            }
            case HALF_OPEN -> {
                if (trialInFlight) {
                    yield false;
                }
                trialInFlight = true;
                yield true;
            }
        };
    }

    /** Whether calls are refused now, without changing the state (a due trial is left to {@link #tryPass}). */
    synchronized boolean isOpen() {
        return state == State.OPEN && clock.instant().isBefore(openUntil);
    }

    synchronized void recordSuccess() {
        if (state == State.HALF_OPEN) {
            log.info("Circuit breaker of {} is closed again: the trial call succeeded", name);
        }
        if (state != State.OPEN) {
            state = State.CLOSED;
            failuresInARow = 0;
            trialInFlight = false;
        }
    }

    synchronized void recordFailure() {
        switch (state) {
            case CLOSED -> {
                if (++failuresInARow >= threshold) {
                    open(failuresInARow == 1 ? "a failure" : failuresInARow + " failures in a row");
                }
            }
            case HALF_OPEN -> open("the trial call failed");
            case OPEN -> {
                // a call let through before the breaker opened: its open period already runs
            }
        }
    }

    /** A call let through ended without an outcome of the dependency's (the caller was interrupted). */
    synchronized void release() {
        if (state == State.HALF_OPEN) {
            trialInFlight = false;
        }
    }

    synchronized State state() {
        return state;
    }

    /** Until when an open breaker refuses calls; null when it is not open. */
    synchronized Instant openUntil() {
        return state == State.OPEN ? openUntil : null;
    }

    private void open(String why) {
        state = State.OPEN;
        trialInFlight = false;
        openUntil = clock.instant().plus(openDuration);
        log.warn("Circuit breaker of {} is open after {}: calls fail without reaching it until {}", name, why, openUntil);
    }
}
