package dev.vspec.command.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.vspec.contracts.catalog.CacheExteriorImage;
import dev.vspec.contracts.catalog.FactSource;
import dev.vspec.contracts.catalog.Fluid;
import dev.vspec.contracts.catalog.LinkVin;
import dev.vspec.contracts.catalog.PricePart;
import dev.vspec.contracts.catalog.RecordFluids;
import dev.vspec.contracts.catalog.RecordLaborTimes;
import dev.vspec.contracts.catalog.RecordParts;
import dev.vspec.contracts.catalog.RecordServiceHistory;
import dev.vspec.contracts.catalog.RecordServiceSchedule;
import dev.vspec.contracts.catalog.RecordSpecs;
import dev.vspec.contracts.catalog.RecordTires;
import dev.vspec.contracts.catalog.RegisterConfiguration;
import dev.vspec.contracts.catalog.ServiceRecord;
import dev.vspec.contracts.error.ApiException;
import dev.vspec.contracts.error.ErrorCode;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import org.axonframework.commandhandling.SimpleCommandBus;
import org.axonframework.commandhandling.gateway.DefaultCommandGateway;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.core.io.ClassPathResource;
import org.springframework.core.io.DefaultResourceLoader;
import org.springframework.core.io.FileSystemResource;
import org.springframework.core.io.Resource;

/** Reading and checking catalog files, with a real Axon command bus whose handlers only record what arrives. */
class CatalogImporterTest {

    static final Resource TEST_CATALOG = new ClassPathResource("catalog/test/catalog.json");
    /** What every command of an import of the test catalog says it came from. */
    private static final FactSource SOURCE = CatalogImporter.sourceOf(TEST_CATALOG);

    @TempDir
    Path folder;

    private final List<Object> received = new ArrayList<>();
    private SimpleCommandBus commandBus;
    private CatalogImporter importer;

    @BeforeEach
    void setUp() {
        commandBus = SimpleCommandBus.builder().build();
        for (Class<?> type : List.of(
                RegisterConfiguration.class,
                RecordFluids.class,
                RecordSpecs.class,
                RecordTires.class,
                RecordServiceSchedule.class,
                RecordParts.class,
                PricePart.class,
                RecordLaborTimes.class,
                CacheExteriorImage.class,
                LinkVin.class,
                RecordServiceHistory.class)) {
            commandBus.subscribe(type.getName(), command -> {
                received.add(command.getPayload());
                return null;
            });
        }
        importer = new CatalogImporter(
                DefaultCommandGateway.builder().commandBus(commandBus).build());
    }

    @Test
    void sendsEachConfigurationInOrderRegisterGroupsPartsPricesImageVinsEachWithItsServiceHistory() {
        ImportSummary summary = importer.importCatalog(TEST_CATALOG);

        assertThat(summary).isEqualTo(new ImportSummary(3, 4, received.size()));
        assertThat(received)
                .extracting(command -> command.getClass().getSimpleName())
                .containsExactly(
                        "RegisterConfiguration",
                        "RecordFluids",
                        "RecordSpecs",
                        "RecordTires",
                        "RecordServiceSchedule",
                        "RecordLaborTimes",
                        "RecordParts",
                        "PricePart",
                        "PricePart",
                        "CacheExteriorImage",
                        "LinkVin",
                        "RecordServiceHistory",
                        "LinkVin",
                        "RegisterConfiguration",
                        "RecordFluids",
                        "RecordSpecs",
                        "LinkVin",
                        "RegisterConfiguration",
                        "RecordTires",
                        "LinkVin");
    }

    @Test
    void theShippedSampleCatalogPassesEveryCheck() {
        ImportSummary summary =
                importer.importCatalog(new DefaultResourceLoader().getResource(CatalogImporter.SAMPLE_CATALOG));

        assertThat(summary.configurations()).isPositive();
        assertThat(summary.vins()).isPositive();
        assertThat(received)
                .hasSize(summary.commandsSent())
                .filteredOn(CacheExteriorImage.class::isInstance)
                .isNotEmpty();
    }

