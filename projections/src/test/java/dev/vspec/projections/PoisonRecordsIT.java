package dev.vspec.projections;

import static dev.vspec.storage.jooq.read.Tables.CONFIGURATION;
import static dev.vspec.storage.jooq.read.Tables.FLUIDS_DOCUMENT;
import static dev.vspec.storage.jooq.read.Tables.PART_PRICE_HISTORY;
import static dev.vspec.storage.jooq.read.Tables.PROJECTION_OFFSET;
import static dev.vspec.storage.jooq.read.Tables.PROJECTION_REJECT;
import static dev.vspec.storage.jooq.read.Tables.VIN;
import static org.assertj.core.api.Assertions.assertThat;

import dev.vspec.contracts.catalog.ConfigurationRegistered;
import dev.vspec.contracts.catalog.FactSource;
import dev.vspec.contracts.catalog.Fluid;
import dev.vspec.contracts.catalog.FluidsRecorded;
import dev.vspec.contracts.catalog.PartPriced;
import dev.vspec.contracts.catalog.VinLinked;
import dev.vspec.events.kafka.EventEnvelope;
import dev.vspec.projections.runtime.ProjectionRuntime;
import dev.vspec.projections.runtime.ProjectionStatus;
import dev.vspec.storage.jooq.read.tables.records.ProjectionRejectRecord;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.jooq.DSLContext;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import tools.jackson.databind.json.JsonMapper;

/** Records that can never be applied are set aside, not retried for ever; unknown event types are passed over. */
@ProjectionsIntegrationTest
class PoisonRecordsIT {

    private static final FactSource SOURCE = FactSource.importFile("catalog.json", "5e0c3d9a");

    @Autowired
    Events events;

    @Autowired
    ReadModel readModel;

    @Autowired
    ProjectionRuntime runtime;

    DSLContext db;

    @BeforeEach
    void setUp() {
        db = readModel.db();
    }

    @Test
    void aRecordThatIsNoEnvelopeIsRejectedByEveryProjectionAndTheRecordsAfterItAreApplied() {
        String key = "2020-acme-roadster-base-x1-poison";
        byte[] garbage = "not an envelope \u0000\u00ff".getBytes(StandardCharsets.ISO_8859_1);
        RecordMetadata notJson = events.publishRaw(key, garbage);
        RecordMetadata jsonButNoEnvelope = events.publishRaw(
                key,
                "{\"envelopeVersion\":1,\"aggregateSequence\":0,\"hello\":\"world\"}".getBytes(StandardCharsets.UTF_8));
        events.publish(key, registered(key, "Acme"));
        events.publish(key, fluids(key));
        readModel.awaitCaughtUp();

        assertThat(db.fetchExists(CONFIGURATION, CONFIGURATION.CONFIG_KEY.eq(key)))
                .isTrue();
        assertThat(db.fetchExists(FLUIDS_DOCUMENT, FLUIDS_DOCUMENT.CONFIG_KEY.eq(key)))
                .isTrue();
        List<ProjectionRejectRecord> rejected = rejectsAt(notJson);
        assertThat(rejected)
                .extracting(ProjectionRejectRecord::getProjection)
                .containsExactlyInAnyOrderElementsOf(runtime.names());
        assertThat(rejected).allSatisfy(reject -> {
            assertThat(reject.getPayload()).isEqualTo(garbage);
            assertThat(reject.getRecordKey()).isEqualTo(key);
            assertThat(reject.getReason()).contains("not an event envelope");
        });
        assertThat(rejectsAt(jsonButNoEnvelope))
                .hasSize(runtime.names().size())
                .allSatisfy(reject -> assertThat(reject.getReason()).contains("no eventType or payload"));
    }

