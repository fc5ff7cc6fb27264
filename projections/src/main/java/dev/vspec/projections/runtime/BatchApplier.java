package dev.vspec.projections.runtime;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.TopicPartition;
import org.jooq.DSLContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Applies one polled batch for one projection: its table writes, its rejects and its new offsets
 * in a single transaction. Records below the stored offset were applied by an earlier transaction
 * and are skipped, so a redelivered batch changes nothing. A record that fails in a way that will
 * never pass (see {@link Failures}) rolls the attempt back, and the batch is applied again at once
 * with that record rejected; any other failure rolls back and propagates, for the container to
 * retry the whole batch with back-off. A batch is first applied by the projection's set-based
 * handler where it has one, its statements sent in JDBC batches; a permanent failure there sends
 * the batch through the event-by-event, statement-by-statement path that pins it on its record.
 * The projection's after-batch work (see {@link EventHandlers.Builder#afterBatch}) runs last,
 * before the offsets, in the same transaction.
 */
final class BatchApplier {

    private static final Logger log = LoggerFactory.getLogger(BatchApplier.class);

    /** What one committed batch did. */
    record Outcome(long applied, long ignored, long unknown, long rejected, long duplicates) {}

    private final String projection;
    private final RecordReader reader;
    private final EventHandlers handlers;
    private final DSLContext db;
    private final TransactionTemplate transactions;

    BatchApplier(
            String projection,
            RecordReader reader,
            EventHandlers handlers,
            DSLContext db,
            TransactionTemplate transactions) {
        this.projection = projection;
        this.reader = reader;
        this.handlers = handlers;
        this.db = db;
        this.transactions = transactions;
    }

    Outcome apply(List<ConsumerRecord<String, byte[]>> records) {
        try {
            return transactions.execute(status -> applyOnce(records, Map.of(), true));
        } catch (RuntimeException e) {
            if (!Failures.isPermanent(e)) {
                throw e;
            }
            log.debug(
                    "Projection {} applies the batch again event by event to find the record that fails: {}",
                    projection,
                    Failures.describe(e));
        }
        Map<RecordId, String> condemned = new HashMap<>();
        while (true) {
            try {
                return transactions.execute(status -> applyOnce(records, condemned, false));
            } catch (RecordCannotBeApplied e) {
                if (condemned.putIfAbsent(e.record, e.reason) != null) {
                    throw new IllegalStateException("record " + e.record + " was already rejected", e);
                }
                log.warn("Projection {} rejects {}: {}", projection, e.record, e.reason);
            }
        }
    }

    /**
     * One attempt. {@code batched}: the events are applied together, set-based where the projection
     * can, and the statements reach the database in JDBC batches (far fewer round trips); but a
     * failure there cannot be pinned on its record, so {@link #apply} then tries again event by
     * event, statement by statement.
     */
    private Outcome applyOnce(
            List<ConsumerRecord<String, byte[]>> records, Map<RecordId, String> condemned, boolean batched) {
        if (batched) {
            return db.batchedResult(connection -> applyOnce(records, condemned, connection.dsl(), true));
        }
        return applyOnce(records, condemned, db, false);
    }

    /** Offsets and rejects go through {@link #db}; the handlers write with {@code handlerDb}. */
    private Outcome applyOnce(
            List<ConsumerRecord<String, byte[]>> records,
            Map<RecordId, String> condemned,
            DSLContext handlerDb,
            boolean together) {
        Map<TopicPartition, List<ConsumerRecord<String, byte[]>>> byPartition = byPartition(records);
        Map<TopicPartition, Long> stored = ProjectionOffsets.lock(db, projection, byPartition.keySet());
        Map<TopicPartition, Long> advanced = new HashMap<>();
        Tally tally = new Tally();
        for (var entry : byPartition.entrySet()) {
            long storedOffset = stored.getOrDefault(entry.getKey(), 0L);
            long next = storedOffset;
            for (ConsumerRecord<String, byte[]> record : entry.getValue()) {
                if (record.offset() < next) {
                    tally.duplicates++;
                    continue;
                }
                take(record, condemned, handlerDb, together, tally);
                next = record.offset() + 1;
            }
            if (next > storedOffset) {
                advanced.put(entry.getKey(), next);
            }
        }
        if (together) {
            handlers.applyAll(handlerDb, tally.appliedEvents);
        }
        handlers.finishBatch(handlerDb, tally.appliedEvents);
        ProjectionOffsets.advance(db, projection, advanced);
        return new Outcome(tally.applied, tally.ignored, tally.unknown, tally.rejected, tally.duplicates);
    }

