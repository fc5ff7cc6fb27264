package dev.vspec.projections;

import static dev.vspec.infra.jooq.read.Tables.CONFIGURATION;
import static dev.vspec.infra.jooq.read.Tables.FLUID;
import static dev.vspec.infra.jooq.read.Tables.IMAGE;
import static dev.vspec.infra.jooq.read.Tables.LABOR_TIME;
import static dev.vspec.infra.jooq.read.Tables.PART;
import static dev.vspec.infra.jooq.read.Tables.PART_PRICE_CURRENT;
import static dev.vspec.infra.jooq.read.Tables.PART_PRICE_HISTORY;
import static dev.vspec.infra.jooq.read.Tables.SERVICE_INTERVAL;
import static dev.vspec.infra.jooq.read.Tables.SPEC;
import static dev.vspec.infra.jooq.read.Tables.TIRE;
import static dev.vspec.infra.jooq.read.Tables.VIN;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.vspec.projections.runtime.ProjectionRuntime;
import java.math.BigDecimal;
import java.time.LocalDate;
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
        assertThat(runtime.names()).containsExactlyInAnyOrder("configurations", "vins", "fluids", "specs", "tires",
                "service_intervals", "parts", "labor_times", "images");
        assertThat(ProjectionRuntime.groupId("service_intervals")).isEqualTo("vspec.projection.service_intervals");
    }

    @Test
    void configurationsKeepTheIdentityAndTheNormalizedNamesLookupsMatchOn() {
        assertThat(db.selectFrom(CONFIGURATION).where(CONFIGURATION.CONFIG_KEY.in(catalog.civicLx, catalog.civicSport))
                .orderBy(CONFIGURATION.CONFIG_KEY).fetch(r -> tuple(r.getConfigKey(), r.getYear(), r.getMake(),
                        r.getTrim(), r.getEngineCode(), r.getDrivetrain(), r.getLabel(), r.getMakeMatch(),
                        r.getModelMatch(), r.getTrimMatch())))
                .containsExactly(
                        tuple(catalog.civicLx, 2019, "Honda", "LX", "K20C2", "fwd", "2019 Honda Civic LX",
                                "honda", "civic", "lx"),
                        tuple(catalog.civicSport, 2019, "Honda", "Sport  Touring", "L15B7", null,
                                "2019 Honda Civic Sport Touring", "honda", "civic", "sport touring"));
    }

    @Test
    void vinsPointAtTheirConfiguration() {
        assertThat(db.selectFrom(VIN).where(VIN.VIN_.in(catalog.vinLx, catalog.vinSport, catalog.vinModel3))
                .fetchMap(VIN.VIN_, VIN.CONFIG_KEY))
                .containsEntry(catalog.vinLx, catalog.civicLx)
                .containsEntry(catalog.vinSport, catalog.civicSport)
                .containsEntry(catalog.vinModel3, catalog.model3)
                .hasSize(3);
    }

    @Test
    void aLaterFluidListReplacesTheEarlierOne() {
        assertThat(db.selectFrom(FLUID).where(FLUID.CONFIG_KEY.eq(catalog.civicLx)).orderBy(FLUID.POSITION)
                .fetch(r -> tuple(r.getPosition(), r.getFluidType(), r.getCapacityLitres(), r.getNotes())))
                .containsExactly(
                        tuple(0, "engine_oil", new BigDecimal("4.40"), "with filter"),
                        tuple(1, "coolant", new BigDecimal("5.00"), null));
    }

    @Test
    void specsTiresAndIntervalsKeepTheirRecordedOrder() {
        assertThat(db.select(SPEC.NAME, SPEC.UNIT).from(SPEC).where(SPEC.CONFIG_KEY.eq(catalog.civicLx))
                .orderBy(SPEC.POSITION).fetch(r -> tuple(r.value1(), r.value2())))
                .containsExactly(tuple("displacement", "L"), tuple("power", "hp"), tuple("doors", null));
        assertThat(db.selectFrom(TIRE).where(TIRE.CONFIG_KEY.eq(catalog.model3)).orderBy(TIRE.POSITION)
                .fetch(r -> tuple(r.getAxle(), r.getSize(), r.getLoadIndex(), r.getSpeedRating(), r.getPressurePsi())))
                .containsExactly(tuple("front", "235/45R18", 98, "W", 42), tuple("rear", "235/45R18", 98, "W", 42));
        assertThat(db.selectFrom(SERVICE_INTERVAL).where(SERVICE_INTERVAL.CONFIG_KEY.eq(catalog.civicLx))
                .orderBy(SERVICE_INTERVAL.POSITION)
                .fetch(r -> tuple(r.getSchedule(), r.getService(), r.getMiles(), r.getKilometres(), r.getMonths())))
                .containsExactly(
                        tuple("normal", "engine_oil_change", 7500, 12000, 12),
                        tuple("severe", "engine_oil_change", 3750, 6000, 6),
                        tuple("normal", "coolant_replacement", null, null, 120));
    }

    @Test
    void theCurrentPriceIsTheLatestDatedOneEvenWhenAnOlderPriceArrivesLast() {
        assertThat(db.selectFrom(PART).where(PART.CONFIG_KEY.eq(catalog.civicLx)).orderBy(PART.POSITION)
                .fetch(r -> tuple(r.getPartNumber(), r.getName(), r.getService())))
                .containsExactly(tuple("15400-PLM-A02", "Oil filter", "engine_oil_change"),
                        tuple("45022-TBA-A01", "Front brake pads", null));
        assertThat(db.selectFrom(PART_PRICE_HISTORY).where(PART_PRICE_HISTORY.CONFIG_KEY.eq(catalog.civicLx))
                .orderBy(PART_PRICE_HISTORY.PART_NUMBER, PART_PRICE_HISTORY.AS_OF)
                .fetch(r -> tuple(r.getPartNumber(), r.getAsOf(), r.getAmount())))
                .containsExactly(
                        tuple("15400-PLM-A02", LocalDate.of(2024, 1, 15), new BigDecimal("10.49")),
                        tuple("15400-PLM-A02", LocalDate.of(2025, 6, 1), new BigDecimal("12.99")),
                        tuple("45022-TBA-A01", LocalDate.of(2024, 3, 1), new BigDecimal("45.00")));
        assertThat(db.selectFrom(PART_PRICE_CURRENT)
                .where(PART_PRICE_CURRENT.CONFIG_KEY.in(catalog.civicLx, catalog.civicSport))
                .orderBy(PART_PRICE_CURRENT.CONFIG_KEY, PART_PRICE_CURRENT.PART_NUMBER)
                .fetch(r -> tuple(r.getConfigKey(), r.getPartNumber(), r.getCurrency(), r.getAsOf(), r.getAmount())))
                .containsExactly(
                        tuple(catalog.civicLx, "15400-PLM-A02", "USD", LocalDate.of(2025, 6, 1), new BigDecimal("12.99")),
                        tuple(catalog.civicLx, "45022-TBA-A01", "USD", LocalDate.of(2024, 3, 1), new BigDecimal("45.00")),
                        tuple(catalog.civicSport, "15400-PLM-A02", "EUR", LocalDate.of(2025, 2, 1),
                                new BigDecimal("11.50")));
    }

    @Test
    void laborTimesAndImages() {
        assertThat(db.selectFrom(LABOR_TIME).where(LABOR_TIME.CONFIG_KEY.eq(catalog.civicLx))
                .orderBy(LABOR_TIME.POSITION).fetch(r -> tuple(r.getOperation(), r.getHours())))
                .containsExactly(tuple("engine_oil_change", new BigDecimal("0.50")),
                        tuple("front_brake_pads", new BigDecimal("1.20")));
        var image = db.selectFrom(IMAGE).where(IMAGE.CONFIG_KEY.eq(catalog.civicLx)).fetchSingle();
        assertThat(image.getContentType()).isEqualTo("image/png");
        assertThat(image.getBytes()).isEqualTo(CatalogFixture.PNG);
        assertThat(image.getSha256()).isEqualTo(CatalogFixture.sha256(CatalogFixture.PNG));
        assertThat(db.fetchExists(IMAGE, IMAGE.CONFIG_KEY.eq(catalog.model3))).isFalse();
    }
}