    @Test
    void anEventTypeNewerThanThisCodeIsSkipped() {
        String key = "2020-acme-roadster-base-x1-unknown";
        Map<String, ProjectionStatus> before = readModel.statuses();
        RecordMetadata unknown = events.publish(new EventEnvelope(
                EventEnvelope.VERSION,
                "evt-unknown-1",
                "ConfigurationRetired",
                "VehicleConfiguration",
                key,
                0,
                Instant.parse("2025-01-01T00:00:00Z"),
                JsonMapper.shared().createObjectNode().put("configKey", key)));
        events.publish(key, registered(key, "Acme"));
        readModel.awaitCaughtUp();

        assertThat(db.fetchExists(CONFIGURATION, CONFIGURATION.CONFIG_KEY.eq(key)))
                .isTrue();
        assertThat(rejectsAt(unknown)).isEmpty();
        assertThat(db.fetchCount(
                        PROJECTION_OFFSET,
                        PROJECTION_OFFSET
                                .PARTITION
                                .eq(unknown.partition())
                                .and(PROJECTION_OFFSET.NEXT_OFFSET.gt(unknown.offset()))))
                .isEqualTo(runtime.names().size());
        Map<String, ProjectionStatus> after = readModel.statuses();
        for (String name : runtime.names()) {
            assertThat(after.get(name).unknown())
                    .as(name)
                    .isGreaterThan(before.get(name).unknown());
        }
    }

    @Test
    void anUnreadablePayloadIsRejectedOnlyByTheProjectionThatHandlesItsType() {
        String key = "2020-acme-roadster-base-x1-payload";
        RecordMetadata bad = events.publish(new EventEnvelope(
                EventEnvelope.VERSION,
                "evt-bad-payload-1",
                "FluidsRecorded",
                "VehicleConfiguration",
                key,
                0,
                Instant.parse("2025-01-01T00:00:00Z"),
                JsonMapper.shared().createObjectNode().put("configKey", key).put("fluids", "a lot")));
        events.publish(key, fluids(key));
        readModel.awaitCaughtUp();

        assertThat(rejectsAt(bad)).singleElement().satisfies(reject -> {
            assertThat(reject.getProjection()).isEqualTo("fluids");
            assertThat(reject.getReason()).contains("payload of FluidsRecorded is unreadable");
        });
        assertThat(db.fetchExists(FLUIDS_DOCUMENT, FLUIDS_DOCUMENT.CONFIG_KEY.eq(key)))
                .isTrue();
    }

    @Test
    void dataTheTableRefusesIsRejectedWithoutBlockingThePartition() {
        String key = "2020-acme-roadster-base-x1-toolong";
        // drivetrain is a column of 16 characters (names and trims are unbounded: sources name them at length)
        RecordMetadata tooLong = events.publish(key, registered(key, "Acme", "d".repeat(17)));
        readModel.awaitCaughtUp();
        // Corrected after the bad one was consumed: a correction in the same batch would supersede it unwritten.
        events.publish(key, registered(key, "Acme Motors", "rwd"));
        readModel.awaitCaughtUp();

        assertThat(rejectsAt(tooLong)).singleElement().satisfies(reject -> {
            assertThat(reject.getProjection()).isEqualTo("configurations");
            assertThat(reject.getReason()).contains("22001");
        });
        assertThat(db.select(CONFIGURATION.MAKE)
                        .from(CONFIGURATION)
                        .where(CONFIGURATION.CONFIG_KEY.eq(key))
                        .fetchSingle()
                        .value1())
                .isEqualTo("Acme Motors");
    }

