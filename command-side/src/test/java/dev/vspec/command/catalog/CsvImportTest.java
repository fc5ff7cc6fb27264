package dev.vspec.command.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vspec.contracts.catalog.AliasConfigKey;
import dev.vspec.contracts.catalog.CacheExteriorImage;
import dev.vspec.contracts.catalog.CatalogCommand;
import dev.vspec.contracts.catalog.FactSource;
import dev.vspec.contracts.catalog.Fluid;
import dev.vspec.contracts.catalog.LinkVin;
import dev.vspec.contracts.catalog.PricePart;
import dev.vspec.contracts.catalog.RecordFluids;
import dev.vspec.contracts.catalog.RecordServiceHistory;
import dev.vspec.contracts.catalog.RecordTires;
import dev.vspec.contracts.catalog.RegisterConfiguration;
import dev.vspec.contracts.catalog.ServiceRecord;
import dev.vspec.contracts.catalog.TireFitment;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.core.io.ClassPathResource;

/**
 * CSV files of an import read into the configuration entries and commands of the JSON format, under its rules, every
 * problem told by file, line and column; and files of one import that would give one fact twice.
 */
class CsvImportTest {

    private static final Path SAMPLE = Path.of("..", "docs", "catalog-sample");
    private static final String CAMRY = "2018-toyota-camry-le-a25a-fks-fwd";
    private static final String HEADER = "year,make,model,trim,engine_code,drivetrain,label\n";
    private static final String CAMRY_ROW = "2018,Toyota,Camry,LE,A25A-FKS,FWD,2018 Toyota Camry LE\n";
    private static final String FLUIDS = "config_key,type,specification,capacity_litres,capacity_us_quarts,notes\n";

    private final Path folder;
    private final CsvFolder csv;

    CsvImportTest(@TempDir Path folder) {
        this.folder = folder;
        this.csv = new CsvFolder(folder);
    }

    @Test
    void theExampleSetBecomesTheCommandsOfEveryGroupEachWithItsFileAsSource() throws IOException {
        ImportFiles files = ImportFiles.check(CsvFolder.csvFilesIn(SAMPLE));

        assertThat(files.problems()).isEmpty();
        assertThat(files.configurations()).isEqualTo(3);
        assertThat(files.vins()).isEqualTo(6);
        List<CatalogCommand> camry = CsvFolder.commandsOf(files, CAMRY);
        assertThat(camry)
                .extracting(command -> command.getClass().getSimpleName())
                .containsExactly(
                        "RegisterConfiguration",
                        "AliasConfigKey",
                        "RecordFluids",
                        "RecordSpecs",
                        "RecordTires",
                        "RecordServiceSchedule",
                        "RecordLaborTimes",
                        "RecordParts",
                        "PricePart",
                        "PricePart",
                        "PricePart",
                        "PricePart",
                        "CacheExteriorImage",
                        "LinkVin",
                        "RecordServiceHistory",
                        "LinkVin");
        FactSource fluids = sourceOf("sample-fluids.csv");
        assertThat(camry.get(2))
                .isEqualTo(new RecordFluids(
                        CAMRY,
                        List.of(
                                new Fluid(
                                        "engine_oil",
                                        "API SN ILSAC GF-5 0W-16",
                                        new BigDecimal("4.5"),
                                        new BigDecimal("4.8"),
                                        "with filter"),
                                new Fluid(
                                        "coolant",
                                        "Toyota Super Long Life Coolant (pre-mixed)",
                                        new BigDecimal("7.1"),
                                        new BigDecimal("7.5"),
                                        null),
                                new Fluid("brake_fluid", "DOT 3", new BigDecimal("1.0"), new BigDecimal("1.1"), null)),
                        fluids));
        assertThat(camry.get(0))
                .isEqualTo(new RegisterConfiguration(
                        CAMRY,
                        2018,
                        "Toyota",
                        "Camry",
                        "LE",
                        "A25A-FKS",
                        "FWD",
                        "2018 Toyota Camry LE 2.5L I4 8AT",
                        sourceOf("sample-configurations.csv")));
        assertThat(camry.get(4))
                .isEqualTo(new RecordTires(
                        CAMRY,
                        List.of(new TireFitment("both", "205/65R16", 95, "H", 240, 35)),
                        sourceOf("sample-tires.csv")));
        assertThat(camry)
                .contains(new PricePart(
                        CAMRY,
                        "04152-YZZA1",
                        new BigDecimal("7.90"),
                        "USD",
                        LocalDate.of(2026, 1, 15),
                        sourceOf("sample-prices.csv")))
                .contains(new LinkVin("4T1B11HK0JU512347", CAMRY, sourceOf("sample-vins.csv")))
                .contains(new AliasConfigKey(CAMRY, "2018-toyota-camry-le-a25a-fks", sourceOf("sample-aliases.csv")));
        assertThat(((CacheExteriorImage) camry.get(12)).image())
                .isEqualTo(Files.readAllBytes(SAMPLE.resolve("images/2018-toyota-camry-le.svg")));
        assertThat(CsvFolder.commandsOf(files, "2018-ford-escape-se-1-5-ecoboost-fwd"))
                .contains(new RecordServiceHistory(
                        "1FMCU0GD4JUA46012",
                        List.of(new ServiceRecord(
                                LocalDate.of(2019, 8, 30),
                                null,
                                16210,
                                "fleet",
                                List.of("engine_oil_change", "tire_rotation"))),
                        sourceOf("sample-service_history.csv")))
                .contains(new RecordServiceHistory(
                        "1FMCU0GD4JUB77215", List.of(), sourceOf("sample-service_history.csv")));
    }

