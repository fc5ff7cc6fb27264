package dev.vspec.contracts.catalog;

/** Registers a configuration with its identity; repeating it with the same identity changes nothing. */
public record RegisterConfiguration(
        String configKey,
        int year,
        String make,
        String model,
        String trim,
        String engineCode,
        String drivetrain,
        String label,
        FactSource source)
        implements ConfigurationCommand, ConfigurationIdentity {

    public RegisterConfiguration {
        FactSource.require(source, "RegisterConfiguration");
    }
}
