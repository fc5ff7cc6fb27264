package dev.vspec.projections.runtime;

/** Where a rebuild reads the events from: the event topic or the event store. One instance serves one rebuild. */
interface RebuildSource {

    /** What the reading step says, for progress. */
    String description();

    /**
     * Finds what there is to read and returns how many events (-1 when it cannot tell). Runs before
     * the copies are made: a source that cannot be read leaves nothing behind.
     */
    long open(ShadowCopies copies);

    /** Reads everything {@link #open} found into the copies; returns how many events it read. */
    long fill(ShadowCopies copies, RebuildProgress progress);

    /**
     * In the swap's transaction, before the copies replace the live tables: holds the running
     * projections' consumers by locking their offsets, then brings the copies up to what those had
     * applied beyond them. Returns how many events it read.
     */
    long catchUp(ShadowCopies copies, RebuildProgress progress);
}