    @Test
    void aRowWithoutDataRecordsTheGroupAsNoneAndAConfigurationTheImportDoesNotRegisterGetsNoRegistration()
            throws IOException {
        csv.write("fluids.csv", FLUIDS + CAMRY + ",,,,,\n");

        ImportFiles files = csv.check("fluids.csv");

        assertThat(files.problems()).isEmpty();
        assertThat(CsvFolder.commandsOf(files, CAMRY))
                .containsExactly(new RecordFluids(CAMRY, List.of(), sourceOf("fluids.csv")));
    }

    @Test
    void theRulesOfTheFormatAreToldAtTheFileLineAndColumnOfTheValue() throws IOException {
        csv.write("configurations.csv", HEADER + CAMRY_ROW + "1899,Ford,Model T,Base,T,,1899 Ford Model T\n");
        csv.write("fluids.csv", FLUIDS + CAMRY + ",engine_oil,0W-16,4.5,-4.8,\n");
        csv.write(
                "tires.csv",
                "config_key,axle,size,load_index,speed_rating,pressure_kpa,pressure_psi\n" + CAMRY
                        + ",middle,205/65R16,95,H,240,35\n");
        csv.write("images.csv", "config_key,content_type,path\n" + CAMRY + ",image/png,images/missing.png\n");
        csv.write("vins.csv", "config_key,vin\n" + CAMRY + ",4T1B11HK0JU512347\n");
        csv.write(
                "service_history.csv",
                "vin,performed_on,odometer_miles,odometer_km,performed_by,services\n"
                        + "4T1B11HK0JU512347,2020-02-15,15410,,dealer,engine_oil_change\n"
                        + "4T1B11HK0JU512347,2019-03-02,5120,,dealer,engine_oil_change\n");

        ImportFiles files = csv.check(
                "configurations.csv", "fluids.csv", "tires.csv", "images.csv", "vins.csv", "service_history.csv");

        assertThat(files.problems())
                .extracting(ImportFiles.Problem::toString)
                .containsExactlyInAnyOrder(
                        "configurations.csv: line 3, column 1 (year): year must be between 1900 and 2100; got 1899",
                        "fluids.csv: line 2, column 5 (capacity_us_quarts): capacity_us_quarts must not be negative;"
                                + " got -4.8");
        csv.write("fluids.csv", FLUIDS + CAMRY + ",engine_oil,0W-16,4.5,4.8,\n");
        csv.write("configurations.csv", HEADER + CAMRY_ROW);

        assertThat(csv.check("configurations.csv", "fluids.csv", "tires.csv").problems())
                .extracting(ImportFiles.Problem::toString)
                .containsExactly("tires.csv: line 2, column 2 (axle): axle must be front, rear or both; got 'middle'");
        assertThat(csv.check("configurations.csv", "images.csv").problems())
                .extracting(ImportFiles.Problem::toString)
                .containsExactly(
                        "images.csv: line 2, column 3 (path): images/missing.png does not exist next to the catalog");
        assertThat(csv.check("configurations.csv", "vins.csv", "service_history.csv")
                        .problems())
                .extracting(ImportFiles.Problem::toString)
                .containsExactly("service_history.csv: line 3, column 2 (performed_on): performed_on 2019-03-02 is"
                        + " before the previous visit's 2020-02-15; list visits oldest first");
    }

