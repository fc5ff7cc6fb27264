package dev.vspec.harness.faults;

import dev.vspec.contracts.catalog.PublishedEvents;
import dev.vspec.events.axon.EventStorage;
import dev.vspec.events.kafka.EventEnvelope;
import dev.vspec.events.kafka.EventEnvelopeCodec;
import dev.vspec.projections.runtime.EventTopicConsumer;
import dev.vspec.projections.runtime.ShadowRebuild;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.sql.DataSource;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * The event store's events of the published language against the event topic read from its
 * start: each stored event once on the topic, keyed by its aggregate, every aggregate on one
 * partition in sequence order, and nothing on the topic the store does not hold.
 */
final class TopicAudit {

    /**
     * @param stored     events of the published language in the event store
     * @param records    records on the topic
     * @param duplicates records whose event was on the topic before
     * @param missing    stored events not on the topic
     * @param unknown    records of events the store does not hold, or that do not decode
     * @param misplaced  records keyed otherwise than by their aggregate, of an aggregate on several partitions, or whose
     *                   aggregate or sequence differs from the stored event's
     * @param outOfOrder records of an aggregate that came after a later event of that aggregate
     */
    record Outcome(
            long stored,
            long records,
            long duplicates,
            long missing,
            long unknown,
            long misplaced,
            long outOfOrder,
            int partitions) {

        List<String> violations() {
            List<String> violations = new ArrayList<>();
            add(violations, missing, "stored events never reached the topic");
            add(violations, duplicates, "events reached the topic more than once");
            add(violations, unknown, "records on the topic are no stored event");
            add(violations, misplaced, "records are keyed, partitioned or numbered otherwise than their stored event");
            add(violations, outOfOrder, "records came after a later event of their aggregate");
            return violations;
        }

        private static void add(List<String> violations, long count, String what) {
            if (count > 0) {
                violations.add(count + " " + what);
            }
        }
    }

    private record Stored(String aggregateId, long sequence) {}

    private TopicAudit() {}

    static Outcome of(DataSource dataSource, String bootstrap, String topic) {
        Tally tally = new Tally(storedEvents(dataSource));
        int partitions = read(bootstrap, topic, tally);
        return tally.outcome(partitions);
    }

    /** The published language's stored events by event id. */
    private static Map<String, Stored> storedEvents(DataSource dataSource) {
        Map<String, Stored> store = new HashMap<>();
        List<String> published =
                PublishedEvents.TYPES.stream().map(Class::getName).toList();
        new JdbcTemplate(dataSource)
                .query(
                        "select eventidentifier, aggregateidentifier, sequencenumber from " + EventStorage.EVENT_TABLE
                                + " where payloadtype = any (?)",
                        row -> {
                            store.put(row.getString(1), new Stored(row.getString(2), row.getLong(3)));
                        },
                        (Object) published.toArray(String[]::new));
        return store;
    }

    /** Hands every record of the topic to {@code tally}, one partition at a time, each in offset order. */
    private static int read(String bootstrap, String topic, Tally tally) {
        try (KafkaConsumer<String, byte[]> consumer =
                EventTopicConsumer.open(bootstrap, "vspec-topic-audit", ShadowRebuild.DEFAULT_BATCH)) {
            List<TopicPartition> all = consumer.partitionsFor(topic, Duration.ofSeconds(30)).stream()
                    .map(info -> new TopicPartition(topic, info.partition()))
                    .toList();
            for (TopicPartition partition : all) {
                consumer.assign(List.of(partition));
                consumer.seekToBeginning(List.of(partition));
                long end = consumer.endOffsets(List.of(partition), Duration.ofSeconds(30))
                        .get(partition);
                while (consumer.position(partition, Duration.ofSeconds(30)) < end) {
                    consumer.poll(Duration.ofSeconds(1)).forEach(tally::add);
                }
            }
            return all.size();
        }
    }

    /** The topic's records so far against the stored events. */
    private static final class Tally {

        private final Map<String, Stored> store;
        private final EventEnvelopeCodec codec = new EventEnvelopeCodec();
        private final Set<String> seen = new HashSet<>();
        private final Map<String, Integer> partitionOf = new HashMap<>();
        private final Map<String, Long> lastSequence = new HashMap<>();
        private long records;
        private long duplicates;
        private long unknown;
        private long misplaced;
        private long outOfOrder;

        Tally(Map<String, Stored> store) {
            this.store = store;
        }

        void add(ConsumerRecord<String, byte[]> record) {
            records++;
            EventEnvelope envelope;
            try {
                envelope = codec.decode(record.value());
            } catch (RuntimeException e) {
                unknown++;
                return;
            }
            Stored stored = store.get(envelope.eventId());
            if (stored == null) {
                unknown++;
                return;
            }
            if (!seen.add(envelope.eventId())) {
                duplicates++;
                return;
            }
            String aggregate = stored.aggregateId();
            if (!aggregate.equals(record.key())
                    || !aggregate.equals(envelope.aggregateId())
                    || stored.sequence() != envelope.aggregateSequence()
                    || partitionOf.computeIfAbsent(aggregate, a -> record.partition()) != record.partition()) {
                misplaced++;
            }
            Long last = lastSequence.put(aggregate, stored.sequence());
            if (last != null && last > stored.sequence()) {
                outOfOrder++;
            }
        }

        Outcome outcome(int partitions) {
            long missing =
                    store.keySet().stream().filter(id -> !seen.contains(id)).count();
            return new Outcome(store.size(), records, duplicates, missing, unknown, misplaced, outOfOrder, partitions);
        }
    }
}
