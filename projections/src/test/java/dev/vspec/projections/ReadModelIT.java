package dev.vspec.projections;

import static dev.vspec.storage.jooq.read.Tables.CONFIGURATION;
import static dev.vspec.storage.jooq.read.Tables.CONFIG_KEY_ALIAS;
import static dev.vspec.storage.jooq.read.Tables.IMAGE;
import static dev.vspec.storage.jooq.read.Tables.PART;
import static dev.vspec.storage.jooq.read.Tables.PART_PRICE_HISTORY;
import static dev.vspec.storage.jooq.read.Tables.SERVICE_RECORD;
import static dev.vspec.storage.jooq.read.Tables.VIN;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.vspec.contracts.catalog.ConfigurationRegistered;
import dev.vspec.contracts.catalog.FactSource;
import dev.vspec.contracts.catalog.Part;
import dev.vspec.contracts.catalog.PartsRecorded;
import dev.vspec.projections.runtime.ProjectionRuntime;
import dev.vspec.readmodel.GroupDocument;
import dev.vspec.readmodel.PartView;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.List;
import org.jooq.DSLContext;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.springframework.beans.factory.annotation.Autowired;

/** What each projection writes for each event type. */
@ProjectionsIntegrationTest
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ReadModelIT {

    @Autowired
    Events events;

    @Autowired
    ReadModel readModel;

    @Autowired
    ProjectionRuntime runtime;

    CatalogFixture catalog;
    DSLContext db;

    @BeforeAll
    void publishCatalog() {
        catalog = new CatalogFixture(events, "readmodel", 100).publish(events);
        db = readModel.db();
        readModel.awaitCaughtUp();
    }

    @Test
    void everyReadTableIsOwnedByExactlyOneProjectionWithItsOwnConsumerGroup() {
        assertThat(readModel.tablesWithoutProjection()).isEmpty();
        assertThat(runtime.names())
                .containsExactlyInAnyOrder(
                        "configurations",
                        "aliases",
                        "vins",
                        "fluids",
                        "specs",
                        "tires",
                        "service_intervals",
                        "parts",
                        "labor_times",
                        "images",
                        "service_history",
                        "recalls",
                        "epa");
        assertThat(ProjectionRuntime.groupId("service_intervals")).isEqualTo("vspec.projection.service_intervals");
    }

    @Test
    void configurationsKeepTheIdentityAndTheNormalizedNamesLookupsMatchOn() {
        assertThat(db.selectFrom(CONFIGURATION)
                        .where(CONFIGURATION.CONFIG_KEY.in(catalog.civicLx, catalog.civicSport))
                        .orderBy(CONFIGURATION.CONFIG_KEY)
                        .fetch(r -> tuple(
                                r.getConfigKey(),
                                r.getYear(),
                                r.getMake(),
                                r.getTrim(),
                                r.getEngineCode(),
                                r.getDrivetrain(),
                                r.getLabel(),
                                r.getMakeMatch(),
                                r.getModelMatch(),
                                r.getTrimMatch())))
                .containsExactly(
                        tuple(
                                catalog.civicLx,
                                2019,
                                "Honda",
                                "LX",
                                "K20C2",
                                "fwd",
                                "2019 Honda Civic LX",
                                "honda",
                                "civic",
                                "lx"),
                        tuple(
                                catalog.civicSport,
                                2019,
                                "Honda",
                                "Sport  Touring",
                                "L15B7",
                                null,
                                "2019 Honda Civic Sport Touring",
                                "honda",
                                "civic",
                                "sport touring"));
    }

    /** vPIC's decoder writes makes in capitals, an import as its author does: both are shown in one form. */
    @Test
    void aConfigurationShowsItsMakeAndModelInTheirOneFormWhateverItsSourceWrote() {
        String configKey = "2003-honda-accord-ex-v6-j30a4";
        events.publish(
                configKey,
                new ConfigurationRegistered(
                        configKey,
                        2003,
                        "HONDA",
                        "ACCORD",
                        "EX-V6",
                        "J30A4",
                        null,
                        "2003 HONDA ACCORD EX-V6 J30A4",
                        FactSource.vpic("2026-02-17", "f9b3118a3d3f")));
        readModel.awaitCaughtUp();

        assertThat(db.selectFrom(CONFIGURATION)
                        .where(CONFIGURATION.CONFIG_KEY.eq(configKey))
                        .fetch(r ->
                                tuple(r.getMake(), r.getModel(), r.getLabel(), r.getMakeMatch(), r.getModelMatch())))
                .containsExactly(tuple("Honda", "Accord", "2003 Honda Accord EX-V6 J30A4", "honda", "accord"));
    }

    /** What a source names a vehicle or a part is held whole, however long: vPIC joins several trims by slashes. */
    @Test
    void identitiesAndPartsNamedAtLengthAreHeldWhole() {
        String configKey =
                "2022-volvo-s90-inscription-expression-xc60-xc90-r-design-expression-s60-t8-momentum-s60-b5-b4204t";
        String trim = "Inscription Expression / XC60, XC90 R-Design Expression / S60 T8 Momentum / S60 B5 (sample)";
        String partName = "Engine oil filter element with gasket and drain plug washer, for the engines fitted across"
                + " the Inscription, Expression, R-Design and Momentum trims (sample)";
        FactSource source = FactSource.importFile("long-names.json", "0c5a2e7d");
        events.publish(
                configKey,
                new ConfigurationRegistered(
                        configKey, 2022, "Volvo", "S90", trim, "B4204T", null, "2022 Volvo S90 " + trim, source));
        events.publish(
                configKey,
                new PartsRecorded(
                        configKey,
                        List.of(new Part("32140029-SAMPLE", partName, "filter", "Volvo", 1, "engine_oil_change")),
                        source));
        readModel.awaitCaughtUp();

        assertThat(db.selectFrom(CONFIGURATION)
                        .where(CONFIGURATION.CONFIG_KEY.eq(configKey))
                        .fetch(r -> tuple(r.getTrim(), r.getLabel())))
                .containsExactly(tuple(trim, "2022 Volvo S90 " + trim));
        assertThat(db.select(PART.NAME)
                        .from(PART)
                        .where(PART.CONFIG_KEY.eq(configKey))
                        .fetch(PART.NAME))
                .containsExactly(partName);
        assertThat(readModel.rejects()).noneMatch(reject -> reject.contains(configKey));
    }

    @Test
    void vinsPointAtTheirConfiguration() {
        assertThat(db.selectFrom(VIN)
                        .where(VIN.VIN_.in(catalog.vinLx, catalog.vinSport, catalog.vinModel3))
                        .fetchMap(VIN.VIN_, VIN.CONFIG_KEY))
                .containsEntry(catalog.vinLx, catalog.civicLx)
                .containsEntry(catalog.vinSport, catalog.civicSport)
                .containsEntry(catalog.vinModel3, catalog.model3)
                .hasSize(3);
    }

    @Test
    void anAliasPointsAtItsConfigurationWithTheReleaseThatDerivedIt() {
        assertThat(db.selectFrom(CONFIG_KEY_ALIAS)
                        .where(CONFIG_KEY_ALIAS.ALIAS.eq(catalog.civicLxAlias))
                        .fetch(r -> tuple(r.getConfigKey(), r.getSource(), r.getSourceRank())))
                .containsExactly(tuple(
                        catalog.civicLx,
                        "{\"kind\":\"vpic\",\"name\":\"NHTSA vPIC\",\"version\":\"2026-02-17\","
                                + "\"sha256\":\"f9b3118a\"}",
                        (short) 1));
    }

    /** The API's bytes for each group, as the projections stored them: the query side writes them out as they are. */
    @Test
    void everyGroupOfAConfigurationIsStoredAsTheJsonTheApiAnswers() {
        assertThat(document(GroupDocument.FLUIDS, catalog.civicLx))
                .as("the later list replaced the earlier one")
                .isEqualTo("""
                [{"type":"engine_oil","specification":"0W-20 API SP","capacity":{"litres":4.40,"us_quarts":4.60},\
                "notes":"with filter"},\
                {"type":"coolant","specification":"Honda Type 2","capacity":{"litres":5.00,"us_quarts":5.30},"notes":null}]""");
        assertThat(document(GroupDocument.SPECS, catalog.civicLx)).isEqualTo("""
                [{"section":"engine","name":"displacement","value":"2.0","unit":"L",%1$s},\
                {"section":"engine","name":"power","value":"158","unit":"hp",%1$s},\
                {"section":"body","name":"doors","value":"4","unit":null,%1$s}]""".formatted(
                        "\"source\":{\"kind\":\"import\",\"name\":\"catalog.json\",\"sha256\":\"5e0c3d9a\"}"));
        assertThat(document(GroupDocument.TIRES, catalog.civicLx)).isEqualTo("""
                [{"axle":"both","size":"215/55R16","load_index":93,"speed_rating":"H","pressure":{"kpa":220,"psi":32}}]""");
        assertThat(document(GroupDocument.MAINTENANCE_SCHEDULE, catalog.civicLx))
                .isEqualTo("""
                {"normal":[\
                {"service":"engine_oil_change","description":"Replace engine oil and filter",\
                "interval":{"miles":7500,"kilometres":12000,"months":12}},\
                {"service":"coolant_replacement","description":"Replace engine coolant",\
                "interval":{"miles":null,"kilometres":null,"months":120}}],\
                "severe":[{"service":"engine_oil_change","description":"Replace engine oil and filter",\
                "interval":{"miles":3750,"kilometres":6000,"months":6}}]}""");
        assertThat(document(GroupDocument.PARTS, catalog.civicLx))
                .as("prices newest first though the older came last")
                .isEqualTo("""
                [{"part_number":"15400-PLM-A02","name":"Oil filter","category":"filter","brand":"Honda","quantity":1,\
                "service":"engine_oil_change","price":{"amount":"12.99","currency":"USD","as_of":"2025-06-01"},\
                "price_history":[{"amount":"12.99","currency":"USD","as_of":"2025-06-01"},\
                {"amount":"10.49","currency":"USD","as_of":"2024-01-15"}]},\
                {"part_number":"45022-TBA-A01","name":"Front brake pads","category":"brakes","brand":"Honda","quantity":1,\
                "service":null,"price":{"amount":"45.00","currency":"USD","as_of":"2024-03-01"},\
                "price_history":[{"amount":"45.00","currency":"USD","as_of":"2024-03-01"}]}]""");
        assertThat(document(GroupDocument.LABOR, catalog.civicLx)).isEqualTo("""
                [{"operation":"engine_oil_change","description":"Drain, replace filter, refill","hours":0.50},\
                {"operation":"front_brake_pads","description":"Replace front pads","hours":1.20}]""");
    }

    @Test
    void aGroupNeverRecordedHasNoDocument() {
        assertThat(document(GroupDocument.FLUIDS, catalog.model3)).isNull();
        assertThat(document(GroupDocument.PARTS, catalog.model3)).isNull();
        assertThat(document(GroupDocument.TIRES, catalog.model3)).startsWith("[{\"axle\":\"front\"");
    }

    @Test
    void thePartsDocumentIsRenderedFromThePartsAndEveryPriceKeptInThePartsTables() {
        assertThat(db.selectFrom(PART)
                        .where(PART.CONFIG_KEY.eq(catalog.civicLx))
                        .orderBy(PART.POSITION)
                        .fetch(r -> tuple(r.getPartNumber(), r.getName(), r.getService())))
                .containsExactly(
                        tuple("15400-PLM-A02", "Oil filter", "engine_oil_change"),
                        tuple("45022-TBA-A01", "Front brake pads", null));
        assertThat(db.selectFrom(PART_PRICE_HISTORY)
                        .where(PART_PRICE_HISTORY.CONFIG_KEY.eq(catalog.civicLx))
                        .orderBy(PART_PRICE_HISTORY.PART_NUMBER, PART_PRICE_HISTORY.AS_OF)
                        .fetch(r -> tuple(r.getPartNumber(), r.getAsOf(), r.getAmount())))
                .containsExactly(
                        tuple("15400-PLM-A02", LocalDate.of(2024, 1, 15), new BigDecimal("10.49")),
                        tuple("15400-PLM-A02", LocalDate.of(2025, 6, 1), new BigDecimal("12.99")),
                        tuple("45022-TBA-A01", LocalDate.of(2024, 3, 1), new BigDecimal("45.00")));
        assertThat(GroupDocument.PARTS.parse(document(GroupDocument.PARTS, catalog.civicSport)))
                .singleElement()
                .satisfies(part -> {
                    assertThat(part.partNumber()).isEqualTo("15400-PLM-A02");
                    assertThat(part.price()).isEqualTo(new PartView.Price("11.50", "EUR", "2025-02-01"));
                });
    }

    @Test
    void aLaterServiceHistoryReplacesTheVinsRowsWithEachVisitsServicesCommaJoinedInOrder() {
        assertThat(db.selectFrom(SERVICE_RECORD)
                        .where(SERVICE_RECORD.VIN.in(catalog.vinLx, catalog.vinModel3))
                        .orderBy(SERVICE_RECORD.VIN.desc(), SERVICE_RECORD.POSITION)
                        .fetch(r -> tuple(
                                r.getVin(),
                                r.getPosition(),
                                r.getPerformedOn(),
                                r.getOdometerMiles(),
                                r.getOdometerKm(),
                                r.getPerformedBy(),
                                r.getServices())))
                .containsExactly(
                        tuple(catalog.vinModel3, 0, LocalDate.of(2021, 11, 3), null, 10250, "fleet", "tire_rotation"),
                        tuple(
                                catalog.vinLx,
                                0,
                                LocalDate.of(2019, 9, 14),
                                7512,
                                12089,
                                "dealer",
                                "engine_oil_change,tire_rotation"),
                        tuple(
                                catalog.vinLx,
                                1,
                                LocalDate.of(2020, 5, 2),
                                14950,
                                null,
                                "independent",
                                "engine_oil_change,cabin_air_filter,tire_rotation"));
        assertThat(db.fetchExists(SERVICE_RECORD, SERVICE_RECORD.VIN.eq(catalog.vinSport)))
                .isFalse();
    }

    @Test
    void images() {
        var image =
                db.selectFrom(IMAGE).where(IMAGE.CONFIG_KEY.eq(catalog.civicLx)).fetchSingle();
        assertThat(image.getContentType()).isEqualTo("image/png");
        assertThat(image.getBytes()).isEqualTo(CatalogFixture.PNG);
        assertThat(image.getSha256()).isEqualTo(CatalogFixture.sha256(CatalogFixture.PNG));
        assertThat(db.fetchExists(IMAGE, IMAGE.CONFIG_KEY.eq(catalog.model3))).isFalse();
    }

    private String document(GroupDocument<?> document, String configKey) {
        return db.select(document.body())
                .from(document.table())
                .where(document.configKey().eq(configKey))
                .fetchOne(document.body());
    }
}
