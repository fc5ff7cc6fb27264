package dev.vspec.projections;

import static dev.vspec.storage.jooq.read.Tables.PART;
import static dev.vspec.storage.jooq.read.Tables.PART_PRICE_HISTORY;
import static dev.vspec.storage.jooq.read.Tables.VIN;
import static org.assertj.core.api.Assertions.assertThat;

import dev.vspec.contracts.catalog.ConfigurationRegistered;
import dev.vspec.contracts.catalog.FactSource;
import dev.vspec.contracts.catalog.Part;
import dev.vspec.contracts.catalog.PartPriced;
import dev.vspec.contracts.catalog.PartsRecorded;
import dev.vspec.contracts.catalog.VinLinked;
import dev.vspec.events.kafka.EventEnvelopeCodec;
import dev.vspec.projections.runtime.EventHandlers;
import dev.vspec.projections.runtime.Projection;
import dev.vspec.projections.runtime.Recorded;
import dev.vspec.projections.runtime.TableChecksums;
import java.math.BigDecimal;
import java.sql.SQLException;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Function;
import org.jooq.DSLContext;
import org.jooq.Table;
import org.jooq.conf.MappedSchema;
import org.jooq.conf.RenderMapping;
import org.jooq.conf.Settings;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * A projection's set-based handler must leave its tables exactly as its one-by-one handlers do,
 * however the events are cut into batches: the runtime applies batches set-based and falls back to
 * one by one only to find a record that fails. Both run here over the same events into temporary
 * copies of the projection's tables (the live ones are left to the running consumers).
 */
@ProjectionsIntegrationTest
class SetBasedHandlersIT {

    private static final FactSource SOURCE = FactSource.importFile("catalog.json", "5e0c3d9a");
    /** Sources of every precedence, so that the set-based forms meet the precedence rule as often as the order. */
    private static final List<FactSource> SOURCES = List.of(
            SOURCE,
            FactSource.vpic("2026-02-17", "f9b3118a"),
            FactSource.vendor("vspec reference vendor (sample data)", 12));

    private static final Instant STORED = Instant.parse("2026-11-21T07:27:36.776Z");

    private static final long SEED = 20261121L;

    @Autowired
    Events events;

    @Autowired
    ReadModel readModel;

    @Autowired
    PlatformTransactionManager transactionManager;

    @Test
    void partsAppliedSetBasedEqualOneByOneWithRepeatedListsPartNumbersAndPrices() {
        Projection parts = projection("parts");
        List<Object> events = randomParts(new Random(SEED), 3_000);

        Applied applied = applyBothWays(parts, events, db -> null);

        assertThat(applied.setBased).isEqualTo(applied.oneByOne);
        assertThat(applied.rows(PART)).isPositive();
        assertThat(applied.rows(PART_PRICE_HISTORY)).isPositive();
    }

    @Test
    void aListRecordedAgainInTheSameBatchReplacesTheFirstAndARepeatedPriceKeepsItsLastAmount() {
        Projection parts = projection("parts");
        String key = "2020-sample-hatch-base-setbased";
        LocalDate asOf = LocalDate.of(2025, 3, 1);
        List<Object> events = List.of(
                new PartsRecorded(key, List.of(part("A-1", null), part("B-2", "brake_pads")), SOURCE),
                new PartPriced(key, "A-1", new BigDecimal("10.00"), "USD", asOf, SOURCE),
                new PartsRecorded(key, List.of(part("C-3", null), part("C-3", "cabin_air_filter")), SOURCE),
                new PartPriced(key, "A-1", new BigDecimal("11.005"), "USD", asOf, SOURCE));

        Applied applied = applyBothWays(
                parts,
                events,
                db -> List.of(
                        db.select(PART.PART_NUMBER, PART.POSITION, PART.SERVICE)
                                .from(PART)
                                .where(PART.CONFIG_KEY.eq(key))
                                .fetch(r -> List.of(r.value1(), r.value2(), r.value3())),
                        db.select(PART_PRICE_HISTORY.AMOUNT)
                                .from(PART_PRICE_HISTORY)
                                .where(PART_PRICE_HISTORY.CONFIG_KEY.eq(key))
                                .fetch(PART_PRICE_HISTORY.AMOUNT)));

        assertThat(applied.setBased).isEqualTo(applied.oneByOne);
        assertThat(applied.probe)
                .isEqualTo(List.of(List.of(List.of("C-3", 1, "cabin_air_filter")), List.of(new BigDecimal("11.01"))));
    }

