package dev.vspec.contracts.epa;

import java.math.BigDecimal;
import org.jspecify.annotations.Nullable;

/**
 * What EPA entries are matched against: a configuration's or a decoded VIN's year, make, model and trim, and what is
 * known of its engine and drive; null where it is not known.
 *
 * @param drivetrain     {@code FWD}, {@code RWD}, {@code AWD}, {@code 4WD}, {@code 4X4}, {@code 4X2} or {@code 2WD}
 * @param electrification vPIC's electrification level ({@code Strong HEV}, {@code BEV}, ...)
 */
public record EpaSubject(
        int year,
        String make,
        String model,
        @Nullable String trim,
        @Nullable BigDecimal displacementL,
        @Nullable Integer cylinders,
        @Nullable String drivetrain,
        @Nullable String electrification) {}
