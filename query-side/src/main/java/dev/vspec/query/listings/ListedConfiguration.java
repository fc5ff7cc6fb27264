package dev.vspec.query.listings;

import com.fasterxml.jackson.annotation.JsonProperty;
import org.jspecify.annotations.Nullable;

/**
 * One configuration of a listing: its identity alone. Where its facts came from and which groups it
 * holds are the {@code vehicle} block's to say, once it is read by its {@code config_key}.
 */
record ListedConfiguration(
        @JsonProperty("config_key") String configKey,
        String label,
        int year,
        String make,
        String model,
        String trim,
        @JsonProperty("engine_code") String engineCode,
        @Nullable String drivetrain) {}