    @Test
    void derivesTheConfigKeyFromTheIdentityAndLeavesOutAnAbsentDrivetrain() {
        importer.importCatalog(TEST_CATALOG);

        assertThat(received)
                .filteredOn(RegisterConfiguration.class::isInstance)
                .extracting(command -> ((RegisterConfiguration) command).configKey())
                .containsExactly(
                        "2019-honda-civic-lx-k20c2-fwd",
                        "2019-honda-civic-sport-k20c2-fwd",
                        "2021-tesla-model-3-standard-range-plus-3d1");
        assertThat(received)
                .contains(new LinkVin("5YJ3E1EA0MF900104", "2021-tesla-model-3-standard-range-plus-3d1", SOURCE));
    }

    @Test
    void readsNumbersAsExactDecimalsAndPricesWithTheirDates() {
        importer.importCatalog(TEST_CATALOG);

        RecordFluids fluids = (RecordFluids) received.get(1);
        assertThat(fluids.fluids().get(0))
                .isEqualTo(new Fluid(
                        "engine_oil", "API SP 0W-20", new BigDecimal("4.2"), new BigDecimal("4.4"), "with filter"));
        assertThat(fluids.fluids().get(1).notes()).isNull();
        assertThat(received)
                .contains(new PricePart(
                        "2019-honda-civic-lx-k20c2-fwd",
                        "15400-PLM-A02",
                        new BigDecimal("12.40"),
                        "CAD",
                        LocalDate.of(2026, 9, 1),
                        SOURCE));
    }

    @Test
    void readsTheServiceHistoryOfAVinWithBothOdometerUnitsOrOne() {
        importer.importCatalog(TEST_CATALOG);

        assertThat(received)
                .contains(new RecordServiceHistory(
                        "19XFC2F59KE900101",
                        List.of(
                                new ServiceRecord(
                                        LocalDate.of(2019, 9, 14), 7512, 12089, "dealer", List.of("engine_oil_change")),
                                new ServiceRecord(
                                        LocalDate.of(2020, 8, 30),
                                        15020,
                                        null,
                                        "independent",
                                        List.of("engine_oil_change", "tire_rotation"))),
                        SOURCE));
    }

    @Test
    void aServiceRecordWithACustomerNameIsRefusedBeforeAnythingIsSent() throws IOException {
        Resource catalog = catalog(configuration("\"vins\": [\"19XFC2F59KE900101\"], \"service_history\": "
                + "{\"19XFC2F59KE900101\": [" + visit("\"customer_name\": \"Jane Doe\"") + "]}"));

        assertThatThrownBy(() -> importer.importCatalog(catalog))
                .isInstanceOf(CatalogImportException.class)
                .hasMessage("configurations[0].service_history.19XFC2F59KE900101[0]: unknown field \"customer_name\";"
                        + " known fields are odometer_km, odometer_miles, performed_by, performed_on, services;"
                        + " a service record holds no personal data and no free text");
        assertThat(received).isEmpty();
    }

    @Test
    void aServiceRecordWithNotesIsRefusedBeforeAnythingIsSentEvenInALaterConfiguration() throws IOException {
        Resource catalog = catalog(
                configuration("\"vins\": [\"19XFC2F59KE900101\"]"),
                configuration(
                        "2020",
                        "\"vins\": [\"19XFC2F50KE900102\"], \"service_history\": "
                                + "{\"19XFC2F50KE900102\": [" + visit(null) + ", "
                                + visit("\"notes\": \"call owner on 555-0100\"") + "]}"));

        assertThatThrownBy(() -> importer.importCatalog(catalog))
                .hasMessageStartingWith(
                        "configurations[1].service_history.19XFC2F50KE900102[1]: unknown field \"notes\"");
        assertThat(received).isEmpty();
    }

