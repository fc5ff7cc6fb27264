package dev.vspec.projections;

import static dev.vspec.storage.jooq.read.Tables.PART;
import static dev.vspec.storage.jooq.read.Tables.PARTS_DOCUMENT;
import static dev.vspec.storage.jooq.read.Tables.PART_PRICE_HISTORY;
import static dev.vspec.storage.jooq.read.Tables.PROJECTION_OFFSET;
import static dev.vspec.storage.jooq.read.Tables.PROJECTION_REJECT;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.vspec.contracts.catalog.FactSource;
import dev.vspec.contracts.catalog.Part;
import dev.vspec.contracts.catalog.PartPriced;
import dev.vspec.contracts.catalog.PartsRecorded;
import dev.vspec.readmodel.GroupDocument;
import dev.vspec.readmodel.PartView;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.LocalDate;
import java.util.List;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.jooq.DSLContext;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * A batch that fails for a reason that may pass (here: a table the parts projection writes is
 * missing, as during a botched migration) rolls back entirely, offsets included, and is retried
 * with back-off until it succeeds; nothing is skipped or rejected meanwhile.
 */
@ProjectionsIntegrationTest
class TransientFailureIT {

    private static final FactSource SOURCE = FactSource.importFile("catalog.json", "5e0c3d9a");

    @Autowired
    Events events;

    @Autowired
    ReadModel readModel;

    @Test
    void aFailedBatchRollsBackEveryWriteAndItsOffsetAndIsRetriedUntilItSucceeds() {
        DSLContext db = readModel.db();
        String key = "2022-acme-hauler-base-h2-transient";
        readModel.awaitCaughtUp();
        long failuresBefore = readModel.statuses().get("parts").failedBatches();
        RecordMetadata priced;
        db.execute("alter table read.parts_document rename to parts_document_away");
        try {
            events.publish(
                    key,
                    new PartsRecorded(
                            key, List.of(new Part("HX-1", "Hauler filter", "filter", "Acme", 1, null)), SOURCE));
            priced = events.publish(
                    key, new PartPriced(key, "HX-1", new BigDecimal("99.90"), "USD", LocalDate.of(2025, 3, 1), SOURCE));

            await("parts retries the failed batch")
                    .atMost(Duration.ofSeconds(30))
                    .until(() -> readModel.statuses().get("parts").failedBatches() >= failuresBefore + 3);
            // The rows were written in the same transaction as the failing statement: rolled back.
            assertThat(db.fetchCount(PART, PART.CONFIG_KEY.eq(key))).isZero();
            assertThat(db.fetchCount(PART_PRICE_HISTORY, PART_PRICE_HISTORY.CONFIG_KEY.eq(key)))
                    .isZero();
            assertThat(nextOffset(db, "parts", priced)).isLessThanOrEqualTo(priced.offset());
            // Other projections are not held up by the parts projection's trouble.
            await().atMost(Duration.ofSeconds(30)).until(() -> nextOffset(db, "fluids", priced) > priced.offset());
        } finally {
            db.execute("alter table read.parts_document_away rename to parts_document");
        }

        readModel.awaitCaughtUp();
        assertThat(db.fetchCount(PART_PRICE_HISTORY, PART_PRICE_HISTORY.CONFIG_KEY.eq(key)))
                .isOne();
        assertThat(GroupDocument.PARTS.parse(db.select(PARTS_DOCUMENT.BODY)
                        .from(PARTS_DOCUMENT)
                        .where(PARTS_DOCUMENT.CONFIG_KEY.eq(key))
                        .fetchSingle()
                        .value1()))
                .singleElement()
                .extracting(PartView::price)
                .isEqualTo(new PartView.Price("99.90", "USD", "2025-03-01"));
        assertThat(db.fetchCount(PROJECTION_REJECT, PROJECTION_REJECT.RECORD_KEY.eq(key)))
                .isZero();
    }

    private static long nextOffset(DSLContext db, String projection, RecordMetadata record) {
        Long next = db.select(PROJECTION_OFFSET.NEXT_OFFSET)
                .from(PROJECTION_OFFSET)
                .where(PROJECTION_OFFSET.PROJECTION.eq(projection))
                .and(PROJECTION_OFFSET.TOPIC.eq(record.topic()))
                .and(PROJECTION_OFFSET.PARTITION.eq(record.partition()))
                .fetchOne(PROJECTION_OFFSET.NEXT_OFFSET);
        return next == null ? 0 : next;
    }
}
