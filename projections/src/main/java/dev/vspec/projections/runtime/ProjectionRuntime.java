package dev.vspec.projections.runtime;

import dev.vspec.events.kafka.EventEnvelopeCodec;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.apache.kafka.clients.consumer.CloseOptions;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.jooq.DSLContext;
import org.jooq.Table;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.kafka.core.ConsumerFactory;
import org.springframework.kafka.listener.AbstractMessageListenerContainer;
import org.springframework.kafka.listener.ConcurrentMessageListenerContainer;
import org.springframework.kafka.listener.ContainerProperties;
import org.springframework.kafka.listener.DefaultErrorHandler;
import org.springframework.transaction.support.TransactionTemplate;
import org.springframework.util.backoff.ExponentialBackOff;

/**
 * Runs every {@link Projection}: one listener container per projection, each its own consumer
 * group {@code vspec.projection.<name>}, started and stopped with the application. Also the
 * operations on a projection: {@link #rewind(String) rewind} its consumers and report the
 * {@link #statuses() statuses}. Rebuilding from offset 0 is {@link ShadowRebuild}'s.
 */
public class ProjectionRuntime implements SmartLifecycle, AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(ProjectionRuntime.class);
    private static final String NAME_PATTERN = "[a-z][a-z0-9_]{0,40}";
    /** How long a broker may take to say what its topic holds before it counts as unreachable. */
    static final Duration BROKER_TIMEOUT = Duration.ofSeconds(10);

    private static final Duration STOP_TIMEOUT = Duration.ofSeconds(60);

    private final Map<String, Runner> runners = new LinkedHashMap<>();
    private final ConsumerFactory<String, byte[]> consumerFactory;
    private final DSLContext db;
    private final String topic;
    private volatile boolean running;
    private final Object offsetsLock = new Object();
    private Consumer<String, byte[]> offsetsConsumer;

    public ProjectionRuntime(List<Projection> projections, RuntimeSettings settings) {
        this.consumerFactory = settings.consumerFactory();
        this.db = settings.db();
        this.topic = settings.topic();
        Set<Table<?>> owned = new HashSet<>();
        for (Projection projection : projections) {
            String name = projection.name();
            if (!name.matches(NAME_PATTERN)) {
                throw new IllegalArgumentException("projection name '" + name + "' does not match " + NAME_PATTERN);
            }
            if (runners.containsKey(name)) {
                throw new IllegalArgumentException("two projections are named " + name);
            }
            for (Table<?> table : projection.tables()) {
                if (!owned.add(table)) {
                    throw new IllegalArgumentException("table " + table + " is owned by two projections");
                }
            }
            runners.put(name, new Runner(projection, settings));
        }
    }

    /** Group id of a projection's consumers. */
    public static String groupId(String projection) {
        return "vspec.projection." + projection;
    }

    public List<String> names() {
        return List.copyOf(runners.keySet());
    }

    /**
     * Seeks every partition the projection's consumers hold back to the beginning, leaving the
     * stored offsets alone. Every record is read again and skipped as already applied: a harmless
     * check that redelivery changes nothing.
     */
    public void rewind(String name) {
        runner(name).listener.seekToBeginning();
    }

    public List<ProjectionStatus> statuses() {
        Map<TopicPartition, Long> ends = endOffsets();
        List<ProjectionStatus> statuses = new ArrayList<>();
        runners.forEach((name, runner) ->
                statuses.add(runner.counters.status(name, runner.container.isRunning(), lag(name, ends))));
        return statuses;
    }

    /** Whether each projection's consumers are running; asks neither the broker nor the database. */
    public Map<String, Boolean> containersRunning() {
        Map<String, Boolean> states = new LinkedHashMap<>();
        runners.forEach((name, runner) -> states.put(name, runner.container.isRunning()));
        return states;
    }

    @Override
    public synchronized void start() {
        runners.values().forEach(runner -> runner.container.start());
        running = true;
        log.info("Projections {} consuming {}", runners.keySet(), topic);
    }

    @Override
    public synchronized void stop() {
        running = false;
        stopAll(runners.values());
        closeOffsetsConsumer();
    }

    /** Releases the consumer that reads end offsets (the containers have their own). */
    @Override
    public void close() {
        closeOffsetsConsumer();
    }

    @Override
    public boolean isRunning() {
        return running;
    }

    @Override
    public int getPhase() {
        return AbstractMessageListenerContainer.DEFAULT_PHASE;
    }

    private long lag(String name, Map<TopicPartition, Long> ends) {
        return ends == null
                ? -1
                : lagOf(name, ends).values().stream().mapToLong(Long::longValue).sum();
    }

    /**
     * Records each projection has still to apply, by partition, from one reading of the end offsets
     * (0 where caught up, the whole partition where nothing is stored); null when the broker does not answer.
     */
    Map<String, Map<Integer, Long>> lagsByPartition() {
        Map<TopicPartition, Long> ends = endOffsets();
        if (ends == null) {
            return null;
        }
        Map<String, Map<Integer, Long>> lags = new LinkedHashMap<>();
        for (String name : runners.keySet()) {
            lags.put(name, lagOf(name, ends));
        }
        return lags;
    }

    /** A projection's records still to apply, by partition number. */
    private Map<Integer, Long> lagOf(String name, Map<TopicPartition, Long> ends) {
        Map<TopicPartition, Long> stored = ProjectionOffsets.stored(db, name, ends.keySet());
        Map<Integer, Long> byPartition = new HashMap<>();
        ends.forEach((partition, end) ->
                byPartition.put(partition.partition(), Math.max(0, end - stored.getOrDefault(partition, 0L))));
        return byPartition;
    }

    /** The topic's end offsets (last stable offsets: the consumers read committed records only), or null. */
    private Map<TopicPartition, Long> endOffsets() {
        synchronized (offsetsLock) {
            return readEndOffsets();
        }
    }

    private Map<TopicPartition, Long> readEndOffsets() {
        try {
            if (offsetsConsumer == null) {
                offsetsConsumer = consumerFactory.createConsumer(null, "vspec-projection-lag", null);
            }
            List<PartitionInfo> infos = offsetsConsumer.partitionsFor(topic, BROKER_TIMEOUT);
            Set<TopicPartition> partitions = infos.stream()
                    .map(info -> new TopicPartition(info.topic(), info.partition()))
                    .collect(Collectors.toSet());
            // Assigned, since a read-committed consumer warns at every reading of a partition it is not
            // assigned; assigned again only when the topic's partitions change, since assigning logs a line.
            if (!offsetsConsumer.assignment().equals(partitions)) {
                offsetsConsumer.assign(partitions);
            }
            return new HashMap<>(offsetsConsumer.endOffsets(partitions, BROKER_TIMEOUT));
        } catch (RuntimeException e) {
            log.warn("Cannot read the end offsets of {}: {}", topic, Failures.describe(e));
            closeOffsetsConsumer();
            return null;
        }
    }

    private void closeOffsetsConsumer() {
        synchronized (offsetsLock) {
            if (offsetsConsumer != null) {
                try {
                    offsetsConsumer.close(CloseOptions.timeout(BROKER_TIMEOUT));
                } catch (RuntimeException e) {
                    log.debug("Closing the end offsets consumer failed", e);
                }
                offsetsConsumer = null;
            }
        }
    }

    /** Stops containers side by side: each waits for its poll to return. */
    private static void stopAll(Collection<Runner> chosen) {
        CountDownLatch stopped = new CountDownLatch(chosen.size());
        for (Runner runner : chosen) {
            if (runner.container.isRunning()) {
                runner.container.stop(stopped::countDown);
            } else {
                stopped.countDown();
            }
        }
        try {
            if (!stopped.await(STOP_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
                throw new IllegalStateException("projection consumers did not stop within " + STOP_TIMEOUT);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while stopping projection consumers", e);
        }
    }

    private Runner runner(String name) {
        Runner runner = runners.get(name);
        if (runner == null) {
            throw new IllegalArgumentException("no projection named '" + name + "'; known: " + runners.keySet());
        }
        return runner;
    }

    /** What the runtime needs besides the projections. */
    public record RuntimeSettings(
            ConsumerFactory<String, byte[]> consumerFactory,
            DSLContext db,
            TransactionTemplate transactions,
            String topic,
            EventEnvelopeCodec codec,
            ProjectionsProperties properties) {}

    private static final class Runner {
        final ProjectionCounters counters = new ProjectionCounters();
        final ProjectionListener listener;
        final ConcurrentMessageListenerContainer<String, byte[]> container;

        Runner(Projection projection, RuntimeSettings settings) {
            String name = projection.name();
            EventHandlers handlers = projection.handlers();
            BatchApplier applier = new BatchApplier(
                    name,
                    new RecordReader(settings.codec(), handlers),
                    handlers,
                    settings.db(),
                    settings.transactions());
            this.listener = new ProjectionListener(name, projection.tables(), applier, settings.db(), counters);

            ContainerProperties containerProperties = new ContainerProperties(settings.topic());
            containerProperties.setGroupId(groupId(name));
            containerProperties.setClientId("vspec-projection-" + name);
            containerProperties.setMessageListener(listener);
            // Kafka's committed offsets only serve lag tooling; the database's offsets decide.
            containerProperties.setAckMode(ContainerProperties.AckMode.BATCH);
            containerProperties.setPollTimeout(
                    settings.properties().pollTimeout().toMillis());
            containerProperties.setIdleBetweenPolls(
                    settings.properties().gatherTime().toMillis());
            this.container = new ConcurrentMessageListenerContainer<>(settings.consumerFactory(), containerProperties);
            container.setBeanName("projection-" + name);
            container.setConcurrency(settings.properties().concurrency());
            container.setAutoStartup(false);
            container.setCommonErrorHandler(retryForever(settings.properties().retry()));
        }

        /** Retries the whole batch in memory (pausing the consumer) until it succeeds; nothing is skipped. */
        private static DefaultErrorHandler retryForever(ProjectionsProperties.Retry retry) {
            ExponentialBackOff backOff =
                    new ExponentialBackOff(retry.initialInterval().toMillis(), retry.multiplier());
            backOff.setMaxInterval(retry.maxInterval().toMillis());
            return new DefaultErrorHandler(
                    (record, e) -> {
                        throw new IllegalStateException("a projection never gives up on a record", e);
                    },
                    backOff);
        }
    }
}