    @Test
    void aServiceHistoryForAVinNotListedInTheConfigurationIsRefused() throws IOException {
        Resource catalog = catalog(configuration("\"vins\": [\"19XFC2F59KE900101\"], \"service_history\": "
                + "{\"19XFC2F50KE900102\": [" + visit(null) + "]}"));

        assertThatThrownBy(() -> importer.importCatalog(catalog))
                .hasMessage("configurations[0].service_history.19XFC2F50KE900102: 19XFC2F50KE900102 is not listed in"
                        + " this configuration's vins");
        assertThat(received).isEmpty();
    }

    @Test
    void aServiceHistoryKeyedByALowerCaseVinBelongsToThatVin() throws IOException {
        Resource catalog = catalog(configuration("\"vins\": [\"19XFC2F59KE900101\"], \"service_history\": "
                + "{\"19xfc2f59ke900101\": [" + visit(null) + "]}"));

        importer.importCatalog(catalog);

        assertThat(received)
                .extracting(command -> command.getClass().getSimpleName())
                .endsWith("LinkVin", "RecordServiceHistory");
        assertThat(((RecordServiceHistory) received.get(received.size() - 1)).vin())
                .isEqualTo("19XFC2F59KE900101");
    }

    @Test
    void visitsOutOfOrderAreRefusedNamingTheLaterVisit() throws IOException {
        String later = "{\"performed_on\": \"2020-08-30\", \"odometer_miles\": 15020, \"performed_by\": \"dealer\", "
                + "\"services\": [\"engine_oil_change\"]}";
        Resource catalog = catalog(configuration("\"vins\": [\"19XFC2F59KE900101\"], \"service_history\": "
                + "{\"19XFC2F59KE900101\": [" + later + ", " + visit(null) + "]}"));

        assertThatThrownBy(() -> importer.importCatalog(catalog))
                .hasMessage("configurations[0].service_history.19XFC2F59KE900101[1]: performed_on 2019-09-14 is before"
                        + " the previous visit's 2020-08-30; list visits oldest first");
    }

    @Test
    void aServiceCodeWithSpacesIsRefused() throws IOException {
        Resource catalog = catalog(configuration("\"vins\": [\"19XFC2F59KE900101\"], \"service_history\": "
                + "{\"19XFC2F59KE900101\": [{\"performed_on\": \"2019-09-14\", \"odometer_miles\": 7512, "
                + "\"performed_by\": \"dealer\", \"services\": [\"oil change for Mr Smith\"]}]}"));

        assertThatThrownBy(() -> importer.importCatalog(catalog))
                .hasMessageStartingWith("configurations[0].service_history.19XFC2F59KE900101[0]: services[0] must be a"
                        + " lower_snake_case service code");
    }

    @Test
    void aServiceHistoryThatIsNotAnObjectByVinIsRefused() throws IOException {
        Resource catalog =
                catalog(configuration("\"vins\": [\"19XFC2F59KE900101\"], \"service_history\": [" + visit(null) + "]"));

        assertThatThrownBy(() -> importer.importCatalog(catalog))
                .hasMessage("configurations[0].service_history: must be an object with a list of visits per VIN");
    }

    @Test
    void readsTheImageRelativeToTheCatalog() throws IOException {
        importer.importCatalog(TEST_CATALOG);

        CacheExteriorImage image = (CacheExteriorImage) received.stream()
                .filter(CacheExteriorImage.class::isInstance)
                .findFirst()
                .orElseThrow();
        assertThat(image.contentType()).isEqualTo("image/svg+xml");
        assertThat(image.image())
                .isEqualTo(
                        new ClassPathResource("catalog/test/images/2019-honda-civic-lx.svg").getContentAsByteArray());
    }

    @Test
    void aShortVinFailsNamingTheEntryBeforeAnyCommandIsSent() throws IOException {
        Resource catalog = catalog(
                configuration("\"vins\": [\"19XFC2F59KE900101\"]"),
                configuration("2020", "\"vins\": [\"19XFC2F50KE900102\", \"19XFC2F50KE90010\"]"));

        assertThatThrownBy(() -> importer.importCatalog(catalog))
                .isInstanceOf(CatalogImportException.class)
                .hasMessage("configurations[1].vins[1]: A VIN is exactly 17 characters; got 16");
        assertThat(received).isEmpty();
    }