    private static Map<TopicPartition, List<ConsumerRecord<String, byte[]>>> byPartition(
            List<ConsumerRecord<String, byte[]>> records) {
        Map<TopicPartition, List<ConsumerRecord<String, byte[]>>> byPartition = new LinkedHashMap<>();
        for (ConsumerRecord<String, byte[]> record : records) {
            byPartition
                    .computeIfAbsent(new TopicPartition(record.topic(), record.partition()), p -> new ArrayList<>())
                    .add(record);
        }
        return byPartition;
    }

    /** What one attempt did so far, and the events it applied, in order. */
    private static final class Tally {
        long applied;
        long ignored;
        long unknown;
        long rejected;
        long duplicates;
        final List<Recorded> appliedEvents = new ArrayList<>();
    }

    /**
     * Reads one new record and applies it (at once, unless the attempt applies its events {@code together}),
     * skips it, or rejects it.
     */
    private void take(
            ConsumerRecord<String, byte[]> record,
            Map<RecordId, String> condemned,
            DSLContext handlerDb,
            boolean together,
            Tally tally) {
        RecordId id = RecordId.of(record);
        String condemnation = condemned.isEmpty() ? null : condemned.get(id);
        RecordReader.Reading reading = condemnation != null
                ? new RecordReader.Unreadable(condemnation)
                : reader.read(record.value(), RecordReader.typeHeader(record));
        if (reading instanceof RecordReader.Apply apply) {
            // An envelope always says when its event was stored; the record's time stands in for one that does not.
            Recorded recorded = new Recorded(
                    apply.event(),
                    apply.occurredAt() != null ? apply.occurredAt() : Instant.ofEpochMilli(record.timestamp()));
            if (!together) {
                applyOne(id, recorded, handlerDb);
            }
            tally.applied++;
            tally.appliedEvents.add(recorded);
        } else if (reading instanceof RecordReader.Ignore) {
            tally.ignored++;
        } else if (reading instanceof RecordReader.Unknown u) {
            log.debug("Projection {} skips {} of unknown type {}", projection, id, u.eventType());
            tally.unknown++;
        } else if (reading instanceof RecordReader.Unreadable u) {
            if (condemnation == null) {
                log.warn("Projection {} rejects {}: {}", projection, id, u.reason());
            }
            ProjectionRejects.insert(db, projection, record, u.reason());
            tally.rejected++;
        }
    }

    private void applyOne(RecordId id, Recorded event, DSLContext handlerDb) {
        try {
            handlers.apply(handlerDb, event);
        } catch (RuntimeException e) {
            if (Failures.isPermanent(e)) {
                throw new RecordCannotBeApplied(id, Failures.describe(e), e);
            }
            throw e;
        }
    }

    /** Where a record sits on the topic. */
    record RecordId(String topic, int partition, long offset) {
        static RecordId of(ConsumerRecord<?, ?> record) {
            return new RecordId(record.topic(), record.partition(), record.offset());
        }

        @Override
        public String toString() {
            return topic + "-" + partition + "@" + offset;
        }
    }

    /** Thrown inside the transaction to roll it back before the record is rejected. */
    private static final class RecordCannotBeApplied extends RuntimeException {
        private final RecordId record;
        private final String reason;

        RecordCannotBeApplied(RecordId record, String reason, Throwable cause) {
            super(reason, cause);
            this.record = record;
            this.reason = reason;
        }
    }
}
