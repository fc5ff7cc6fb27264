package dev.vspec.access;

import java.time.Instant;

/**
 * The verdict of one request against a budget: whether it may go on, and what the rate-limit
 * headers say about the budget's window ({@code remaining} counts what this request left).
 * {@code window} is the window's index, which a refund names.
 */
public record Admission(boolean admitted, long limit, long remaining, long window, Instant windowEnd) {}