    @Test
    void aTireOnAnUnknownAxleFailsNamingTheTire() throws IOException {
        Resource catalog = catalog(configuration("\"tires\": [{\"axle\": \"both\", \"size\": \"215/55R16\", "
                + "\"load_index\": 93, \"speed_rating\": \"H\", \"pressure_kpa\": 220, \"pressure_psi\": 32}, "
                + "{\"axle\": \"middle\", \"size\": \"215/55R16\", \"load_index\": 93, \"speed_rating\": \"H\", "
                + "\"pressure_kpa\": 220, \"pressure_psi\": 32}]"));

        assertThatThrownBy(() -> importer.importCatalog(catalog))
                .hasMessage("configurations[0].tires[1]: axle must be front, rear or both; got 'middle'");
        assertThat(received).isEmpty();
    }

    @Test
    void anUnknownFieldIsRefusedSoTyposDoNotDropData() throws IOException {
        Resource catalog =
                catalog(configuration("\"fluids\": [{\"type\": \"engine_oil\", \"specification\": \"0W-20\", "
                        + "\"capacity_liters\": 4.2, \"capacity_us_quarts\": 4.4}]"));

        assertThatThrownBy(() -> importer.importCatalog(catalog))
                .hasMessageStartingWith(
                        "configurations[0].fluids[0]: unknown field \"capacity_liters\"; known fields are ");
    }

    @Test
    void aMissingRequiredFieldIsNamed() throws IOException {
        Resource catalog =
                catalog(configuration("\"labor\": [{\"operation\": \"engine_oil_change\", \"hours\": 0.5}]"));

        assertThatThrownBy(() -> importer.importCatalog(catalog))
                .hasMessage("configurations[0].labor[0]: description is required");
    }

    @Test
    void aNumberWhereTextIsExpectedIsRefused() throws IOException {
        Resource catalog =
                catalog(configuration("\"parts\": [{\"part_number\": \"15400-PLM-A02\", \"name\": \"Oil filter\", "
                        + "\"category\": \"filter\", \"brand\": \"Honda\", \"quantity\": 1, "
                        + "\"prices\": [{\"amount\": 9.86, \"currency\": \"USD\", \"as_of\": \"2026-09-01\"}]}]"));

        assertThatThrownBy(() -> importer.importCatalog(catalog))
                .hasMessage("configurations[0].parts[0].prices[0].amount: must be a string");
    }

    @Test
    void aMissingWholeNumberIsNamedRatherThanTakenAsZero() throws IOException {
        Resource catalog = catalog(configuration("\"tires\": [{\"axle\": \"both\", \"size\": \"215/55R16\", "
                + "\"speed_rating\": \"H\", \"pressure_kpa\": 220, \"pressure_psi\": 32}]"));

        assertThatThrownBy(() -> importer.importCatalog(catalog))
                .hasMessage("configurations[0].tires[0]: load_index is required");
    }

    @Test
    void aFractionWhereAWholeNumberIsExpectedIsRefused() throws IOException {
        Resource catalog =
                catalog(configuration("\"parts\": [{\"part_number\": \"15400-PLM-A02\", \"name\": \"Oil filter\", "
                        + "\"category\": \"filter\", \"brand\": \"Honda\", \"quantity\": 1.5}]"));

        assertThatThrownBy(() -> importer.importCatalog(catalog))
                .hasMessage("configurations[0].parts[0].quantity: must be a whole number");
    }

    @Test
    void textWhereANumberIsExpectedIsRefused() throws IOException {
        Resource catalog = catalog(configuration("\"labor\": [{\"operation\": \"engine_oil_change\", "
                + "\"description\": \"Replace engine oil and filter\", \"hours\": \"0.5\"}]"));

        assertThatThrownBy(() -> importer.importCatalog(catalog))
                .hasMessage("configurations[0].labor[0].hours: must be a number");
    }

