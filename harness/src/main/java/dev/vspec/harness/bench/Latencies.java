package dev.vspec.harness.bench;

import java.util.Arrays;

/** Measured durations in nanoseconds, summarized by nearest-rank percentiles. */
final class Latencies {

    private final long[] nanos;
    private int count;

    Latencies(int capacity) {
        nanos = new long[capacity];
    }

    void add(long durationNanos) {
        nanos[count++] = durationNanos;
    }

    int count() {
        return count;
    }

    /** The nearest-rank percentile {@code p} (0 < p <= 100), in milliseconds. */
    double percentileMillis(double p) {
        if (count == 0) {
            throw new IllegalStateException("nothing was measured");
        }
        long[] sorted = Arrays.copyOf(nanos, count);
        Arrays.sort(sorted);
        int rank = (int) Math.ceil(p / 100 * count);
        return sorted[Math.max(0, rank - 1)] / 1_000_000.0;
    }
}
