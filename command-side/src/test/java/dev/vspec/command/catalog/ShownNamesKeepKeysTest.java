package dev.vspec.command.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.vspec.contracts.identity.ConfigKey;
import dev.vspec.contracts.identity.VehicleNames;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Showing makes and models in their one form ({@link VehicleNames}) changes no config_key: every configuration
 * of the shipped catalogs and of the tests' catalog derives the same key from its names as shown as from its
 * names as written, and in whatever case an operator writes them.
 */
class ShownNamesKeepKeysTest {

    @ParameterizedTest
    @ValueSource(
            strings = {
                "catalog/sample/catalog.json",
                "catalog/test/catalog.json",
                "catalog/reference-vendor/catalog.json"
            })
    void everyConfigurationKeepsItsKey(String resource) throws IOException {
        List<String> changed = new ArrayList<>();
        List<JsonNode> configurations = configurations(resource);
        for (JsonNode c : configurations) {
            String written = key(c, c.path("make").asText(), c.path("model").asText());
            for (String make :
                    List.of(c.path("make").asText(), c.path("make").asText().toUpperCase(Locale.ROOT))) {
                String shown = key(
                        c,
                        VehicleNames.make(make),
                        VehicleNames.model(c.path("model").asText()));
                if (!shown.equals(written)) {
                    changed.add(written + " -> " + shown);
                }
            }
        }
        assertThat(configurations).isNotEmpty();
        assertThat(changed).isEmpty();
    }

    private static String key(JsonNode c, String make, String model) {
        return ConfigKey.of(
                        c.path("year").asInt(),
                        make,
                        model,
                        c.path("trim").asText(),
                        c.path("engine_code").asText(),
                        c.hasNonNull("drivetrain") ? c.path("drivetrain").asText() : null)
                .value();
    }

    private static List<JsonNode> configurations(String resource) throws IOException {
        try (InputStream in = ShownNamesKeepKeysTest.class.getClassLoader().getResourceAsStream(resource)) {
            assertThat(in).as(resource).isNotNull();
            List<JsonNode> configurations = new ArrayList<>();
            new ObjectMapper().readTree(in).path("configurations").forEach(configurations::add);
            return configurations;
        }
    }
}
