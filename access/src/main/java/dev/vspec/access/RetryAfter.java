package dev.vspec.access;

import java.time.Duration;

/** How a wait is told to callers ({@code Retry-After}): whole seconds, rounded up, at least 1. */
public final class RetryAfter {

    private RetryAfter() {}

    public static long seconds(Duration wait) {
        return Math.max(1, wait.getSeconds() + (wait.getNano() > 0 ? 1 : 0));
    }
}