    @Test
    void vinsAndConfigurationsAppliedSetBasedEqualOneByOne() {
        Random random = new Random(SEED);
        List<Object> links = new ArrayList<>();
        List<Object> registrations = new ArrayList<>();
        for (int i = 0; i < 2_000; i++) {
            String configKey = "2021-sample-van-" + random.nextInt(12);
            links.add(new VinLinked(String.format("1SAMPLE%010d", random.nextInt(300)), configKey, anySource(random)));
            registrations.add(new ConfigurationRegistered(
                    configKey,
                    2021,
                    random.nextBoolean() ? "Sample" : "SAMPLE",
                    "Van",
                    "Base " + random.nextInt(3),
                    "E" + random.nextInt(4),
                    random.nextBoolean() ? "fwd" : null,
                    "2021 Sample Van",
                    anySource(random)));
        }

        Applied vins = applyBothWays(projection("vins"), links, db -> null);
        Applied configurations = applyBothWays(projection("configurations"), registrations, db -> null);

        assertThat(vins.setBased).isEqualTo(vins.oneByOne);
        assertThat(vins.rows(VIN)).isEqualTo(300L);
        assertThat(configurations.setBased).isEqualTo(configurations.oneByOne);
    }

    @Test
    void aValueTooLongForItsColumnFailsTheSetBasedFormAsItFailsOneByOneNeverCut() {
        String key = "2020-sample-hatch-base-toolong";
        // config_key is a column of 160 characters; part texts are unbounded
        String tooLongKey = "2020-sample-hatch-" + "k".repeat(143);
        List<Object> tooLongConfigKey = List.of(new PartsRecorded(tooLongKey, List.of(part("P-1", null)), SOURCE));
        List<Object> tooLongVin = List.of(
                new VinLinked("1SAMPLE0000000001", key, SOURCE), new VinLinked("1SAMPLE00000000001", key, SOURCE));

        assertThat(sqlStateOfSetBased(projection("parts"), tooLongConfigKey)).isEqualTo("22001");
        assertThat(sqlStateOfSetBased(projection("vins"), tooLongVin)).isEqualTo("22001");
    }

    /** The SQLSTATE the set-based form fails with, or null when it applies the events. */
    private String sqlStateOfSetBased(Projection projection, List<Object> events) {
        return new TransactionTemplate(transactionManager).execute(status -> {
            status.setRollbackOnly();
            DSLContext db = onTemporaryCopies(projection.tables());
            try {
                projection.handlers().applyAll(db, stored(events));
                return null;
            } catch (RuntimeException e) {
                for (Throwable cause = e; cause != null; cause = cause.getCause()) {
                    if (cause instanceof SQLException sql) {
                        return sql.getSQLState();
                    }
                }
                throw e;
            }
        });
    }

    @Test
    void everyProjectionAppliedSetBasedEqualsOneByOneOverACatalogPublishedTwice() {
        EventEnvelopeCodec codec = new EventEnvelopeCodec();
        List<Object> catalog = new ArrayList<>();
        for (String tag : List.of("setbased-a", "setbased-b", "setbased-a")) {
            new CatalogFixture(events, tag, 900).envelopes.forEach(envelope -> catalog.add(codec.event(envelope)));
        }

        for (Projection projection : AllProjections.list()) {
            String name = projection.name();
            List<Object> handled = catalog.stream()
                    .filter(e -> projection.handlers().handles(e.getClass()))
                    .toList();
            Applied applied = applyBothWays(projection, handled, db -> null);

            assertThat(handled).as(name).isNotEmpty();
            assertThat(applied.setBased).as(name).isEqualTo(applied.oneByOne);
        }
    }

