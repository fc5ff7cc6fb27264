package dev.vspec.command.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.vspec.command.CommandSideIntegrationTest;
import dev.vspec.command.TestVins;
import dev.vspec.contracts.catalog.FactSource;
import dev.vspec.contracts.catalog.RecordFluids;
import dev.vspec.contracts.catalog.RecordServiceHistory;
import dev.vspec.contracts.catalog.RegisterConfiguration;
import dev.vspec.contracts.catalog.ServiceRecord;
import dev.vspec.contracts.error.ApiException;
import dev.vspec.contracts.error.ErrorCode;
import dev.vspec.contracts.identity.Vin;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.core.io.ClassPathResource;
import org.springframework.core.io.FileSystemResource;
import org.springframework.jdbc.core.JdbcTemplate;

/** Imports into the real event store; the configurations here (model year 2018) are not used by any other test. */
@CommandSideIntegrationTest
class CatalogImporterIT {

    private static final FactSource SOURCE = FactSource.importFile("catalog.json", "5e0c3d9a");

    private static final String KEY = "2018-honda-civic-lx-k20c2-fwd";

    @Autowired
    CatalogImporter importer;

    @Autowired
    CommandGateway commandGateway;

    @Autowired
    JdbcTemplate jdbc;

    @TempDir
    Path folder;

    @Test
    void aChangedCatalogStoresOnlyWhatChanged() throws IOException {
        Path catalog = copyOfTheTestCatalogAsModelYear2018();
        importer.importCatalog(new FileSystemResource(catalog));
        long before = eventCount();

        Files.writeString(
                catalog,
                Files.readString(catalog)
                        .replace("\"amount\": \"9.86\"", "\"amount\": \"10.25\"")
                        .replace(
                                "\"capacity_litres\": 4.2, \"capacity_us_quarts\": 4.4, \"notes\": \"with filter\"",
                                "\"capacity_litres\": 4.4, \"capacity_us_quarts\": 4.6, \"notes\": \"with filter\"")
                        .replace("\"odometer_miles\": 15020", "\"odometer_miles\": 15120"));
        importer.importCatalog(new FileSystemResource(catalog));

        assertThat(eventCount()).isEqualTo(before + 3);
        assertThat(payloadTypesOf(KEY))
                .endsWith("dev.vspec.contracts.catalog.FluidsRecorded", "dev.vspec.contracts.catalog.PartPriced");
        assertThat(payloadTypesOf(vin("19XFC2F5?JE800101")))
                .containsExactly(
                        "dev.vspec.contracts.catalog.VinLinked",
                        "dev.vspec.contracts.catalog.ServiceHistoryRecorded",
                        "dev.vspec.contracts.catalog.ServiceHistoryRecorded");
    }

    @Test
    void theServiceHistoryOfAnUnknownVinIsRefusedAsNotFoundAndStoresNothing() {
        String vin = TestVins.next();

        assertThatThrownBy(() -> commandGateway.sendAndWait(new RecordServiceHistory(
                        vin,
                        List.of(new ServiceRecord(
                                LocalDate.of(2021, 3, 14), 7512, 12089, "dealer", List.of("engine_oil_change"))),
                        SOURCE)))
                .isInstanceOf(ApiException.class)
                .hasMessageContaining("is not linked to a configuration")
                .extracting(e -> ((ApiException) e).code())
                .isEqualTo(ErrorCode.NOT_FOUND);
        assertThat(payloadTypesOf(vin)).isEmpty();
    }

    @Test
    void theImageIsStoredWithTheSha256OfItsBytes() throws IOException {
        Path catalog = copyOfTheTestCatalogAsModelYear2018();
        importer.importCatalog(new FileSystemResource(catalog));

        byte[] svg = new ClassPathResource("catalog/test/images/2019-honda-civic-lx.svg").getContentAsByteArray();
        String payload = jdbc.queryForObject(
                "select convert_from(payload, 'UTF8') from events.domainevententry"
                        + " where aggregateidentifier = ? and payloadtype = 'dev.vspec.contracts.catalog.ExteriorImageCached'",
                String.class,
                KEY);
        assertThat(payload).contains("\"sha256\":\"" + VehicleConfiguration.sha256(svg) + "\"");
    }

    @Test
    void refusalsReachTheSenderWithTheirCodeAndMessage() {
        assertThatThrownBy(() -> commandGateway.sendAndWait(
                        new RecordFluids("2018-honda-civic-ex-l15b7-fwd", List.of(), SOURCE)))
                .isInstanceOf(ApiException.class)
                .hasMessage(
                        "configuration 2018-honda-civic-ex-l15b7-fwd is not registered; register it before recording"
                                + " its data")
                .extracting(e -> ((ApiException) e).code())
                .isEqualTo(ErrorCode.NOT_FOUND);

        commandGateway.sendAndWait(new RegisterConfiguration(
                "2018-honda-accord-ex-l15b7-fwd",
                2018,
                "Honda",
                "Accord",
                "EX",
                "L15B7",
                "FWD",
                "2018 Honda Accord EX",
                SOURCE));
        // the same slug, cut into other fields: another vehicle
        assertThatThrownBy(() -> commandGateway.sendAndWait(new RegisterConfiguration(
                        "2018-honda-accord-ex-l15b7-fwd",
                        2018,
                        "Honda Accord",
                        "EX",
                        "L15B7",
                        "FWD",
                        null,
                        "2018 Honda Accord EX",
                        SOURCE)))
                .isInstanceOf(ApiException.class)
                .hasMessageContaining("is already registered as 2018 Honda Accord EX L15B7 FWD");
    }

    /** The test catalog, moved to model year 2018 (its own aggregates), with its image next to it. */
    private Path copyOfTheTestCatalogAsModelYear2018() throws IOException {
        String text = new ClassPathResource("catalog/test/catalog.json")
                .getContentAsString(StandardCharsets.UTF_8)
                .replace("\"year\": 2019", "\"year\": 2018")
                .replace("\"year\": 2021", "\"year\": 2018")
                .replaceAll("\"[0-9A-Z]{8}[0-9X]KE9001(\\d\\d)\"", "\"@$1\"")
                .replace("\"5YJ3E1EA0MF900104\"", "\"@04\"");
        for (String serial : List.of("01", "02", "03", "04")) {
            text = text.replace("\"@" + serial + "\"", "\"" + vin("19XFC2F5?JE8001" + serial) + "\"");
        }
        Path catalog = folder.resolve("catalog.json");
        Files.writeString(catalog, text);
        Files.createDirectories(folder.resolve("images"));
        Files.write(
                folder.resolve("images/2019-honda-civic-lx.svg"),
                new ClassPathResource("catalog/test/images/2019-honda-civic-lx.svg").getContentAsByteArray());
        return catalog;
    }

    private static String vin(String withPlaceholder) {
        return withPlaceholder.replace('?', Vin.checkDigitOf(withPlaceholder));
    }

    private long eventCount() {
        return jdbc.queryForObject("select count(*) from events.domainevententry", Long.class);
    }

    private List<String> payloadTypesOf(String aggregateId) {
        return jdbc.queryForList(
                "select payloadtype from events.domainevententry where aggregateidentifier = ?"
                        + " order by sequencenumber",
                String.class,
                aggregateId);
    }
}
