package dev.vspec.contracts.catalog;

/**
 * A configuration exists with this identity. {@code drivetrain} is null where it is not part of the identity.
 * {@code make}, {@code model} and {@code label} are as the source wrote them (vPIC's decoder writes makes in
 * capitals, HONDA); the API shows every make and model in one form (docs/catalog-format.md).
 */
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