    private static Projection projection(String name) {
        return AllProjections.list().stream()
                .filter(projection -> projection.name().equals(name))
                .findFirst()
                .orElseThrow();
    }

    /** Lists and prices over a few configurations and part numbers, so that keys repeat often. */
    private static List<Object> randomParts(Random random, int count) {
        List<Object> events = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            String configKey = "2018-sample-wagon-trim" + random.nextInt(15);
            if (random.nextInt(5) == 0) {
                List<Part> list = new ArrayList<>();
                for (int n = random.nextInt(9); n > 0; n--) {
                    list.add(part("SP-" + random.nextInt(20), random.nextInt(3) == 0 ? null : "service_" + n));
                }
                events.add(new PartsRecorded(configKey, list, anySource(random)));
            } else {
                events.add(new PartPriced(
                        configKey,
                        "SP-" + random.nextInt(20),
                        BigDecimal.valueOf(random.nextInt(100_000), 3),
                        random.nextBoolean() ? "USD" : "EUR",
                        LocalDate.of(2024, 1, 1).plusDays(random.nextInt(20)),
                        anySource(random)));
            }
        }
        return events;
    }

    private static FactSource anySource(Random random) {
        return SOURCES.get(random.nextInt(SOURCES.size()));
    }

    /** The events as stored one after the other, a millisecond apart. */
    private static List<Recorded> stored(List<Object> events) {
        List<Recorded> stored = new ArrayList<>(events.size());
        for (int i = 0; i < events.size(); i++) {
            stored.add(new Recorded(events.get(i), STORED.plusMillis(i)));
        }
        return stored;
    }

    private static Part part(String number, String service) {
        return new Part(number, "Sample part " + number, "filter", "Sample Brand", 1 + number.length() % 3, service);
    }

    /**
     * Tables after applying the events one by one (one batch), and set-based in batches of 1 to 60
     * events; {@code probe} reads the set-based tables before they are dropped.
     */
    private Applied applyBothWays(Projection projection, List<Object> unstamped, Function<DSLContext, Object> probe) {
        List<Recorded> events = stored(unstamped);
        EventHandlers handlers = projection.handlers();
        Random cuts = new Random(SEED);
        return new TransactionTemplate(transactionManager).execute(status -> {
            DSLContext db = onTemporaryCopies(projection.tables());
            events.forEach(event -> handlers.apply(db, event));
            handlers.finishBatch(db, events);
            Map<String, String> oneByOne = TableChecksums.of(db, projection.tables());

            projection.tables().forEach(table -> db.truncate(table).execute());
            for (int from = 0; from < events.size(); ) {
                List<Recorded> batch = events.subList(from, Math.min(events.size(), from + 1 + cuts.nextInt(60)));
                handlers.applyAll(db, batch);
                handlers.finishBatch(db, batch);
                from += batch.size();
            }
            Map<String, String> setBased = TableChecksums.of(db, projection.tables());
            Object probed = probe.apply(db);
            status.setRollbackOnly();
            return new Applied(oneByOne, setBased, probed);
        });
    }

    /** A context whose {@code read} tables are temporary copies, dropped with the transaction. */
    private DSLContext onTemporaryCopies(List<Table<?>> tables) {
        DSLContext live = readModel.db();
        for (Table<?> table : tables) {
            live.execute("CREATE TEMPORARY TABLE " + table.getName() + " (LIKE "
                    + table.getSchema().getName() + "." + table.getName() + " INCLUDING ALL) ON COMMIT DROP");
        }
        return live.configuration()
                .derive(new Settings()
                        .withRenderMapping(new RenderMapping()
                                .withSchemata(
                                        new MappedSchema().withInput("read").withOutput("pg_temp"))))
                .dsl();
    }

    /** Each table's {@link TableChecksums} fingerprint both ways, and what the probe read. */
    private record Applied(Map<String, String> oneByOne, Map<String, String> setBased, Object probe) {

        long rows(Table<?> table) {
            String checksum = setBased.get(table.getSchema().getName() + "." + table.getName());
            return Long.parseLong(checksum.substring(0, checksum.indexOf(':')));
        }
    }
}
