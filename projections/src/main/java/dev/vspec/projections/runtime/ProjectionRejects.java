package dev.vspec.projections.runtime;

import static dev.vspec.storage.jooq.read.Tables.PROJECTION_REJECT;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.jooq.DSLContext;

/** The table {@code read.projection_reject}: records a projection could never apply, kept whole. */
final class ProjectionRejects {

    private ProjectionRejects() {}

    static void insert(DSLContext db, String projection, ConsumerRecord<String, byte[]> record, String reason) {
        db.insertInto(PROJECTION_REJECT)
                .set(PROJECTION_REJECT.PROJECTION, projection)
                .set(PROJECTION_REJECT.TOPIC, record.topic())
                .set(PROJECTION_REJECT.PARTITION, record.partition())
                .set(PROJECTION_REJECT.RECORD_OFFSET, record.offset())
                .set(PROJECTION_REJECT.RECORD_KEY, record.key())
                .set(PROJECTION_REJECT.REASON, Failures.truncate(reason))
                .set(PROJECTION_REJECT.PAYLOAD, record.value())
                .onConflictDoNothing()
                .execute();
    }
}