    @Test
    void cellsOfAnotherTypeAreEachToldAtTheirLineAndColumn() throws IOException {
        csv.write("fluids.csv", FLUIDS + CAMRY + ",engine_oil,0W-16,\"4,5\",4.8,\n" + CAMRY + ",coolant,x,five,5,\n");
        csv.write(
                "tires.csv",
                "config_key,axle,size,load_index,speed_rating,pressure_kpa,pressure_psi\n" + CAMRY
                        + ",both,205/65R16,95.5,H,,35\n");
        csv.write(
                "prices.csv",
                "config_key,part_number,amount,currency,as_of\n" + CAMRY + ",04152-YZZA1,7.90,USD,01/15/2026\n");

        assertThat(csv.check("fluids.csv", "tires.csv", "prices.csv").problems())
                .extracting(ImportFiles.Problem::toString)
                .containsExactly(
                        "fluids.csv: line 2, column 4 (capacity_litres): must be a number; got '4,5', written with a"
                                + " decimal comma: write 4.5",
                        "fluids.csv: line 3, column 4 (capacity_litres): must be a number; got 'five'",
                        "tires.csv: line 2, column 4 (load_index): must be a whole number; got '95.5'",
                        "prices.csv: line 2, column 5 (as_of): must be a date YYYY-MM-DD; got '01/15/2026'");
    }

    @Test
    void aHeaderIsCheckedAgainstItsGroupsColumnsAndAFileNameMustSayItsGroup() throws IOException {
        csv.write("fluids.csv", "config_key,type,specification,capacity_liters,capacity_us_quarts\n");
        csv.write("shop-tires.csv", "config_key,axle,size,load_index,speed_rating,pressure_kpa\n");
        csv.write("labor.csv", "config_key,operation,description,hours,hours\n");
        csv.write("oils.csv", "config_key,type\n");

        assertThat(csv.check("fluids.csv", "shop-tires.csv", "labor.csv", "oils.csv")
                        .problems())
                .extracting(ImportFiles.Problem::toString)
                .containsExactly(
                        "fluids.csv: line 1, column 4: unknown column \"capacity_liters\"; the columns of fluids.csv"
                                + " are config_key, type, specification, capacity_litres, capacity_us_quarts,"
                                + " notes (optional), where year, make, model, trim, engine_code and drivetrain may name"
                                + " the configuration instead of config_key; source_kind, source_name, source_version,"
                                + " source_sha256, source_response_millis (optional) may state each row's source",
                        "shop-tires.csv: line 1: the column pressure_psi is missing; the columns of tires.csv are"
                                + " config_key, axle, size, load_index, speed_rating, pressure_kpa, pressure_psi, where"
                                + " year, make, model, trim, engine_code and drivetrain may name the configuration"
                                + " instead of config_key; source_kind, source_name, source_version, source_sha256,"
                                + " source_response_millis (optional) may state each row's source",
                        "labor.csv: line 1, column 5: the column hours is already column 4",
                        "oils.csv: the name of a CSV file says its group: configurations.csv, fluids.csv, specs.csv,"
                                + " tires.csv, service_schedule.csv, parts.csv, prices.csv, labor.csv, images.csv,"
                                + " aliases.csv, vins.csv, service_history.csv, or one of them after a prefix such as"
                                + " shop- (shop-fluids.csv)");
    }

    @Test
    void aConfigKeyAndAnIdentityThatDisagreeAndAMalformedKeyAreRefused() throws IOException {
        csv.write(
                "fluids.csv",
                "config_key,year,make,model,trim,engine_code,drivetrain,type,specification,"
                        + "capacity_litres,capacity_us_quarts\n"
                        + CAMRY + ",2018,Toyota,Camry,SE,A25A-FKS,FWD,engine_oil,0W-16,4.5,4.8\n");
        csv.write("specs.csv", "config_key,section,name,value\nCamry LE,engine,cylinders,4\n");

        assertThat(csv.check("fluids.csv", "specs.csv").problems())
                .extracting(ImportFiles.Problem::toString)
                .containsExactly(
                        "fluids.csv: line 2, column 1 (config_key): config_key must be"
                                + " 2018-toyota-camry-se-a25a-fks-fwd (derived from year, make, model, trim,"
                                + " engine_code, drivetrain); got " + CAMRY,
                        "specs.csv: line 2, column 1 (config_key): 'Camry LE' is not a config_key"
                                + " (year-make-model-trim-enginecode[-drivetrain], lower case)");
    }