    @Test
    void anAmountThatIsNotADecimalIsRefused() throws IOException {
        Resource catalog =
                catalog(configuration("\"parts\": [{\"part_number\": \"15400-PLM-A02\", \"name\": \"Oil filter\", "
                        + "\"category\": \"filter\", \"brand\": \"Honda\", \"quantity\": 1, "
                        + "\"prices\": [{\"amount\": \"9,86\", \"currency\": \"EUR\", \"as_of\": \"2026-09-01\"}]}]"));

        assertThatThrownBy(() -> importer.importCatalog(catalog))
                .hasMessage("configurations[0].parts[0].prices[0]: amount must be a decimal string such as \"9.86\";"
                        + " got \"9,86\"");
    }

    @Test
    void aDateWithATimeOfDayIsRefused() throws IOException {
        Resource catalog = catalog(configuration("\"vins\": [\"19XFC2F59KE900101\"], \"service_history\": "
                + "{\"19XFC2F59KE900101\": [{\"performed_on\": \"2019-09-14T08:30:00\", \"odometer_miles\": 7512, "
                + "\"performed_by\": \"dealer\", \"services\": [\"engine_oil_change\"]}]}"));

        assertThatThrownBy(() -> importer.importCatalog(catalog))
                .hasMessage("configurations[0].service_history.19XFC2F59KE900101[0].performed_on: must be a date"
                        + " (YYYY-MM-DD); got \"2019-09-14T08:30:00\"");
    }

    @Test
    void aBadDateIsRefused() throws IOException {
        Resource catalog =
                catalog(configuration("\"parts\": [{\"part_number\": \"15400-PLM-A02\", \"name\": \"Oil filter\", "
                        + "\"category\": \"filter\", \"brand\": \"Honda\", \"quantity\": 1, "
                        + "\"prices\": [{\"amount\": \"9.86\", \"currency\": \"USD\", \"as_of\": \"09/01/2026\"}]}]"));

        assertThatThrownBy(() -> importer.importCatalog(catalog))
                .hasMessage(
                        "configurations[0].parts[0].prices[0].as_of: must be a date (YYYY-MM-DD); got \"09/01/2026\"");
    }

    @Test
    void theSamePriceKeyTwiceInAConfigurationIsRefused() throws IOException {
        String part = "{\"part_number\": \"15400-PLM-A02\", \"name\": \"Oil filter\", \"category\": \"filter\", "
                + "\"brand\": \"Honda\", \"quantity\": 1, \"prices\": [{\"amount\": \"%s\", \"currency\": \"USD\", "
                + "\"as_of\": \"2026-09-01\"}]}";
        Resource catalog =
                catalog(configuration("\"parts\": [" + part.formatted("9.86") + ", " + part.formatted("9.99") + "]"));

        assertThatThrownBy(() -> importer.importCatalog(catalog))
                .hasMessage(
                        "configurations[0].parts[1].prices[0]: 15400-PLM-A02 already has a USD price as of 2026-09-01"
                                + " at configurations[0].parts[0].prices[0]");
    }

    @Test
    void theSameVinInTwoConfigurationsIsRefused() throws IOException {
        Resource catalog = catalog(
                configuration("\"vins\": [\"19XFC2F59KE900101\"]"),
                configuration("2020", "\"vins\": [\"19xfc2f59ke900101\"]"));

        assertThatThrownBy(() -> importer.importCatalog(catalog))
                .hasMessage(
                        "configurations[1].vins[0]: 19XFC2F59KE900101 is already listed at configurations[0].vins[0]");
        assertThat(received).isEmpty();
    }

    @Test
    void theSameConfigurationTwiceIsRefused() throws IOException {
        Resource catalog = catalog(configuration(null), configuration(null));

        assertThatThrownBy(() -> importer.importCatalog(catalog))
                .hasMessage(
                        "configurations[1]: 2019-honda-civic-lx-k20c2-fwd is already described at configurations[0]");
    }

