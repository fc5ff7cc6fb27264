package dev.vspec.harness.synthetic;

import java.time.Duration;

/**
 * How far a load has come.
 *
 * @param aggregates        aggregates in the catalog
 * @param aggregatesStored  aggregates appended by this load
 * @param aggregatesSkipped aggregates that an earlier load had stored already, identically
 * @param eventsStored      events appended by this load
 */
public record LoadProgress(
        long aggregates, long aggregatesStored, long aggregatesSkipped, long eventsStored, Duration elapsed) {

    long aggregatesDone() {
        return aggregatesStored + aggregatesSkipped;
    }

    double eventsPerSecond() {
        double seconds = elapsed.toNanos() / 1e9;
        return seconds == 0 ? 0 : eventsStored / seconds;
    }
}
