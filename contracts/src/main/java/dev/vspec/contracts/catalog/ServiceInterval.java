package dev.vspec.contracts.catalog;

/**
 * A service due every so many miles (and kilometres) or months, whichever comes first, on the
 * {@code normal} or {@code severe} schedule. An unused bound is null.
 */
public record ServiceInterval(
        String schedule, String service, String description, Integer miles, Integer kilometres, Integer months) {}
