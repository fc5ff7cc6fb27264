package dev.vspec.projections.runtime;

import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.TopicPartition;
import org.jooq.DSLContext;
import org.jooq.Table;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.kafka.listener.AbstractConsumerSeekAware;
import org.springframework.kafka.listener.BatchMessageListener;

/**
 * The batch listener of one projection's container. On assignment it positions the consumer at the
 * offsets stored in PostgreSQL (the beginning where none is stored), since those, not Kafka's
 * committed offsets, say what the read tables contain. As batches fill the projection's tables it
 * refreshes their statistics ({@link PlannerStatistics}).
 */
final class ProjectionListener extends AbstractConsumerSeekAware implements BatchMessageListener<String, byte[]> {

    private static final Logger log = LoggerFactory.getLogger(ProjectionListener.class);

    private final String projection;
    private final BatchApplier applier;
    private final DSLContext db;
    private final ProjectionCounters counters;
    private final List<? extends Table<?>> tables;
    private final AtomicLong batches = new AtomicLong();

    ProjectionListener(
            String projection,
            List<? extends Table<?>> tables,
            BatchApplier applier,
            DSLContext db,
            ProjectionCounters counters) {
        this.projection = projection;
        this.tables = List.copyOf(tables);
        this.applier = applier;
        this.db = db;
        this.counters = counters;
    }

    @Override
    public void onMessage(List<ConsumerRecord<String, byte[]>> records) {
        if (records.isEmpty()) {
            return;
        }
        try {
            counters.add(applier.apply(records));
        } catch (RuntimeException e) {
            counters.failedBatch();
            log.warn(
                    "Projection {} could not apply a batch of {} records, will retry: {}",
                    projection,
                    records.size(),
                    Failures.describe(e));
            throw new ProjectionBatchException(projection, e);
        }
        if (PlannerStatistics.due(batches.incrementAndGet())) {
            try {
                PlannerStatistics.analyze(db, tables);
            } catch (RuntimeException e) {
                // The batch is committed; only the planner's estimates stay as they were.
                log.warn(
                        "Projection {} could not refresh the statistics of its tables: {}",
                        projection,
                        Failures.describe(e));
            }
        }
    }

    @Override
    public void onPartitionsAssigned(Map<TopicPartition, Long> assignments, ConsumerSeekCallback callback) {
        super.onPartitionsAssigned(assignments, callback);
        Map<TopicPartition, Long> stored;
        try {
            stored = ProjectionOffsets.stored(db, projection, assignments.keySet());
        } catch (RuntimeException e) {
            // Safe, only slower: the batches skip every record below the stored offsets.
            log.warn(
                    "Projection {} cannot read its offsets ({}); reading its partitions from the beginning",
                    projection,
                    Failures.describe(e));
            stored = Map.of();
        }
        for (TopicPartition partition : assignments.keySet()) {
            Long offset = stored.get(partition);
            if (offset == null) {
                callback.seekToBeginning(partition.topic(), partition.partition());
            } else {
                callback.seek(partition.topic(), partition.partition(), offset);
            }
        }
        log.info("Projection {} assigned {} at stored offsets {}", projection, assignments.keySet(), stored);
    }

    /** A batch that failed and will be retried; the container's error handler sees this. */
    static final class ProjectionBatchException extends RuntimeException {
        ProjectionBatchException(String projection, Throwable cause) {
            super("projection " + projection + " failed to apply a batch", cause);
        }
    }
}
