package dev.vspec.projections.runtime;

import dev.vspec.events.kafka.EventEnvelopeCodec;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;

/**
 * A rebuild from the event topic, from each partition's first offset up to its end at the start,
 * each record decoded once for every projection. Each projection applies each partition's records
 * in order, in a lane of its own, one transaction per poll: an aggregate's events are all on one
 * partition, and a projection's rows belong to one aggregate, so lanes touch different rows and run
 * side by side. Lanes do not wait for each other, and the next polls are read and decoded while
 * earlier ones are applied (at most {@link #POLLS_IN_FLIGHT}).
 */
final class TopicSource implements RebuildSource, AutoCloseable {

    private static final Duration POLL = Duration.ofMillis(500);
    private static final Duration CATCH_UP_TIMEOUT = Duration.ofMinutes(5);
    /** Polls read ahead of the oldest one not yet applied everywhere; bounds the memory held. */
    private static final int POLLS_IN_FLIGHT = 3;

    private final String topic;
    private final KafkaConsumer<String, byte[]> consumer;
    private final EventEnvelopeCodec codec = new EventEnvelopeCodec();
    /** Each chosen projection's handlers by its name, built once. */
    private final Map<String, EventHandlers> handlers = new LinkedHashMap<>();

    private final Map<String, CompletableFuture<?>> lanes = new HashMap<>();
    private final Deque<Poll> inFlight = new ArrayDeque<>();
    private List<TopicPartition> partitions;
    private Map<TopicPartition, Long> end;
    private long read;
    private int polls;

    /** A poll being applied: its size, and when every lane has applied its piece of it. */
    private record Poll(int records, CompletableFuture<?> applied) {}

    /** Reads through an {@link EventTopicConsumer}, {@code batch} records a poll. */
    TopicSource(String bootstrapServers, String topic, int batch) {
        this.topic = topic;
        this.consumer = EventTopicConsumer.open(bootstrapServers, "vspec-rebuild", batch);
    }

    @Override
    public String description() {
        return "Reading " + topic + " from offset 0";
    }

    @Override
    public long open(ShadowCopies copies) {
        copies.projections().forEach(projection -> handlers.put(projection.name(), projection.handlers()));
        partitions = consumer.partitionsFor(topic, ProjectionRuntime.BROKER_TIMEOUT).stream()
                .map(info -> new TopicPartition(topic, info.partition()))
                .toList();
        if (partitions.isEmpty()) {
            throw new IllegalStateException("topic " + topic + " does not exist");
        }
        consumer.assign(partitions);
        consumer.seekToBeginning(partitions);
        Map<TopicPartition, Long> begin = consumer.beginningOffsets(partitions);
        end = consumer.endOffsets(partitions);
        long total = 0;
        for (TopicPartition partition : partitions) {
            total += end.get(partition) - begin.get(partition);
        }
        return total;
    }

    @Override
    public long fill(ShadowCopies copies, RebuildProgress progress) {
        readUpTo(end, null, copies, progress);
        return read;
    }

    /** The running consumers go on from the copies' offsets afterwards, skipping what the copies hold. */
    @Override
    public long catchUp(ShadowCopies copies, RebuildProgress progress) {
        long before = read;
        Map<String, Map<TopicPartition, Long>> applied = new LinkedHashMap<>();
        copies.lockOrder()
                .forEach(projection ->
                        applied.put(projection, ProjectionOffsets.lock(copies.db(), projection, partitions)));
        Map<TopicPartition, Long> target = new HashMap<>();
        applied.values()
                .forEach(offsets -> offsets.forEach((partition, offset) -> target.merge(partition, offset, Math::max)));
        readUpTo(target, CATCH_UP_TIMEOUT, copies, progress);
        applied.forEach(copies::handOver);
        return read - before;
    }

    @Override
    public void close() {
        consumer.close();
    }

    /**
     * Reads until the consumer's position reaches {@code target} on every partition, and returns
     * once all of it is applied. While the copies are filled ({@code timeout} null) their
     * statistics are refreshed as they grow; in the swap, which holds the consumers' offsets, the
     * reading gives up after {@code timeout}.
     */
    private void readUpTo(
            Map<TopicPartition, Long> target, Duration timeout, ShadowCopies copies, RebuildProgress progress) {
        long deadline = timeout == null ? Long.MAX_VALUE : System.nanoTime() + timeout.toNanos();
        while (!reached(target)) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException(
                        "the topic could not be read up to the running consumers' offsets within " + timeout);
            }
            ConsumerRecords<String, byte[]> polled = consumer.poll(POLL);
            if (!polled.isEmpty()) {
                while (inFlight.size() >= POLLS_IN_FLIGHT) {
                    finishOldest(progress);
                }
                inFlight.add(apply(polled, copies));
                if (timeout == null) {
                    copies.analyzeAsTheyGrow(++polls);
                }
            }
        }
        while (!inFlight.isEmpty()) {
            finishOldest(progress);
        }
    }

    private boolean reached(Map<TopicPartition, Long> target) {
        for (var entry : target.entrySet()) {
            if (consumer.position(entry.getKey()) < entry.getValue()) {
                return false;
            }
        }
        return true;
    }

    private Poll apply(ConsumerRecords<String, byte[]> polled, ShadowCopies copies) {
        Map<byte[], RecordReader.Decoded> decoded = new IdentityHashMap<>();
        for (ConsumerRecord<String, byte[]> record : polled) {
            RecordReader.decodeInto(decoded, codec, record.value());
        }
        List<CompletableFuture<?>> pieces = new ArrayList<>();
        handlers.forEach((projection, projectionHandlers) -> {
            BatchApplier applier = copies.applier(
                    projection, new RecordReader(codec, projectionHandlers, decoded), projectionHandlers);
            for (TopicPartition partition : polled.partitions()) {
                List<ConsumerRecord<String, byte[]>> piece = polled.records(partition);
                String lane = projection + "/" + partition;
                CompletableFuture<?> previous = lanes.getOrDefault(lane, CompletableFuture.completedFuture(null));
                CompletableFuture<?> next = previous.thenRunAsync(() -> applier.apply(piece), copies.workers());
                lanes.put(lane, next);
                pieces.add(next);
            }
        });
        return new Poll(polled.count(), CompletableFuture.allOf(pieces.toArray(CompletableFuture[]::new)));
    }

    private void finishOldest(RebuildProgress progress) {
        Poll oldest = inFlight.peek();
        try {
            oldest.applied().join();
        } catch (CompletionException e) {
            throw e.getCause() instanceof RuntimeException runtime ? runtime : new IllegalStateException(e.getCause());
        }
        inFlight.remove();
        read += oldest.records();
        progress.read(read);
    }
}
