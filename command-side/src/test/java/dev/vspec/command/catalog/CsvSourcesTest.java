package dev.vspec.command.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vspec.contracts.catalog.AliasConfigKey;
import dev.vspec.contracts.catalog.FactSource;
import dev.vspec.contracts.catalog.Fluid;
import dev.vspec.contracts.catalog.LinkVin;
import dev.vspec.contracts.catalog.PricePart;
import dev.vspec.contracts.catalog.RecordFluids;
import dev.vspec.contracts.catalog.RecordServiceHistory;
import dev.vspec.contracts.catalog.RegisterConfiguration;
import dev.vspec.contracts.catalog.ServiceRecord;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The source columns of the CSV files: a row that states a source records its fact with it, checked as a JSON
 * catalog's; a row that states none records its fact with its own file, whatever another row states; the rows of one
 * group state one source.
 */
class CsvSourcesTest {

    private static final String CAMRY = "2018-toyota-camry-le-a25a-fks-fwd";
    private static final String VIN = "4T1B11HK0JU512347";
    private static final String SOURCE =
            ",source_kind,source_name,source_version,source_sha256,source_response_millis\n";
    private static final FactSource VPIC = FactSource.vpic("2026-02-17", "b".repeat(64));
    private static final FactSource ACME = FactSource.vendor("Acme Parts", 120);
    private static final FactSource DEALER = FactSource.importFile("dealer.json", "c".repeat(64));
    private static final String STATES_VPIC = ",vpic,NHTSA vPIC,2026-02-17," + "b".repeat(64) + ",\n";
    private static final String STATES_ACME = ",vendor,Acme Parts,,,120\n";
    private static final String STATES_DEALER = ",import,dealer.json,," + "c".repeat(64) + ",\n";
    private static final String STATES_NONE = ",,,,,\n";
    private static final String CONFIGURATIONS = "year,make,model,trim,engine_code,drivetrain,label";
    private static final String CAMRY_ROW = "2018,Toyota,Camry,LE,A25A-FKS,FWD,2018 Toyota Camry LE";
    private static final String FLUIDS = "config_key,type,specification,capacity_litres,capacity_us_quarts";
    private static final String HISTORY = "vin,performed_on,odometer_miles,performed_by,services";

    private final CsvFolder csv;

    CsvSourcesTest(@TempDir Path folder) {
        csv = new CsvFolder(folder);
    }

    @Test
    void aRowThatStatesASourceRecordsItsFactWithThatSource() throws IOException {
        csv.write("configurations.csv", CONFIGURATIONS + SOURCE + CAMRY_ROW + STATES_VPIC);
        csv.write(
                "fluids.csv",
                FLUIDS + SOURCE + CAMRY + ",engine_oil,0W-16,4.5,4.8" + STATES_ACME + CAMRY + ",coolant,SLLC,7.1,7.5"
                        + STATES_ACME);
        csv.write(
                "parts.csv",
                "config_key,part_number,name,category,brand,quantity\n" + CAMRY
                        + ",04152-YZZA1,Oil filter,filter,Toyota,1\n");
        csv.write(
                "prices.csv",
                "config_key,part_number,amount,currency,as_of" + SOURCE + CAMRY + ",04152-YZZA1,7.90,USD,2026-01-15"
                        + STATES_DEALER + CAMRY + ",04152-YZZA1,8.10,USD,2026-06-01" + STATES_NONE);
        csv.write("aliases.csv", "config_key,alias" + SOURCE + CAMRY + ",2018-toyota-camry-le-a25a-fks" + STATES_VPIC);
        csv.write("vins.csv", "config_key,vin" + SOURCE + CAMRY + "," + VIN + STATES_DEALER);
        csv.write(
                "service_history.csv",
                HISTORY + SOURCE + VIN + ",2019-03-02,5120,dealer,engine_oil_change" + STATES_ACME);

        ImportFiles files = csv.check(
                "configurations.csv",
                "fluids.csv",
                "parts.csv",
                "prices.csv",
                "aliases.csv",
                "vins.csv",
                "service_history.csv");

        assertThat(files.problems()).isEmpty();
        assertThat(CsvFolder.commandsOf(files, CAMRY))
                .contains(
                        new RegisterConfiguration(
                                CAMRY, 2018, "Toyota", "Camry", "LE", "A25A-FKS", "FWD", "2018 Toyota Camry LE", VPIC),
                        new AliasConfigKey(CAMRY, "2018-toyota-camry-le-a25a-fks", VPIC),
                        new RecordFluids(
                                CAMRY,
                                List.of(
                                        new Fluid(
                                                "engine_oil",
                                                "0W-16",
                                                new BigDecimal("4.5"),
                                                new BigDecimal("4.8"),
                                                null),
                                        new Fluid(
                                                "coolant", "SLLC", new BigDecimal("7.1"), new BigDecimal("7.5"), null)),
                                ACME),
                        new PricePart(
                                CAMRY, "04152-YZZA1", new BigDecimal("7.90"), "USD", LocalDate.of(2026, 1, 15), DEALER),
                        new PricePart(
                                CAMRY,
                                "04152-YZZA1",
                                new BigDecimal("8.10"),
                                "USD",
                                LocalDate.of(2026, 6, 1),
                                csv.sourceOf("prices.csv")),
                        new LinkVin(VIN, CAMRY, DEALER),
                        new RecordServiceHistory(
                                VIN,
                                List.of(new ServiceRecord(
                                        LocalDate.of(2019, 3, 2), 5120, null, "dealer", List.of("engine_oil_change"))),
                                ACME));
    }

