package dev.vspec.command.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.vspec.contracts.catalog.AliasConfigKey;
import dev.vspec.contracts.catalog.CatalogCommand;
import dev.vspec.contracts.catalog.FactSource;
import dev.vspec.contracts.catalog.LinkVin;
import dev.vspec.contracts.catalog.PricePart;
import dev.vspec.contracts.catalog.RecordServiceHistory;
import dev.vspec.contracts.catalog.RegisterConfiguration;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.springframework.core.io.FileSystemResource;

/** The sources a catalog file states for its facts: which one each command carries, and what is refused. */
class StatedSourcesTest {

    private static final FactSource FILE = FactSource.importFile("catalog.json", "f".repeat(64));
    private static final String VENDOR = "{\"kind\": \"vendor\", \"name\": \"Acme Parts\", \"response_millis\": 42}";
    private static final String DEALER_FILE =
            "{\"kind\": \"import\", \"name\": \"dealer.json\", \"sha256\": \"" + "a".repeat(64) + "\"}";
    private static final String VPIC = "{\"kind\": \"vpic\", \"name\": \"NHTSA vPIC\", \"version\": \"2026-02-17\","
            + " \"sha256\": \"" + "b".repeat(64) + "\"}";
    private static final String CIVIC = "\"year\": 2019, \"make\": \"Honda\", \"model\": \"Civic\", \"trim\": \"LX\","
            + " \"engine_code\": \"K20C2\", \"drivetrain\": \"FWD\", \"label\": \"2019 Honda Civic LX\"";
    private static final String FLUIDS = "\"fluids\": [{\"type\": \"engine_oil\", \"specification\": \"API SP 0W-20\","
            + " \"capacity_litres\": 4.2, \"capacity_us_quarts\": 4.4}]";
    private static final String PARTS = "\"parts\": [{\"part_number\": \"15400-PLM-A02\", \"name\": \"Oil filter\","
            + " \"category\": \"filter\", \"brand\": \"Honda\", \"quantity\": 1, \"prices\": ["
            + "{\"amount\": \"9.86\", \"currency\": \"USD\", \"as_of\": \"2026-09-01\", \"source\": " + VPIC + "},"
            + "{\"amount\": \"9.99\", \"currency\": \"USD\", \"as_of\": \"2026-10-01\"}]}]";
    private static final String HISTORY =
            "\"service_history\": {\"19XFC2F59KE900101\": [{\"performed_on\": \"2020-08-30\","
                    + " \"odometer_miles\": 15020, \"performed_by\": \"dealer\", \"services\": [\"engine_oil_change\"]}]}";

    @TempDir
    Path folder;

