package dev.vspec.command;

import io.github.resilience4j.core.IntervalFunction;
import java.time.Duration;
import java.util.function.DoubleSupplier;

/**
 * Exponential backoff with full jitter as a Resilience4j {@link IntervalFunction}: the wait before retry
 * {@code n} (1 for the first) is drawn uniformly from [0, min(cap, base * 2^(n-1))), in whole milliseconds, so
 * callers that failed together do not come back together. The bound is Resilience4j's
 * {@link IntervalFunction#ofExponentialBackoff(Duration, double, Duration)}; its own randomized backoff draws
 * around the bound (up to twice it, then clamps at the cap) from {@code Math.random()}, which is neither full
 * jitter nor something a test can fix.
 */
public final class FullJitter {

    /** Past this many doublings every bound is the cap; Resilience4j computes them one by one. */
    private static final int LAST_DOUBLING = Long.SIZE;

    private FullJitter() {}

    /**
     * @param base   the bound of the first wait, at least 1 ms
     * @param cap    the largest bound, not below {@code base}
     * @param random uniform in [0, 1), such as {@code ThreadLocalRandom.current()::nextDouble}
     */
    public static IntervalFunction backoff(Duration base, Duration cap, DoubleSupplier random) {
        IntervalFunction bound = bound(base, cap);
        return retry -> {
            double share = random.getAsDouble();
            if (share < 0 || share >= 1) {
                throw new IllegalStateException("random must be in [0, 1); got " + share);
            }
            return (long) (bound.apply(retry) * share);
        };
    }

    /** The longest wait before each retry: min(cap, base * 2^(n-1)) milliseconds. */
    static IntervalFunction bound(Duration base, Duration cap) {
        IntervalFunction doubling = IntervalFunction.ofExponentialBackoff(base, 2, cap);
        return retry -> doubling.apply(Math.min(retry, LAST_DOUBLING));
    }
}