    @Test
    void aMissingImageFileIsRefused() throws IOException {
        Resource catalog = catalog(
                configuration("\"image\": {\"content_type\": \"image/png\", \"path\": \"images/missing.png\"}"));

        assertThatThrownBy(() -> importer.importCatalog(catalog))
                .hasMessage("configurations[0].image.path: images/missing.png does not exist next to the catalog");
    }

    @Test
    void anImagePathOutsideTheCatalogFolderIsRefused() throws IOException {
        Resource catalog =
                catalog(configuration("\"image\": {\"content_type\": \"image/png\", \"path\": \"../secret.png\"}"));

        assertThatThrownBy(() -> importer.importCatalog(catalog))
                .hasMessageStartingWith(
                        "configurations[0].image.path: must be a relative path below the catalog's folder");
    }

    @Test
    void anImageOverOneMebibyteIsRefusedBeforeAnythingIsSent() throws IOException {
        Files.createDirectories(folder.resolve("images"));
        Files.write(folder.resolve("images/big.png"), new byte[1024 * 1024 + 1]);
        Resource catalog =
                catalog(configuration("\"image\": {\"content_type\": \"image/png\", \"path\": \"images/big.png\"}"));

        assertThatThrownBy(() -> importer.importCatalog(catalog))
                .hasMessage("configurations[0].image: an image is at most 1 MiB (1048576 bytes); got 1048577 bytes");
        assertThat(received).isEmpty();
    }

    @Test
    void anotherFormatIsRefused() throws IOException {
        Path file = folder.resolve("catalog.json");
        Files.writeString(file, "{\"format\": \"vspec-catalog/2\", \"configurations\": []}");

        assertThatThrownBy(() -> importer.importCatalog(new FileSystemResource(file)))
                .hasMessage("format must be \"vspec-catalog/1\"");
    }

    @Test
    void brokenJsonIsRefusedWithItsPosition() throws IOException {
        Path file = folder.resolve("catalog.json");
        Files.writeString(file, "{\"format\": \"vspec-catalog/1\",\n \"configurations\": [{\"year\": 2019,}]}");

        assertThatThrownBy(() -> importer.importCatalog(new FileSystemResource(file)))
                .isInstanceOf(CatalogImportException.class)
                .hasMessageStartingWith("line 2, column ");
    }

    @Test
    void aRefusalWhileSendingNamesTheEntry() {
        commandBus.subscribe(LinkVin.class.getName(), command -> {
            throw new ApiException(ErrorCode.INVALID_PARAM, "no such luck");
        });

        assertThatThrownBy(() -> importer.importCatalog(TEST_CATALOG))
                .isInstanceOf(CatalogImportException.class)
                .hasMessage("configurations[0].vins[0]: LinkVin was refused after 10 commands: no such luck");
    }

    private Resource catalog(String... configurations) throws IOException {
        Path file = folder.resolve("catalog.json");
        Files.writeString(
                file,
                "{\"format\": \"vspec-catalog/1\", \"description\": \"TEST DATA\", \"configurations\": ["
                        + String.join(",\n", configurations) + "]}");
        return new FileSystemResource(file);
    }

    /** A valid visit, with {@code extra} fields planted in it. */
    private static String visit(String extra) {
        return "{\"performed_on\": \"2019-09-14\", \"odometer_miles\": 7512, \"odometer_km\": 12089, "
                + "\"performed_by\": \"dealer\", \"services\": [\"engine_oil_change\", \"tire_rotation\"]"
                + (extra == null ? "" : ", " + extra) + "}";
    }

    private static String configuration(String extra) {
        return configuration("2019", extra);
    }

    private static String configuration(String year, String extra) {
        return "{\"year\": " + year + ", \"make\": \"Honda\", \"model\": \"Civic\", \"trim\": \"LX\", "
                + "\"engine_code\": \"K20C2\", \"drivetrain\": \"FWD\", \"label\": \"" + year + " Honda Civic LX\""
                + (extra == null ? "" : ", " + extra) + "}";
    }
}
