package dev.vspec.command.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.zaxxer.hikari.HikariDataSource;
import dev.vspec.command.TestVins;
import dev.vspec.contracts.catalog.AliasConfigKey;
import dev.vspec.contracts.catalog.CacheExteriorImage;
import dev.vspec.contracts.catalog.CatalogCommand;
import dev.vspec.contracts.catalog.FactSource;
import dev.vspec.contracts.catalog.Fluid;
import dev.vspec.contracts.catalog.LinkVin;
import dev.vspec.contracts.catalog.Part;
import dev.vspec.contracts.catalog.PricePart;
import dev.vspec.contracts.catalog.RecordFluids;
import dev.vspec.contracts.catalog.RecordParts;
import dev.vspec.contracts.catalog.RecordServiceHistory;
import dev.vspec.contracts.catalog.RecordSpecs;
import dev.vspec.contracts.catalog.RegisterConfiguration;
import dev.vspec.contracts.catalog.ServiceRecord;
import dev.vspec.contracts.catalog.SpecItem;
import dev.vspec.testing.CatalogFiles;
import dev.vspec.testing.database.TestDatabase;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.LocalDate;
import java.util.List;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.core.io.ClassPathResource;
import org.springframework.core.io.FileSystemResource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Exports from a real event store (a database of its own, filled through the catalog's aggregates as the command
 * side fills it) and imports the export again, JSON or CSV: it is one snapshot, and it keeps every fact with its
 * source. The tests that store more run last.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class CatalogExportIT {

    private static final String KEY = "2017-honda-fit-ex-l15b1-fwd";
    private static final FactSource VPIC = FactSource.vpic("2026-02-17", "b".repeat(64));
    private static final FactSource ACME = FactSource.vendor("Acme Parts", 120);
    private static final FactSource DEALER = FactSource.importFile("dealer.json", "c".repeat(64));
    private static final JsonMapper JSON = JsonMapper.builder().build();

    @TempDir
    static Path work;

    private static TestDatabase database;
    private static HikariDataSource dataSource;
    private static CatalogCommandSide commandSide;
    private static String vin;

    @BeforeAll
    static void fillAnEventStoreFromSeveralSources() {
        database = TestDatabase.create("vspec_export").migrated();
        dataSource = dataSourceOf(database);
        commandSide = CatalogCommandSide.over(dataSource);
        commandSide.importer().importCatalog(new ClassPathResource("catalog/test/catalog.json"));
        vin = TestVins.next();
        commandSide.send(List.of(
                new RegisterConfiguration(KEY, 2017, "HONDA", "Fit", "EX", "L15B1", "FWD", "2017 HONDA Fit EX", VPIC),
                new AliasConfigKey(KEY, "2017-honda-fit-ex-l15b1", VPIC),
                new RecordSpecs(KEY, List.of(new SpecItem("engine", "displacement", "1.5", "L")), VPIC),
                new RecordFluids(
                        KEY,
                        List.of(new Fluid("engine_oil", "0W-20", new BigDecimal("3.40"), new BigDecimal("3.6"), null)),
                        ACME),
                new RecordParts(
                        KEY, List.of(new Part("15400-RTA-003", "Oil filter", "filter", "Honda", 1, null)), ACME),
                new PricePart(KEY, "15400-RTA-003", new BigDecimal("8.10"), "USD", LocalDate.of(2026, 1, 5), ACME),
                new PricePart(KEY, "15400-RTA-003", new BigDecimal("8.45"), "USD", LocalDate.of(2026, 6, 1), DEALER),
                new CacheExteriorImage(KEY, "image/png", new byte[] {(byte) 0x89, 'P', 'N', 'G'}, ACME),
                new LinkVin(vin, KEY, ACME),
                new RecordServiceHistory(
                        vin,
                        List.of(new ServiceRecord(
                                LocalDate.of(2021, 5, 2), 8012, null, "owner", List.of("oil_change"))),
                        DEALER)));
    }

    @AfterAll
    static void dropTheDatabase() {
        commandSide.close();
        dataSource.close();
        database.drop();
    }

    @Test
    @Order(1)
    void importingTheExportAgainStoresNothing() throws Exception {
        Path export = work.resolve("again");

        CatalogExporter.Summary summary = export(export);
        long before = commandSide.eventsStored();
        commandSide.importer().importCatalog(new FileSystemResource(export.resolve("catalog.json")));

        assertThat(summary.configurations()).isEqualTo(4);
        assertThat(summary.vins()).isEqualTo(5);
        assertThat(summary.images()).isEqualTo(2);
        assertThat(commandSide.eventsStored())
                .as("every fact went back with the value and source it had")
                .isEqualTo(before);
    }

    @Test
    @Order(2)
    void eachFactKeepsItsSourceAndTheFileSaysWhatItsOwnIs() throws Exception {
        Path export = work.resolve("sources");

        export(export);

        JsonNode fit = configuration(export, KEY);
        assertThat(fit.get("source").get("kind").asString()).isEqualTo("vpic");
        assertThat(fit.get("aliases").get(0).asString()).isEqualTo("2017-honda-fit-ex-l15b1");
        assertThat(fit.get("sources").get("fluids").get("name").asString()).isEqualTo("Acme Parts");
        assertThat(fit.get("sources").has("specs"))
                .as("vPIC's, as the configuration's")
                .isFalse();
        assertThat(fit.get("parts")
                        .get(0)
                        .get("prices")
                        .get(1)
                        .get("source")
                        .get("name")
                        .asString())
                .isEqualTo("dealer.json");
        assertThat(fit.get("sources").get("vins").get(vin).get("kind").asString())
                .isEqualTo("vendor");
        assertThat(fit.get("sources")
                        .get("service_history")
                        .get(vin)
                        .get("name")
                        .asString())
                .isEqualTo("dealer.json");
        assertThat(fit.get("image").get("path").asString()).isEqualTo("images/" + KEY + ".png");
        assertThat(configuration(export, "2019-honda-civic-lx-k20c2-fwd")
                        .get("source")
                        .get("name")
                        .asString())
                .isEqualTo("catalog.json");
    }

    @Test
    @Order(3)
    void anExportIsOneSnapshotAndTheSameStoreGivesTheSameBytes() throws Exception {
        String later = "2017-honda-fit-lx-l15b1-fwd";
        Path during = work.resolve("during");
        Path after = work.resolve("after");
        Path again = work.resolve("after-again");

        CatalogExporter.export(dataSource, during, CatalogExporter.Format.JSON, new CatalogExporter.Progress() {
            @Override
            public void started(long configurations) {
                commandSide.send(List.of(new RegisterConfiguration(
                        later, 2017, "Honda", "Fit", "LX", "L15B1", "FWD", "2017 Honda Fit LX", DEALER)));
            }

            @Override
            public void exported(long configurations) {}
        });
        export(after);
        export(again);

        assertThat(Files.readString(during.resolve("catalog.json"))).doesNotContain("2017 Honda Fit LX");
        assertThat(Files.readString(after.resolve("catalog.json"))).contains("2017 Honda Fit LX");
        assertThat(Files.readAllBytes(again.resolve("catalog.json")))
                .isEqualTo(Files.readAllBytes(after.resolve("catalog.json")));
    }

    @Test
    @Order(4)
    void aVinLinkedToAConfigurationNobodyRegisteredIsCountedAndLeftOut() throws Exception {
        String orphan = TestVins.next();
        commandSide.send(List.<CatalogCommand>of(new LinkVin(orphan, "2017-honda-fit-dx-l15b1-fwd", ACME)));
        Path export = work.resolve("orphan");

        CatalogExporter.Summary summary = export(export);

        assertThat(summary.unlinkedVins()).isEqualTo(1);
        assertThat(Files.readString(export.resolve("catalog.json"))).doesNotContain(orphan);
    }

    @Test
    @Order(5)
    void aFolderThatHoldsSomethingIsRefusedAndKeptAsItWas() throws IOException {
        Path export = work.resolve("taken");
        Files.createDirectories(export);
        Files.writeString(export.resolve("notes.txt"), "mine");

        assertThatThrownBy(() -> export(export))
                .isInstanceOf(CatalogExportException.class)
                .hasMessage(export + " is not empty; an export goes into a folder of its own");
        assertThat(Files.readString(export.resolve("notes.txt"))).isEqualTo("mine");
    }

    @Test
    @Order(6)
    void theCsvFilesHoldWhatTheJsonFileHolds() throws Exception {
        Path json = work.resolve("as-json");
        Path csv = work.resolve("as-csv");

        export(json);
        CatalogExporter.Summary summary =
                CatalogExporter.export(dataSource, csv, CatalogExporter.Format.CSV, CatalogExporter.Progress.NONE);

        JsonNode catalog = JSON.readTree(json.resolve("catalog.json").toFile());
        int prices = 0;
        int vins = 0;
        for (JsonNode c : catalog.get("configurations")) {
            for (JsonNode part : c.path("parts")) {
                prices += part.path("prices").size();
            }
            vins += c.path("vins").size();
        }
        assertThat(rows(csv, "configurations.csv"))
                .isEqualTo(catalog.get("configurations").size());
        assertThat(rows(csv, "prices.csv")).isEqualTo(prices);
        assertThat(rows(csv, "vins.csv")).isEqualTo(vins).isEqualTo(summary.vins());
        assertThat(Files.readString(csv.resolve("fluids.csv")))
                .contains(KEY + ",engine_oil,0W-20,3.40,3.6,,vendor,Acme Parts,,,120");
        assertThat(csv.resolve("images/" + KEY + ".png"))
                .hasSameBinaryContentAs(json.resolve("images/" + KEY + ".png"));
    }

    @Test
    @Order(7)
    void theCsvExportImportedAgainStoresNothingAndIntoAnEmptyStoreGivesBackEveryFactWithItsSource() throws Exception {
        Path csv = work.resolve("csv-backup");
        Path json = work.resolve("csv-backup-as-json");
        CatalogExporter.export(dataSource, csv, CatalogExporter.Format.CSV, CatalogExporter.Progress.NONE);
        export(json);
        long before = commandSide.eventsStored();

        importCsv(commandSide, csv);

        assertThat(commandSide.eventsStored())
                .as("every fact went back with the value and source it had")
                .isEqualTo(before);
        TestDatabase empty = TestDatabase.create("vspec_export_csv").migrated();
        Path restored = work.resolve("csv-restored-as-json");
        try (HikariDataSource store = dataSourceOf(empty);
                CatalogCommandSide restoring = CatalogCommandSide.over(store)) {
            importCsv(restoring, csv);
            export(store, restored);
        } finally {
            empty.drop();
        }
        assertThat(restored.resolve("catalog.json")).hasSameTextualContentAs(json.resolve("catalog.json"));
        assertThat(restored.resolve("images/" + KEY + ".png"))
                .hasSameBinaryContentAs(json.resolve("images/" + KEY + ".png"));
    }

    /** The CSV files of a folder as one import, each configuration sent as one unit. */
    private static void importCsv(CatalogCommandSide into, Path folder) throws IOException {
        ImportFiles files = ImportFiles.check(CsvFolder.csvFilesIn(folder));
        assertThat(files.problems()).isEmpty();
        files.forEachEntry(entry -> into.sendTogether(entry.unit(), true));
    }

    private static HikariDataSource dataSourceOf(TestDatabase database) {
        HikariDataSource dataSource = new HikariDataSource();
        dataSource.setJdbcUrl(database.url());
        dataSource.setUsername(database.user());
        dataSource.setPassword(database.password());
        return dataSource;
    }

    /** Rows below the header. */
    private static long rows(Path folder, String file) throws IOException {
        return Files.readAllLines(folder.resolve(file)).size() - 1L;
    }

    private static CatalogExporter.Summary export(Path folder) throws IOException, SQLException {
        return export(dataSource, folder);
    }

    private static CatalogExporter.Summary export(DataSource from, Path folder) throws IOException, SQLException {
        return CatalogExporter.export(from, folder, CatalogExporter.Format.JSON, CatalogExporter.Progress.NONE);
    }

    private static JsonNode configuration(Path export, String configKey) throws IOException {
        return CatalogFiles.configuration(
                JSON.readTree(export.resolve("catalog.json").toFile()), configKey);
    }
}
