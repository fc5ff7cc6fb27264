package dev.vspec.testing;

import dev.vspec.contracts.identity.ConfigKey;
import tools.jackson.databind.JsonNode;

/** What tests read of a catalog file ({@code docs/catalog-format.md}) as a JSON tree. */
public final class CatalogFiles {

    private CatalogFiles() {}

    /** The config_key a configuration of the file derives from its identity. */
    public static String configKeyOf(JsonNode configuration) {
        return ConfigKey.of(
                        configuration.get("year").asInt(),
                        configuration.get("make").asString(),
                        configuration.get("model").asString(),
                        configuration.get("trim").asString(),
                        configuration.get("engine_code").asString(),
                        configuration.hasNonNull("drivetrain")
                                ? configuration.get("drivetrain").asString()
                                : null)
                .value();
    }

    /** The configuration of the catalog that derives {@code configKey}; an assertion error when there is none. */
    public static JsonNode configuration(JsonNode catalog, String configKey) {
        for (JsonNode configuration : catalog.get("configurations")) {
            if (configKeyOf(configuration).equals(configKey)) {
                return configuration;
            }
        }
        throw new AssertionError(configKey + " is not in the catalog");
    }
}