    @Test
    void aPriceTheTableRefusesAmongGoodOnesInOneBatchIsRejectedAloneWhenTheBatchIsAppliedSetBased() {
        String key = "2020-acme-roadster-base-x1-overflow";
        LocalDate asOf = LocalDate.of(2025, 5, 1);
        List<EventEnvelope> batch = List.of(
                events.envelope(key, new PartPriced(key, "AC-100", new BigDecimal("19.99"), "USD", asOf, SOURCE)),
                events.envelope(key, new PartPriced(key, "AC-200", new BigDecimal("1e13"), "USD", asOf, SOURCE)),
                events.envelope(key, new PartPriced(key, "AC-300", new BigDecimal("7.50"), "USD", asOf, SOURCE)));
        events.publishAll(batch);
        RecordMetadata overflow =
                events.publish(key, new PartPriced(key, "AC-200", new BigDecimal("2e13"), "USD", asOf, SOURCE));
        events.publish(key, new PartPriced(key, "AC-400", new BigDecimal("3.25"), "USD", asOf, SOURCE));
        readModel.awaitCaughtUp();

        assertThat(rejectsAt(overflow)).singleElement().satisfies(reject -> {
            assertThat(reject.getProjection()).isEqualTo("parts");
            assertThat(reject.getReason()).contains("22003");
        });
        assertThat(db.select(PART_PRICE_HISTORY.PART_NUMBER)
                        .from(PART_PRICE_HISTORY)
                        .where(PART_PRICE_HISTORY.CONFIG_KEY.eq(key))
                        .orderBy(PART_PRICE_HISTORY.PART_NUMBER)
                        .fetch(PART_PRICE_HISTORY.PART_NUMBER))
                .containsExactly("AC-100", "AC-300", "AC-400");
        assertThat(db.select(PROJECTION_REJECT.RECORD_OFFSET)
                        .from(PROJECTION_REJECT)
                        .where(PROJECTION_REJECT.TOPIC.eq(overflow.topic()))
                        .and(PROJECTION_REJECT.PARTITION.eq(overflow.partition()))
                        .and(PROJECTION_REJECT.RECORD_OFFSET.between(overflow.offset() - 3, overflow.offset() + 1))
                        .orderBy(PROJECTION_REJECT.RECORD_OFFSET)
                        .fetch(PROJECTION_REJECT.RECORD_OFFSET))
                .as("the batch's one overflow (two records before the second) and the second")
                .containsExactly(overflow.offset() - 2, overflow.offset());
    }

    @Test
    void aVinTooLongForItsColumnIsRejectedNotCutWhenItsBatchIsAppliedSetBased() {
        String key = "2020-acme-roadster-base-x1-vins";
        String tooLong = "SYNAC0000000000018";
        events.publishAll(List.of(
                events.envelope(key, new VinLinked("SYNAC000000000001", key, SOURCE)),
                events.envelope(key, new VinLinked(tooLong, key, SOURCE)),
                events.envelope(key, new VinLinked("SYNAC000000000002", key, SOURCE))));
        readModel.awaitCaughtUp();

        assertThat(db.select(VIN.VIN_)
                        .from(VIN)
                        .where(VIN.CONFIG_KEY.eq(key))
                        .orderBy(VIN.VIN_)
                        .fetch(VIN.VIN_))
                .containsExactly("SYNAC000000000001", "SYNAC000000000002");
        assertThat(db.fetchCount(
                        PROJECTION_REJECT,
                        PROJECTION_REJECT.PROJECTION.eq("vins").and(PROJECTION_REJECT.REASON.contains("22001"))))
                .isEqualTo(1);
    }

    private List<ProjectionRejectRecord> rejectsAt(RecordMetadata record) {
        return db.selectFrom(PROJECTION_REJECT)
                .where(PROJECTION_REJECT.TOPIC.eq(record.topic()))
                .and(PROJECTION_REJECT.PARTITION.eq(record.partition()))
                .and(PROJECTION_REJECT.RECORD_OFFSET.eq(record.offset()))
                .fetch();
    }

    private static ConfigurationRegistered registered(String key, String make) {
        return registered(key, make, null);
    }

    private static ConfigurationRegistered registered(String key, String make, String drivetrain) {
        return new ConfigurationRegistered(
                key, 2020, make, "Roadster", "Base", "X1", drivetrain, "2020 Acme Roadster", SOURCE);
    }

    private static FluidsRecorded fluids(String key) {
        return new FluidsRecorded(
                key, List.of(new Fluid("engine_oil", "5W-30", new BigDecimal("4.00"), null, null)), SOURCE);
    }
}
