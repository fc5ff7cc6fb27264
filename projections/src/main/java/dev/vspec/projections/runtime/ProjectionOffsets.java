package dev.vspec.projections.runtime;

import static dev.vspec.storage.jooq.read.Tables.PROJECTION_OFFSET;

import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.TopicPartition;
import org.jooq.DSLContext;
import org.jooq.InsertValuesStep4;
import org.jooq.Row2;
import org.jooq.impl.DSL;

/**
 * The table {@code read.projection_offset}: per projection and partition, the offset of the next
 * record to apply. It is the projection's only position: Kafka's committed offsets are informative.
 */
final class ProjectionOffsets {

    private static final Comparator<TopicPartition> BY_TOPIC_AND_PARTITION =
            Comparator.comparing(TopicPartition::topic).thenComparingInt(TopicPartition::partition);

    private ProjectionOffsets() {}

    /** The stored positions of these partitions; partitions without one are absent. */
    static Map<TopicPartition, Long> stored(DSLContext db, String projection, Collection<TopicPartition> partitions) {
        Map<TopicPartition, Long> stored = new HashMap<>();
        if (partitions.isEmpty()) {
            return stored;
        }
        db.select(PROJECTION_OFFSET.TOPIC, PROJECTION_OFFSET.PARTITION, PROJECTION_OFFSET.NEXT_OFFSET)
                .from(PROJECTION_OFFSET)
                .where(PROJECTION_OFFSET.PROJECTION.eq(projection))
                .and(DSL.row(PROJECTION_OFFSET.TOPIC, PROJECTION_OFFSET.PARTITION)
                        .in(rows(partitions)))
                .forEach(r -> stored.put(new TopicPartition(r.value1(), r.value2()), r.value3()));
        return stored;
    }

    /**
     * Locks the positions of these partitions until the transaction ends and returns them (0 where
     * none was stored). A consumer that lost its partitions in a rebalance but is still finishing a
     * batch then waits here, and afterwards sees what the new owner applied.
     */
    static Map<TopicPartition, Long> lock(DSLContext db, String projection, Collection<TopicPartition> partitions) {
        InsertValuesStep4<?, String, String, Integer, Long> insert = db.insertInto(
                PROJECTION_OFFSET,
                PROJECTION_OFFSET.PROJECTION,
                PROJECTION_OFFSET.TOPIC,
                PROJECTION_OFFSET.PARTITION,
                PROJECTION_OFFSET.NEXT_OFFSET);
        // Always in the same order, so that two transactions locking several rows cannot deadlock.
        for (TopicPartition partition :
                partitions.stream().sorted(BY_TOPIC_AND_PARTITION).toList()) {
            insert = insert.values(projection, partition.topic(), partition.partition(), 0L);
        }
        insert.onConflictDoNothing().execute();
        Map<TopicPartition, Long> locked = new HashMap<>();
        db.select(PROJECTION_OFFSET.TOPIC, PROJECTION_OFFSET.PARTITION, PROJECTION_OFFSET.NEXT_OFFSET)
                .from(PROJECTION_OFFSET)
                .where(PROJECTION_OFFSET.PROJECTION.eq(projection))
                .and(DSL.row(PROJECTION_OFFSET.TOPIC, PROJECTION_OFFSET.PARTITION)
                        .in(rows(partitions)))
                .orderBy(PROJECTION_OFFSET.TOPIC, PROJECTION_OFFSET.PARTITION)
                .forUpdate()
                .forEach(r -> locked.put(new TopicPartition(r.value1(), r.value2()), r.value3()));
        return locked;
    }

    /** Locks every stored position of the projection until the transaction ends. */
    static void lockAll(DSLContext db, String projection) {
        db.selectFrom(PROJECTION_OFFSET)
                .where(PROJECTION_OFFSET.PROJECTION.eq(projection))
                .orderBy(PROJECTION_OFFSET.TOPIC, PROJECTION_OFFSET.PARTITION)
                .forUpdate()
                .execute();
    }

    static void advance(DSLContext db, String projection, Map<TopicPartition, Long> nextOffsets) {
        if (nextOffsets.isEmpty()) {
            return;
        }
        db.batch(nextOffsets.entrySet().stream()
                        .map(e -> db.update(PROJECTION_OFFSET)
                                .set(PROJECTION_OFFSET.NEXT_OFFSET, e.getValue())
                                .set(PROJECTION_OFFSET.UPDATED_AT, DSL.currentOffsetDateTime())
                                .where(PROJECTION_OFFSET.PROJECTION.eq(projection))
                                .and(PROJECTION_OFFSET.TOPIC.eq(e.getKey().topic()))
                                .and(PROJECTION_OFFSET.PARTITION.eq(e.getKey().partition())))
                        .toList())
                .execute();
    }

    private static List<Row2<String, Integer>> rows(Collection<TopicPartition> partitions) {
        return partitions.stream().map(p -> DSL.row(p.topic(), p.partition())).toList();
    }
}
