package dev.vspec.contracts.error;

import com.fasterxml.jackson.annotation.JsonProperty;

/** One candidate configuration: an entry of a 409 {@code matches} list and of {@code /v1/configs}. */
public record ConfigMatch(@JsonProperty("config_key") String configKey, String label) {}
