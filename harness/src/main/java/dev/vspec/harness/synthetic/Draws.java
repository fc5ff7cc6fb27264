package dev.vspec.harness.synthetic;

import java.math.BigDecimal;
import java.util.List;

/**
 * Deterministic pseudo-random draws (SplitMix64). The same seed, stream and index give the same
 * sequence on every JVM and Java version, which {@code java.util.Random}'s subclasses do not all
 * promise; each item of the catalog gets its own stream, so any item can be made on its own.
 */
final class Draws {

    private static final long GOLDEN_GAMMA = 0x9E3779B97F4A7C15L;

    private long state;

    Draws(long seed, long stream, long index) {
        state = mix(mix(seed + GOLDEN_GAMMA * stream) ^ mix(index + GOLDEN_GAMMA));
    }

    long nextLong() {
        state += GOLDEN_GAMMA;
        return mix(state);
    }

    /** A whole number from {@code low} to {@code high}, both included. */
    int between(int low, int high) {
        return low + (int) Math.floorMod(nextLong(), (long) high - low + 1);
    }

    /** {@code lowUnits}..{@code highUnits} in steps of 10^-scale, e.g. 42..58 at scale 1 is 4.2..5.8. */
    BigDecimal decimal(int lowUnits, int highUnits, int scale) {
        return BigDecimal.valueOf(between(lowUnits, highUnits), scale);
    }

    boolean percent(int chance) {
        return between(1, 100) <= chance;
    }

    <T> T pick(List<T> options) {
        return options.get(between(0, options.size() - 1));
    }

    static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
