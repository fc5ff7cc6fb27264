package dev.vspec.contracts.catalog;

/** A configuration exists with this identity. {@code drivetrain} is null where it is not part of the identity. */
public record ConfigurationRegistered(
        String configKey,
        int year,
        String make,
        String model,
        String trim,
        String engineCode,
        String drivetrain,
        String label,
        FactSource source) {}
