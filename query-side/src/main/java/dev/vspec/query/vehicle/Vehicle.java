package dev.vspec.query.vehicle;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.vspec.contracts.error.ConfigMatch;

/**
 * A resolved configuration as every identifier-taking route renders it: the {@code vehicle} block
 * {@code {config_key, label, year, make, model, trim, engine_code, drivetrain}}. Drivetrain is
 * null (and shown as null) where the configuration does not name one.
 */
public record Vehicle(
        @JsonProperty("config_key") String configKey,
        String label,
        int year,
        String make,
        String model,
        String trim,
        @JsonProperty("engine_code") String engineCode,
        String drivetrain) {

    public ConfigMatch asMatch() {
        return new ConfigMatch(configKey, label);
    }
}
