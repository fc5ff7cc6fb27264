package dev.vspec.infra.decoding;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vspec.contracts.identity.Vin;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Every VIN of the reference catalog decodes, with the shipped tables, to exactly its own
 * configuration: the configuration the query side's VIN resolution would pick. Read from the
 * command side's copy so the data lives in one place.
 */
class SampleCatalogDecodingTest {

    private static final Path CATALOG = Path.of("../command-side/src/main/resources/catalog/sample/catalog.json");

    record Configuration(int year, String make, String model, String trim, String engineCode, String drivetrain) {

        /** The query side's rule: year, make, model, engine code, and trim and drivetrain when decoded. */
        boolean matches(VinDecoding decoding) {
            return decoding.modelYear() == year
                    && same(decoding.make(), make)
                    && same(decoding.model(), model)
                    && same(decoding.engineCode(), engineCode)
                    && (decoding.trim() == null || same(decoding.trim(), trim))
                    && (decoding.drivetrain() == null || drivetrain == null || same(decoding.drivetrain(), drivetrain));
        }

        private static boolean same(String decoded, String held) {
            return decoded != null && decoded.toLowerCase(Locale.ROOT).equals(held.toLowerCase(Locale.ROOT));
        }
    }

    /** One catalog configuration with its VINs. */
    record Entry(Configuration configuration, List<String> vins) {
    }

    private static final List<Entry> CATALOG_ENTRIES = read();

    private static List<Entry> read() {
        try {
            JsonNode catalog = JsonMapper.builder().build().readTree(Files.readString(CATALOG));
            List<Entry> entries = new ArrayList<>();
            for (JsonNode node : catalog.path("configurations")) {
                Configuration configuration = new Configuration(node.path("year").asInt(), node.path("make").asString(),
                        node.path("model").asString(), node.path("trim").asString(),
                        node.path("engine_code").asString(),
                        node.hasNonNull("drivetrain") ? node.path("drivetrain").asString() : null);
                List<String> vins = new ArrayList<>();
                node.path("vins").forEach(vin -> vins.add(vin.asString()));
                entries.add(new Entry(configuration, vins));
            }
            return List.copyOf(entries);
        } catch (IOException e) {
            throw new UncheckedIOException("reading " + CATALOG.toAbsolutePath(), e);
        }
    }

    static Stream<Arguments> catalogVins() {
        List<Arguments> vins = CATALOG_ENTRIES.stream()
                .flatMap(entry -> entry.vins().stream().map(vin -> Arguments.of(vin, entry.configuration())))
                .toList();
        assertThat(vins).as("VINs in %s", CATALOG).hasSizeGreaterThanOrEqualTo(90);
        return vins.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("catalogVins")
    void decodesToItsConfigurationAndNoOther(String vin, Configuration configuration) {
        VinDecoding decoding = VinDecoder.standard().decode(Vin.parse(vin));

        assertThat(decoding.warnings()).isEmpty();
        assertThat(decoding.modelYear()).isEqualTo(configuration.year());
        assertThat(decoding.make()).isEqualTo(configuration.make());
        assertThat(decoding.model()).isEqualTo(configuration.model());
        assertThat(decoding.engineCode()).isEqualTo(configuration.engineCode());
        assertThat(decoding.drivetrain()).isEqualTo(configuration.drivetrain());
        if (decoding.trim() != null) {
            assertThat(decoding.trim()).isEqualTo(configuration.trim());
        }
        assertThat(CATALOG_ENTRIES.stream().map(Entry::configuration).filter(candidate -> candidate.matches(decoding)))
                .containsExactly(configuration);
    }
}
