package dev.vspec.query.vehicle;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.vspec.contracts.error.ConfigMatch;
import dev.vspec.query.encoding.StoredJson;
import org.jspecify.annotations.Nullable;

/**
 * A resolved configuration as every identifier-taking route renders it: the {@code vehicle} block
 * {@code {config_key, label, year, make, model, trim, engine_code, drivetrain, source, coverage}}.
 * Drivetrain is null (and shown as null) where the configuration does not name one. {@code source}
 * says where the identity came from, {@code coverage} which data groups the catalog holds, each with
 * its source and when it was recorded ({@link Coverage}).
 */
public record Vehicle(
        @JsonProperty("config_key") String configKey,
        String label,
        int year,
        String make,
        String model,
        String trim,
        @JsonProperty("engine_code") String engineCode,
        @Nullable String drivetrain,
        StoredJson source,
        Coverage coverage) {

    /** A configuration read without its sources (a candidate of a 409), which answers never render. */
    public Vehicle(
            String configKey,
            String label,
            int year,
            String make,
            String model,
            String trim,
            String engineCode,
            String drivetrain) {
        this(configKey, label, year, make, model, trim, engineCode, drivetrain, null, null);
    }

    /** The same vehicle with another coverage. */
    public Vehicle withCoverage(Coverage other) {
        return sourced(source, other);
    }

    /** The same identity, with where it came from and what the catalog holds of it. */
    public Vehicle sourced(StoredJson source, Coverage coverage) {
        return new Vehicle(configKey, label, year, make, model, trim, engineCode, drivetrain, source, coverage);
    }

    public ConfigMatch asMatch() {
        return new ConfigMatch(configKey, label);
    }
}