    @Test
    void theConfigurationsSourceDoesNotStandForTheFactsOfRowsThatStateNone() throws IOException {
        csv.write("configurations.csv", CONFIGURATIONS + SOURCE + CAMRY_ROW + STATES_VPIC);
        csv.write("fluids.csv", FLUIDS + "\n" + CAMRY + ",engine_oil,0W-16,4.5,4.8\n");
        csv.write("vins.csv", "config_key,vin" + SOURCE + CAMRY + "," + VIN + STATES_NONE);

        ImportFiles files = csv.check("configurations.csv", "fluids.csv", "vins.csv");

        assertThat(files.problems()).isEmpty();
        assertThat(CsvFolder.commandsOf(files, CAMRY))
                .extracting(command -> command.source())
                .containsExactly(VPIC, csv.sourceOf("fluids.csv"), csv.sourceOf("vins.csv"));
    }

    @Test
    void theRowsOfOneGroupOfAConfigurationOrOfOneServiceHistoryStateOneSource() throws IOException {
        csv.write(
                "fluids.csv",
                FLUIDS + SOURCE + CAMRY + ",engine_oil,0W-16,4.5,4.8" + STATES_NONE + CAMRY + ",coolant,SLLC,7.1,7.5"
                        + STATES_ACME);
        csv.write("vins.csv", "config_key,vin\n" + CAMRY + "," + VIN + "\n");
        csv.write(
                "service_history.csv",
                HISTORY + SOURCE + VIN + ",2019-03-02,5120,dealer,engine_oil_change" + STATES_ACME + VIN
                        + ",2020-02-15,15410,dealer,engine_oil_change,vendor,Zenith Data,,,120\n");

        assertThat(csv.check("fluids.csv", "vins.csv", "service_history.csv").problems())
                .extracting(ImportFiles.Problem::toString)
                .containsExactly(
                        "fluids.csv: line 3, column 6 (source_kind): a group is recorded as one fact with one source,"
                                + " so every row of the fluids of " + CAMRY + " states the same source; line 2 states"
                                + " none",
                        "service_history.csv: line 3, column 7 (source_name): a group is recorded as one fact with one"
                                + " source, so every row of the service history of " + VIN + " states the same source;"
                                + " line 2 states another");
    }

    @Test
    void aSourceCellThatBreaksARuleIsToldAtItsColumn() throws IOException {
        csv.write("fluids.csv", FLUIDS + SOURCE + CAMRY + ",engine_oil,0W-16,4.5,4.8,import,dealer.json,,C0FFEE,\n");
        csv.write(
                "specs.csv",
                "config_key,section,name,value,source_kind,source_name,source_response_millis\n" + CAMRY
                        + ",engine,cylinders,4,vendor,Acme Parts,fast\n");
        csv.write(
                "labor.csv",
                "config_key,operation,description,hours" + SOURCE + CAMRY
                        + ",engine_oil_change,Replace oil,0.5,,Acme Parts,,,\n");
        csv.write(
                "aliases.csv",
                "config_key,alias,source_kind,source_name\n" + CAMRY
                        + ",2018-toyota-camry-le-a25a-fks,file,aliases.xlsx\n");

        assertThat(csv.check("fluids.csv", "specs.csv", "labor.csv", "aliases.csv")
                        .problems())
                .extracting(ImportFiles.Problem::toString)
                .containsExactly(
                        "fluids.csv: line 2, column 9 (source_sha256): source_sha256 must be a SHA-256 in lower-case"
                                + " hex (64 characters); got 'C0FFEE'",
                        "specs.csv: line 2, column 7 (source_response_millis): must be a whole number; got 'fast'",
                        "labor.csv: line 2, column 6 (source_name): source_name is given but source_kind is empty: a"
                                + " row states a source with its source_kind and source_name, or none with every"
                                + " source column empty",
                        "aliases.csv: line 2, column 3 (source_kind): a fact's source kind is import, vendor, epa, vpic"
                                + " or synthetic, not file");
    }
}
