package dev.vspec.command.enrichment.vendor;

import java.time.Duration;
import java.util.function.DoubleSupplier;

/**
 * Exponential backoff with full jitter: the wait before retry {@code n} (1 for the first) is drawn
 * uniformly from [0, min(cap, base * 2^(n-1))], so callers that failed together do not come back
 * together.
 */
public final class Backoff {

    private final Duration base;
    private final Duration cap;
    private final DoubleSupplier random;

    /** @param random uniform in [0, 1), such as {@code ThreadLocalRandom.current()::nextDouble} */
    public Backoff(Duration base, Duration cap, DoubleSupplier random) {
        this.base = base;
        this.cap = cap;
        this.random = random;
    }

    /** The longest wait before retry {@code retry}. */
    public Duration bound(int retry) {
        if (retry < 1) {
            throw new IllegalArgumentException("retries count from 1; got " + retry);
        }
        int doublings = retry - 1;
        if (doublings >= Long.SIZE - 1 || base.toNanos() > cap.toNanos() >> doublings) {
            return cap;
        }
        return Duration.ofNanos(base.toNanos() << doublings);
    }

    /** The wait before retry {@code retry}: a random share of its bound. */
    public Duration delay(int retry) {
        double share = random.getAsDouble();
        if (share < 0 || share >= 1) {
            throw new IllegalStateException("random must be in [0, 1); got " + share);
        }
        return Duration.ofNanos((long) (bound(retry).toNanos() * share));
    }

    Duration cap() {
        return cap;
    }
}