    @Test
    void aPriceNeedsItsPartAndAHistoryItsVinInTheSameImport() throws IOException {
        csv.write(
                "prices.csv",
                "config_key,part_number,amount,currency,as_of\n" + CAMRY + ",04152-YZZA1,7.90,USD,2026-01-15\n");
        csv.write(
                "service_history.csv",
                "vin,performed_on,odometer_miles,performed_by,services\n"
                        + "4T1B11HK0JU512347,2019-03-02,5120,dealer,engine_oil_change\n");

        assertThat(csv.check("prices.csv", "service_history.csv").problems())
                .extracting(ImportFiles.Problem::toString)
                .containsExactly(
                        "prices.csv: line 2, column 2 (part_number): 04152-YZZA1 is not in the parts of " + CAMRY
                                + " in this import; a price belongs to a part the import's parts file lists",
                        "service_history.csv: line 2, column 1 (vin): 4T1B11HK0JU512347 is not in the vins of this"
                                + " import; a service history belongs to a VIN a vins file of the same import links");
    }

    @Test
    void aRowWithoutDataStandsAloneAndAGroupOfAConfigurationStandsInOneFile() throws IOException {
        csv.write("fluids.csv", FLUIDS + CAMRY + ",engine_oil,0W-16,4.5,4.8,\n" + CAMRY + ",,,,,\n");
        csv.write("more-specs.csv", "config_key,section,name,value\n" + CAMRY + ",engine,cylinders,4\n");
        csv.write("specs.csv", "config_key,section,name,value\n" + CAMRY + ",engine,displacement,2.5\n");

        assertThat(csv.check("fluids.csv", "specs.csv", "more-specs.csv").problems())
                .extracting(ImportFiles.Problem::toString)
                .containsExactly(
                        "fluids.csv: line 3, column 1 (config_key): a row without data records the fluids of " + CAMRY
                                + " as none, so it stands alone; line 2 is about it too",
                        "more-specs.csv: line 2, column 1 (config_key): the specs of " + CAMRY
                                + " are already in specs.csv; give a group of a configuration in one file");
    }

    @Test
    void aConfigurationOrAnImageGivenTwiceIsToldWithTheFirstOnesPlace() throws IOException {
        csv.write("configurations.csv", HEADER + CAMRY_ROW + CAMRY_ROW);
        csv.write("images.csv", "config_key,content_type,path\n" + CAMRY + ",image/png,a.png\n");
        csv.write("shop-images.csv", "config_key,content_type,path\n" + CAMRY + ",image/png,b.png\n");

        assertThat(csv.check("configurations.csv", "images.csv", "shop-images.csv")
                        .problems())
                .extracting(ImportFiles.Problem::toString)
                .containsExactly(
                        "configurations.csv: line 3, column 1 (year): " + CAMRY
                                + " is already described at configurations.csv line 2",
                        "shop-images.csv: line 2, column 1 (config_key): " + CAMRY
                                + " already has an image at images.csv line 2");
    }

    @Test
    void aConfigurationAGroupAndAVinGivenByTwoFilesOfOneImportAreRefused() throws IOException {
        String civic = "2019-honda-civic-lx-k20c2-fwd";
        csv.write("configurations.csv", HEADER + "2019,Honda,Civic,LX,K20C2,FWD,2019 Honda Civic LX\n");
        csv.write("fluids.csv", FLUIDS + civic + ",engine_oil,0W-20,4.2,4.4,\n");
        csv.write("vins.csv", "config_key,vin\n" + CAMRY + ",19XFC2F59KE900101\n");

        assertThat(ImportFiles.check(List.of(
                                new ClassPathResource("catalog/test/catalog.json"),
                                csv.file("configurations.csv"),
                                csv.file("fluids.csv"),
                                csv.file("vins.csv")))
                        .problems())
                .extracting(ImportFiles.Problem::toString)
                .containsExactly(
                        "configurations.csv: line 2: " + civic + " is already described at catalog.json:"
                                + " configurations[0]",
                        "fluids.csv: line 2: the fluids of " + civic + " are already given at catalog.json:"
                                + " configurations[0].fluids",
                        "vins.csv: line 2: 19XFC2F59KE900101 is already listed at catalog.json: configurations[0].vins[0]");
    }

    private FactSource sourceOf(String name) throws IOException {
        Path file = Files.exists(folder.resolve(name)) ? folder.resolve(name) : SAMPLE.resolve(name);
        return CsvFolder.sourceOf(file);
    }
}
