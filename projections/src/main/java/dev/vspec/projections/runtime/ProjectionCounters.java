package dev.vspec.projections.runtime;

import java.util.concurrent.atomic.AtomicLong;

/** What a projection did since this process started; updated only for committed batches. */
final class ProjectionCounters {

    private final AtomicLong applied = new AtomicLong();
    private final AtomicLong ignored = new AtomicLong();
    private final AtomicLong unknown = new AtomicLong();
    private final AtomicLong rejected = new AtomicLong();
    private final AtomicLong duplicates = new AtomicLong();
    private final AtomicLong failedBatches = new AtomicLong();

    void add(BatchApplier.Outcome outcome) {
        applied.addAndGet(outcome.applied());
        ignored.addAndGet(outcome.ignored());
        unknown.addAndGet(outcome.unknown());
        rejected.addAndGet(outcome.rejected());
        duplicates.addAndGet(outcome.duplicates());
    }

    void failedBatch() {
        failedBatches.incrementAndGet();
    }

    ProjectionStatus status(String name, boolean running, long lag) {
        return new ProjectionStatus(
                name,
                running,
                lag,
                applied.get(),
                ignored.get(),
                unknown.get(),
                rejected.get(),
                duplicates.get(),
                failedBatches.get());
    }
}
