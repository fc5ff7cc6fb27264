package dev.vspec.projections.runtime;

/**
 * A projection's state. {@code lag} is how many records of the topic lie at or beyond its stored
 * offsets (-1 when the broker could not be asked); the counters cover this process's lifetime.
 *
 * @param applied       events applied to the tables
 * @param ignored       events of types the projection does not handle
 * @param unknown       events of types newer than this code, skipped
 * @param rejected      records stored in {@code read.projection_reject}
 * @param duplicates    redelivered records skipped because their offset was already applied
 * @param failedBatches batch attempts rolled back for a retry
 */
public record ProjectionStatus(
        String name,
        boolean running,
        long lag,
        long applied,
        long ignored,
        long unknown,
        long rejected,
        long duplicates,
        long failedBatches) {}
