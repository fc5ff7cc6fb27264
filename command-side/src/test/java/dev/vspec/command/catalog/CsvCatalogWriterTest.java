package dev.vspec.command.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vspec.contracts.catalog.ConfigurationRegistered;
import dev.vspec.contracts.catalog.FactSource;
import dev.vspec.contracts.catalog.LaborTimesRecorded;
import dev.vspec.contracts.catalog.SpecItem;
import dev.vspec.contracts.catalog.SpecsRecorded;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The CSV files of an export: one per group, each row with its fact's source, which an import reads back. */
class CsvCatalogWriterTest {

    private static final String SOURCE_COLUMNS =
            "source_kind,source_name,source_version,source_sha256,source_response_millis";
    private static final String IMPORT = "import,catalog.json,," + "a".repeat(64) + ",";
    private static final String DEALER = "import,dealer.json,," + "c".repeat(64) + ",";
    private static final String ACME = "vendor,Acme Parts,,,120";

    @TempDir
    Path folder;

    @Test
    void eachGroupIsAFileOfRowsKeyedByConfigurationEachWithTheSourceOfItsFact() throws IOException {
        export(ExportFixture.civic());

        assertThat(lines("configurations.csv"))
                .containsExactly(
                        "config_key,year,make,model,trim,engine_code,drivetrain,label," + SOURCE_COLUMNS,
                        ExportFixture.KEY + ",2019,Honda,Civic,LX,K20C2,FWD,2019 Honda Civic LX 2.0L," + IMPORT);
        assertThat(lines("fluids.csv"))
                .containsExactly(
                        "config_key,type,specification,capacity_litres,capacity_us_quarts,notes," + SOURCE_COLUMNS,
                        ExportFixture.KEY + ",engine_oil,API SP 0W-20,4.20,4.4,,vendor,Zenith Data,,,80");
        assertThat(lines("prices.csv"))
                .containsExactly(
                        "config_key,part_number,amount,currency,as_of," + SOURCE_COLUMNS,
                        ExportFixture.KEY + ",15400-PLM-A02,9.86,USD,2026-09-01," + DEALER,
                        ExportFixture.KEY + ",15400-PLM-A02,10.20,USD,2026-10-01," + ACME);
        assertThat(lines("images.csv"))
                .containsExactly(
                        "config_key,content_type,path," + SOURCE_COLUMNS,
                        ExportFixture.KEY + ",image/png,images/" + ExportFixture.KEY
                                + ".png,vpic,NHTSA vPIC,2026-02-17," + "b".repeat(64) + ",");
        assertThat(Files.readAllBytes(folder.resolve("images/" + ExportFixture.KEY + ".png")))
                .isEqualTo(ExportFixture.PNG);
        assertThat(lines("aliases.csv"))
                .endsWith(ExportFixture.KEY + ",2019-honda-civic-lx-k20c2,vpic,NHTSA vPIC,2026-02-17," + "b".repeat(64)
                        + ",");
        assertThat(lines("vins.csv")).endsWith(ExportFixture.KEY + "," + ExportFixture.VIN + "," + DEALER);
        assertThat(lines("service_history.csv"))
                .containsExactly(
                        "vin,performed_on,odometer_miles,odometer_km,performed_by,services," + SOURCE_COLUMNS,
                        ExportFixture.VIN + ",2020-08-30,15020,,dealer,engine_oil_change," + ACME);
        try (Stream<Path> files = Files.list(folder)) {
            assertThat(files.map(file -> file.getFileName().toString()))
                    .containsExactlyInAnyOrder(
                            "configurations.csv",
                            "fluids.csv",
                            "specs.csv",
                            "tires.csv",
                            "service_schedule.csv",
                            "parts.csv",
                            "prices.csv",
                            "labor.csv",
                            "images.csv",
                            "aliases.csv",
                            "vins.csv",
                            "service_history.csv",
                            "images");
        }
    }

    @Test
    void aGroupRecordedAsNoneIsARowWithTheKeyAloneAndAFieldWithACommaOrQuoteIsQuoted() throws IOException {
        String key = "2021-tesla-model-3-sr-3d1";
        FactSource shop = FactSource.importFile("shop, \"north\".json", "f".repeat(64));
        HeldConfiguration.Folding folding = new HeldConfiguration.Folding();
        folding.apply(new ConfigurationRegistered(
                key, 2021, "Tesla", "Model 3", "SR+", "3D1", null, "Model 3, \"SR+\"", shop));
        folding.apply(new LaborTimesRecorded(key, List.of(), shop));
        folding.apply(new SpecsRecorded(key, List.of(new SpecItem("battery", "capacity", "54", "kWh")), shop));

        export(folding.held(List.of()));

        String source = "import,\"shop, \"\"north\"\".json\",," + "f".repeat(64) + ",";
        assertThat(lines("configurations.csv"))
                .endsWith(key + ",2021,Tesla,Model 3,SR+,3D1,,\"Model 3, \"\"SR+\"\"\"," + source);
        assertThat(lines("labor.csv")).endsWith(key + ",,,," + source);
        assertThat(lines("fluids.csv")).hasSize(1);
        assertThat(CsvCatalogWriter.cell(new BigDecimal("1E+3"))).isEqualTo("1000");
    }

    @Test
    void anExportReadsBackAsTheCommandsThatRecordWhatTheCatalogHoldsEachFactWithItsSource() throws IOException {
        export(ExportFixture.civic());

        ImportFiles files = ImportFiles.check(CsvFolder.csvFilesIn(folder));

        assertThat(files.problems()).isEmpty();
        assertThat(CsvFolder.commandsOf(files, ExportFixture.KEY))
                .usingRecursiveFieldByFieldElementComparator()
                .containsExactlyElementsOf(ExportFixture.civicCommands());
    }

    @Test
    void anExportThatDoesNotFinishLeavesTheFolderEmpty() throws IOException {
        try (CsvCatalogWriter writer = new CsvCatalogWriter(folder)) {
            writer.write(ExportFixture.civic());
        }

        try (Stream<Path> left = Files.list(folder)) {
            assertThat(left).isEmpty();
        }
    }

    private void export(HeldConfiguration held) throws IOException {
        try (CsvCatalogWriter writer = new CsvCatalogWriter(folder)) {
            writer.write(held);
            writer.finish();
        }
    }

    private List<String> lines(String file) throws IOException {
        return Files.readAllLines(folder.resolve(file));
    }
}