    @Test
    void eachFactTakesItsOwnSourceElseTheConfigurationsElseTheFiles() throws IOException {
        List<CatalogCommand> commands = commandsOf(
                """
                {"format": "vspec-catalog/1", "configurations": [
                  {%s, "source": %s, %s,
                   "specs": [{"section": "engine", "name": "displacement", "value": "2.0"}], %s,
                   "aliases": ["2019-honda-civic-lx-k20c2"],
                   "vins": ["19XFC2F59KE900101", "19XFC2F50KE900102"], %s,
                   "sources": {"fluids": %s, "aliases": {"2019-honda-civic-lx-k20c2": %s},
                               "vins": {"19xfc2f50ke900102": %s}, "service_history": {"19XFC2F59KE900101": %s}}},
                  {"year": 2021, "make": "Tesla", "model": "Model 3", "trim": "SR+", "engine_code": "3D1",
                   "label": "2021 Tesla Model 3", "vins": ["5YJ3E1EA0MF900104"]}
                ]}
                """.formatted(CIVIC, VENDOR, FLUIDS, PARTS, HISTORY, DEALER_FILE, VPIC, DEALER_FILE, DEALER_FILE));

        Map<String, FactSource> sources = commands.stream()
                .collect(Collectors.toMap(StatedSourcesTest::describe, CatalogCommand::source, (a, b) -> a));
        FactSource vendor = FactSource.vendor("Acme Parts", 42);
        FactSource dealer = FactSource.importFile("dealer.json", "a".repeat(64));
        FactSource vpic = FactSource.vpic("2026-02-17", "b".repeat(64));
        assertThat(sources)
                .containsEntry("RegisterConfiguration 2019-honda-civic-lx-k20c2-fwd", vendor)
                .containsEntry("AliasConfigKey 2019-honda-civic-lx-k20c2", vpic)
                .containsEntry("RecordFluids", dealer)
                .containsEntry("RecordSpecs", vendor)
                .containsEntry("RecordParts", vendor)
                .containsEntry("PricePart 2026-09-01", vpic)
                .containsEntry("PricePart 2026-10-01", vendor)
                .containsEntry("LinkVin 19XFC2F59KE900101", vendor)
                .containsEntry("LinkVin 19XFC2F50KE900102", dealer)
                .containsEntry("RecordServiceHistory 19XFC2F59KE900101", dealer)
                .containsEntry("RegisterConfiguration 2021-tesla-model-3-sr-3d1", FILE)
                .containsEntry("LinkVin 5YJ3E1EA0MF900104", FILE);
        assertThat(commands.get(1)).isInstanceOf(AliasConfigKey.class);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            a kind no source has | "source": {"kind": "guess", "name": "x"} | configurations[0].source: a fact's source kind is import, vendor, epa, vpic or synthetic, not guess
            a blank name | "source": {"kind": "vendor", "name": " "} | configurations[0].source: a fact's source needs a name
            a SHA-256 that is none | "source": {"kind": "import", "name": "a.json", "sha256": "abc"} | configurations[0].source: sha256 must be a SHA-256 in lower-case hex (64 characters); got 'abc'
            a negative response time | "source": {"kind": "vendor", "name": "Acme", "response_millis": -1} | configurations[0].source: response_millis must not be negative; got -1
            an unknown field | "source": {"kind": "vendor", "name": "Acme", "url": "x"} | configurations[0].source: unknown field "url"; known fields are kind, name, response_millis, sha256, version
            a group not given | "sources": {"tires": {"kind": "vendor", "name": "Acme"}} | configurations[0].sources.tires: states a source of a group the configuration does not give
            a VIN not listed | "vins": ["19XFC2F59KE900101"], "sources": {"vins": {"19XFC2F50KE900102": {"kind": "vendor", "name": "Acme"}}} | configurations[0].sources.vins.19XFC2F50KE900102: 19XFC2F50KE900102 is not among the configuration's own; a source is stated only for one it gives
            a VIN twice | "vins": ["19XFC2F59KE900101"], "sources": {"vins": {"19XFC2F59KE900101": {"kind": "vendor", "name": "A"}, "19xfc2f59ke900101": {"kind": "vendor", "name": "B"}}} | configurations[0].sources.vins.19xfc2f59ke900101: 19XFC2F59KE900101 has a source here already
            a null source | "aliases": ["2019-honda-civic-lx-k20c2"], "sources": {"aliases": {"2019-honda-civic-lx-k20c2": null}} | configurations[0].sources.aliases.2019-honda-civic-lx-k20c2: must be a source object
            an alias that is no config_key | "aliases": ["2019 Honda Civic"] | configurations[0].aliases[0]: an alias is a config_key (a lowercase slug such as 2019-honda-civic-lx-k20c2-fwd); got '2019 Honda Civic'
            the configuration's own key as an alias | "aliases": ["2019-honda-civic-lx-k20c2-fwd"] | configurations[0].aliases[0]: 2019-honda-civic-lx-k20c2-fwd is the configuration's own config_key, not an alias
            an alias twice | "aliases": ["2019-honda-civic-lx-k20c2", "2019-honda-civic-lx-k20c2"] | configurations[0].aliases[1]: 2019-honda-civic-lx-k20c2 is listed twice
            """)
    void aStatedSourceOrAliasThatBreaksARuleRefusesTheFile(String what, String fields, String message) {
        String catalog = "{\"format\": \"vspec-catalog/1\", \"configurations\": [{" + CIVIC + ", " + fields + "}]}";

        assertThatThrownBy(() -> commandsOf(catalog))
                .as(what)
                .isInstanceOf(CatalogImportException.class)
                .hasMessage(message);
    }

    @Test
    void aPriceSourceIsCheckedWhereThePriceIs() {
        String catalog = "{\"format\": \"vspec-catalog/1\", \"configurations\": [{" + CIVIC + ", "
                + PARTS.replace("\"version\": \"2026-02-17\"", "\"version\": \"\"") + "}]}";

        assertThatThrownBy(() -> commandsOf(catalog))
                .hasMessage("configurations[0].parts[0].prices[0].source: version must be left out or not blank");
    }

    @Test
    void aVendorsAnswerStatesNoSource() {
        CatalogReader reader = new CatalogReader();
        byte[] answer = ("{\"format\": \"vspec-catalog/1\", \"configurations\": [{" + CIVIC + ", \"source\": "
                        + DEALER_FILE + "}]}")
                .getBytes(StandardCharsets.UTF_8);

        assertThatThrownBy(() -> reader.read(reader.parse(answer), entry -> {}))
                .isInstanceOf(CatalogImportException.class)
                .hasMessage(
                        "configurations[0]: a vendor's answer states no source; vspec records the vendor that gave it");
    }

    private List<CatalogCommand> commandsOf(String json) throws IOException {
        Path catalog = folder.resolve("catalog.json");
        Files.writeString(catalog, json);
        List<CatalogCommand> commands = new ArrayList<>();
        new CatalogReader()
                .read(
                        new FileSystemResource(catalog),
                        entry -> entry.steps().forEach(step -> commands.add(step.commandFrom(FILE))));
        return commands;
    }

    private static String describe(CatalogCommand command) {
        String name = command.getClass().getSimpleName();
        if (command instanceof RegisterConfiguration c) {
            return name + " " + c.configKey();
        }
        if (command instanceof AliasConfigKey c) {
            return name + " " + c.alias();
        }
        if (command instanceof PricePart c) {
            return name + " " + c.asOf();
        }
        if (command instanceof LinkVin c) {
            return name + " " + c.vin();
        }
        if (command instanceof RecordServiceHistory c) {
            return name + " " + c.vin();
        }
        return name;
    }
}
