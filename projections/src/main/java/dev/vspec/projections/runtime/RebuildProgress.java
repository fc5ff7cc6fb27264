package dev.vspec.projections.runtime;

/** What a {@link ShadowRebuild} reports while it runs, for a progress bar. */
public interface RebuildProgress {

    /** A step begins; {@code total} is how many events it will read, or -1 when it has no count. */
    void step(String description, long total);

    /** Events read so far in the current step. */
    void read(long events);
}
