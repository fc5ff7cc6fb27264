package dev.vspec.readmodel;

import org.jspecify.annotations.Nullable;

/** One service of a schedule and how often it is due; an unused bound of the interval is null. */
public record ServiceItem(String service, String description, Interval interval) {

    /** Due every so many miles (and kilometres) or months, whichever comes first. */
    public record Interval(
            @Nullable Integer miles,
            @Nullable Integer kilometres,
            @Nullable Integer months) {}
}
