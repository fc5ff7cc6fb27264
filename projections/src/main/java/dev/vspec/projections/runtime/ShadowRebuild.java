package dev.vspec.projections.runtime;

import static dev.vspec.infra.jooq.read.Tables.PROJECTION_OFFSET;
import static dev.vspec.infra.jooq.read.Tables.PROJECTION_REJECT;

import dev.vspec.infra.kafka.EventEnvelopeCodec;
import dev.vspec.infra.migration.ReadChangeNotifications;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import javax.sql.DataSource;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.jooq.DSLContext;
import org.postgresql.PGConnection;
import org.postgresql.copy.CopyManager;
import org.jooq.SQLDialect;
import org.jooq.Table;
import org.jooq.conf.MappedSchema;
import org.jooq.conf.RenderMapping;
import org.jooq.conf.Settings;
import org.jooq.impl.DSL;
import org.jooq.impl.DataSourceConnectionProvider;
import org.jooq.impl.DefaultConfiguration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.jdbc.datasource.TransactionAwareDataSourceProxy;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Rebuilds projections while the service keeps answering from the old tables. The projections' own
 * handlers write copies of their tables in schema {@code rebuild} (see {@link ShadowTables}), from the
 * event topic (offset 0 up to the end offsets at the start) or from the event store. Then one
 * transaction swaps the copies in: it locks the projections' stored offsets, which makes the running
 * projection consumers wait, applies to the copies whatever those consumers had applied beyond what
 * the copies hold, replaces the tables and sets the offsets (and rejects) to the copies'. Readers wait
 * on the swap for a moment and then see complete new tables; the consumers go on from the new
 * offsets, skipping what the copies already hold.
 *
 * <p>Only one rebuild runs at a time on a database (an advisory lock). A rebuild that is killed
 * leaves the live tables untouched; the next one drops its leftovers and starts again.
 */
public final class ShadowRebuild {

    private static final Logger log = LoggerFactory.getLogger(ShadowRebuild.class);
    /** Key of the advisory lock that makes rebuilds on one database take turns ("vspecreb"). */
    private static final long LOCK_KEY = 0x7673706563726562L;
    private static final Duration POLL = Duration.ofMillis(500);
    private static final Duration CATCH_UP_TIMEOUT = Duration.ofMinutes(5);
    private static final int STORE_PAGE = 5_000;

    /** Lanes (a projection's records of one partition) applied at the same time; the pool needs this many connections and three more. */
    public static final int PARALLEL_PROJECTIONS = 4;

    private final DataSource dataSource;
    private final List<Projection> all;
    private ExecutorService workers;
    private final EventEnvelopeCodec codec = new EventEnvelopeCodec();
    private final DSLContext live;
    private final DSLContext shadow;
    private final TransactionTemplate transactions;
    /**
     * The copies' batches commit on their own, also while the swap's transaction waits for them, and
     * without waiting for the disk: a crash loses only copies the next rebuild drops anyway.
     */
    private final TransactionTemplate shadowTransactions;

    public ShadowRebuild(DataSource dataSource, List<Projection> all) {
        this.dataSource = dataSource;
        this.all = List.copyOf(all);
        DataSourceTransactionManager transactionManager = new DataSourceTransactionManager(dataSource);
        this.transactions = new TransactionTemplate(transactionManager);
        this.shadowTransactions = new TransactionTemplate(new UnflushedCommits(dataSource));
        shadowTransactions.setPropagationBehavior(TransactionDefinition.PROPAGATION_REQUIRES_NEW);
        TransactionAwareDataSourceProxy joining = new TransactionAwareDataSourceProxy(dataSource);
        this.live = DSL.using(new DefaultConfiguration().set(SQLDialect.POSTGRES)
                .set(new DataSourceConnectionProvider(joining)));
        this.shadow = DSL.using(new DefaultConfiguration().set(SQLDialect.POSTGRES)
                .set(new DataSourceConnectionProvider(joining))
                .set(new Settings().withRenderMapping(new RenderMapping().withSchemata(
                        new MappedSchema().withInput(ShadowTables.LIVE_SCHEMA).withOutput(ShadowTables.SCHEMA)))));
    }

    /** Records per poll by default: each batch is one transaction per projection and partition. */
    public static final int DEFAULT_BATCH = 5_000;

    /** The consumer a rebuild reads the topic with: no group (it assigns partitions itself), committed records only. */
    public static KafkaConsumer<String, byte[]> topicConsumer(String bootstrapServers, int batch) {
        return new KafkaConsumer<>(Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers,
                ConsumerConfig.CLIENT_ID_CONFIG, "vspec-rebuild",
                ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false,
                ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed",
                ConsumerConfig.MAX_POLL_RECORDS_CONFIG, batch,
                ConsumerConfig.MAX_PARTITION_FETCH_BYTES_CONFIG, 8 * 1024 * 1024,
                ConsumerConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, 30_000),
                new StringDeserializer(), new ByteArrayDeserializer());
    }

    /** The projections' names, in their order. */
    public List<String> names() {
        return all.stream().map(Projection::name).toList();
    }

    /**
     * Rebuilds from the topic, which {@code consumer} (see {@link #topicConsumer}; not yet assigned)
     * reads from each partition's first offset.
     */
    public Outcome fromTopic(Collection<String> names, Consumer<String, byte[]> consumer, String topic,
                             RebuildProgress progress) {
        List<Projection> chosen = choose(names);
        return exclusively(() -> {
            long started = System.nanoTime();
            List<TopicPartition> partitions = consumer.partitionsFor(topic, Duration.ofSeconds(30)).stream()
                    .map(info -> new TopicPartition(topic, info.partition())).toList();
            if (partitions.isEmpty()) {
                throw new IllegalStateException("topic " + topic + " does not exist");
            }
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            Map<TopicPartition, Long> begin = consumer.beginningOffsets(partitions);
            Map<TopicPartition, Long> end = consumer.endOffsets(partitions);
            long total = 0;
            for (TopicPartition partition : partitions) {
                total += end.get(partition) - begin.get(partition);
            }
            List<Table<?>> tables = tables(chosen);
            transactions.executeWithoutResult(status -> ShadowTables.create(live, tables));
            TopicCopy copy = new TopicCopy(consumer, chosen, progress);
            progress.step("Reading " + topic + " from offset 0", total);
            copy.readUpTo(end, null);
            long events = copy.read;
            long built = System.nanoTime();
            progress.step("Indexing the new tables", -1);
            transactions.executeWithoutResult(status -> ShadowTables.index(live, tables));

            progress.step("Swapping the new tables in", -1);
            transactions.executeWithoutResult(status -> {
                Map<String, Map<TopicPartition, Long>> applied = lockOffsets(chosen, partitions);
                Map<TopicPartition, Long> target = new HashMap<>();
                applied.values().forEach(offsets -> offsets.forEach((partition, offset) ->
                        target.merge(partition, offset, Math::max)));
                copy.readUpTo(target, CATCH_UP_TIMEOUT);
                ShadowTables.swapIn(live, tables);
                for (Projection projection : chosen) {
                    takeOverOffsets(projection.name(), partitions, applied.get(projection.name()));
                    live.deleteFrom(PROJECTION_REJECT).where(PROJECTION_REJECT.PROJECTION.eq(projection.name())).execute();
                    live.execute("INSERT INTO {0} SELECT * FROM {1} WHERE projection = {2}", PROJECTION_REJECT,
                            DSL.table(DSL.name(ShadowTables.SCHEMA, PROJECTION_REJECT.getName())), projection.name());
                }
                notifyReaders();
            });
            return finish(chosen, started, built, copy.read, copy.read - events);
        });
    }

    /** Rebuilds from the event store (the published events, in global order). */
    public Outcome fromEventStore(Collection<String> names, RebuildProgress progress) {
        List<Projection> chosen = choose(names);
        return exclusively(() -> {
            long started = System.nanoTime();
            List<Table<?>> tables = tables(chosen);
            transactions.executeWithoutResult(status -> ShadowTables.create(live, tables));
            StoredEvents store = new StoredEvents();
            progress.step("Reading the event store", StoredEvents.count(live));
            long read = 0;
            int pages = 0;
            while (true) {
                StoredEvents.Page page = store.next(live, STORE_PAGE);
                if (page.stored() == 0) {
                    break;
                }
                applyToShadow(chosen, page.published());
                read += page.stored();
                progress.read(read);
                analyzeAsTheyGrow(++pages, tables);
            }
            long built = System.nanoTime();
            progress.step("Indexing the new tables", -1);
            transactions.executeWithoutResult(status -> ShadowTables.index(live, tables));

            progress.step("Swapping the new tables in", -1);
            long[] late = {0};
            transactions.executeWithoutResult(status -> {
                // The consumers wait meanwhile; they go on from their own offsets, and what they
                // apply again of what the copies hold changes nothing (the handlers are idempotent).
                lockOffsets(chosen, List.of());
                StoredEvents.Page page = store.readLate(live);
                applyToShadow(chosen, page.published());
                late[0] = page.stored();
                ShadowTables.swapIn(live, tables);
                notifyReaders();
            });
            return finish(chosen, started, built, read + late[0], late[0]);
        });
    }

    /**
     * The yardstick of the rebuild benchmark: the rows the projections' tables hold now, written out
     * with {@code COPY TO} (not timed), then loaded with {@code COPY FROM} into empty copies of the same
     * tables, with the same keys and indexes (timed), which are dropped again. The live tables are not touched.
     */
    public CopyTiming copyBaseline(Collection<String> names, Path workDir) {
        List<Table<?>> tables = tables(choose(names));
        return exclusively(() -> {
            try (Connection connection = dataSource.getConnection()) {
                connection.setAutoCommit(false);
                CopyManager copy = connection.unwrap(PGConnection.class).getCopyAPI();
                DSLContext db = DSL.using(connection, SQLDialect.POSTGRES);
                long bytes = 0;
                for (Table<?> table : tables) {
                    try (OutputStream file = new BufferedOutputStream(Files.newOutputStream(dump(workDir, table)))) {
                        copy.copyOut("COPY " + ShadowTables.LIVE_SCHEMA + "." + table.getName() + " TO STDOUT (FORMAT binary)", file);
                    }
                    bytes += Files.size(dump(workDir, table));
                }
                ShadowTables.create(db, tables);
                connection.commit();
                long started = System.nanoTime();
                long rows = 0;
                for (Table<?> table : tables) {
                    try (InputStream file = new BufferedInputStream(Files.newInputStream(dump(workDir, table)))) {
                        rows += copy.copyIn("COPY " + ShadowTables.SCHEMA + "." + table.getName() + " FROM STDIN (FORMAT binary)", file);
                    }
                }
                ShadowTables.index(db, tables);
                connection.commit();
                Duration took = Duration.ofNanos(System.nanoTime() - started);
                ShadowTables.drop(db);
                connection.commit();
                for (Table<?> table : tables) {
                    Files.deleteIfExists(dump(workDir, table));
                }
                return new CopyTiming(rows, bytes, took);
            } catch (SQLException e) {
                throw new IllegalStateException("COPY failed: " + e.getMessage(), e);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot write the COPY files under " + workDir, e);
            }
        });
    }

    private static Path dump(Path workDir, Table<?> table) {
        return workDir.resolve(table.getName() + ".copy");
    }

    /** Rows and bytes loaded with COPY, and how long loading and indexing took. */
    public record CopyTiming(long rows, long bytes, Duration took) {
    }

    private void analyzeAsTheyGrow(int batch, List<Table<?>> tables) {
        if (PlannerStatistics.due(batch)) {
            transactions.executeWithoutResult(status -> ShadowTables.analyze(live, tables));
        }
    }

    /**
     * Reads the topic into the copies, each record decoded once for every projection. Each projection
     * applies each partition's records in order, in a lane of its own, one transaction per poll: an
     * aggregate's events are all on one partition, and a projection's rows belong to one aggregate,
     * so lanes touch different rows and run side by side. Lanes do not wait for each other, and the
     * next polls are read and decoded while earlier ones are applied (at most {@link #POLLS_IN_FLIGHT}).
     */
    private final class TopicCopy {

        /** Polls read ahead of the oldest one not yet applied everywhere; bounds the memory held. */
        private static final int POLLS_IN_FLIGHT = 3;

        private final Consumer<String, byte[]> consumer;
        /** Each chosen projection's handlers by its name, built once. */
        private final Map<String, EventHandlers> handlers = new LinkedHashMap<>();
        private final List<Table<?>> tables;
        private final RebuildProgress progress;
        private final Map<String, CompletableFuture<?>> lanes = new HashMap<>();
        private final Deque<Poll> inFlight = new ArrayDeque<>();
        private long read;
        private int batches;

        /** A poll being applied: its size, and when every lane has applied its piece of it. */
        private record Poll(int records, CompletableFuture<?> applied) {
        }

        TopicCopy(Consumer<String, byte[]> consumer, List<Projection> chosen, RebuildProgress progress) {
            this.consumer = consumer;
            chosen.forEach(projection -> handlers.put(projection.name(), projection.handlers()));
            this.tables = tables(chosen);
            this.progress = progress;
        }

        /**
         * Reads until the consumer's position reaches {@code target} on every partition, and returns
         * once all of it is applied. While the copies are loaded ({@code timeout} null) their
         * statistics are refreshed as they grow; in the swap, which holds the consumers' offsets, the
         * reading gives up after {@code timeout}.
         */
        void readUpTo(Map<TopicPartition, Long> target, Duration timeout) {
            long deadline = timeout == null ? Long.MAX_VALUE : System.nanoTime() + timeout.toNanos();
            while (!reached(consumer, target)) {
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException(
                            "the topic could not be read up to the running consumers' offsets within " + timeout);
                }
                ConsumerRecords<String, byte[]> polled = consumer.poll(POLL);
                if (!polled.isEmpty()) {
                    while (inFlight.size() >= POLLS_IN_FLIGHT) {
                        finishOldest();
                    }
                    inFlight.add(apply(polled));
                    if (timeout == null) {
                        analyzeAsTheyGrow(++batches, tables);
                    }
                }
            }
            while (!inFlight.isEmpty()) {
                finishOldest();
            }
        }

        private Poll apply(ConsumerRecords<String, byte[]> polled) {
            Map<byte[], RecordReader.Decoded> decoded = new IdentityHashMap<>();
            for (ConsumerRecord<String, byte[]> record : polled) {
                RecordReader.decodeInto(decoded, codec, record.value());
            }
            List<CompletableFuture<?>> pieces = new ArrayList<>();
            handlers.forEach((projection, projectionHandlers) -> {
                BatchApplier applier = new BatchApplier(projection,
                        new RecordReader(codec, projectionHandlers, decoded), projectionHandlers, shadow, shadowTransactions);
                for (TopicPartition partition : polled.partitions()) {
                    List<ConsumerRecord<String, byte[]>> piece = polled.records(partition);
                    String lane = projection + "/" + partition;
                    CompletableFuture<?> previous = lanes.getOrDefault(lane, CompletableFuture.completedFuture(null));
                    CompletableFuture<?> next = previous.thenRunAsync(() -> applier.apply(piece), workers);
                    lanes.put(lane, next);
                    pieces.add(next);
                }
            });
            return new Poll(polled.count(), CompletableFuture.allOf(pieces.toArray(CompletableFuture[]::new)));
        }

        private void finishOldest() {
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

    private void applyToShadow(List<Projection> chosen, List<Recorded> events) {
        if (!events.isEmpty()) {
            shadowTransactions.executeWithoutResult(status ->
                    shadow.batched(connection -> EventReplay.apply(connection.dsl(), chosen, events)));
        }
    }

    /** Locks the projections' stored offsets (in name order, as every locker does) and returns them. */
    private Map<String, Map<TopicPartition, Long>> lockOffsets(List<Projection> chosen, List<TopicPartition> partitions) {
        Map<String, Map<TopicPartition, Long>> locked = new LinkedHashMap<>();
        for (Projection projection : chosen.stream().sorted(Comparator.comparing(Projection::name)).toList()) {
            if (partitions.isEmpty()) {
                live.selectFrom(PROJECTION_OFFSET).where(PROJECTION_OFFSET.PROJECTION.eq(projection.name()))
                        .orderBy(PROJECTION_OFFSET.TOPIC, PROJECTION_OFFSET.PARTITION).forUpdate().execute();
            } else {
                locked.put(projection.name(), ProjectionOffsets.lock(live, projection.name(), partitions));
            }
        }
        return locked;
    }

    /** The live offsets become the copies' (at least what the running consumers had reached). */
    private void takeOverOffsets(String projection, List<TopicPartition> partitions, Map<TopicPartition, Long> applied) {
        Map<TopicPartition, Long> copied = ProjectionOffsets.stored(shadow, projection, partitions);
        Map<TopicPartition, Long> next = new HashMap<>(applied);
        copied.forEach((partition, offset) -> next.merge(partition, offset, Math::max));
        ProjectionOffsets.advance(live, projection, next);
    }

    private void notifyReaders() {
        live.execute("SELECT pg_notify({0}, {1})",
                DSL.inline(ReadChangeNotifications.CHANNEL), DSL.inline(ReadChangeNotifications.ALL));
    }

    private static boolean reached(Consumer<?, ?> consumer, Map<TopicPartition, Long> target) {
        for (var entry : target.entrySet()) {
            if (consumer.position(entry.getKey()) < entry.getValue()) {
                return false;
            }
        }
        return true;
    }

    private Outcome finish(List<Projection> chosen, long started, long built, long events, long late) {
        long swapped = System.nanoTime();
        transactions.executeWithoutResult(status -> ShadowTables.drop(live));
        Outcome outcome = new Outcome(chosen.stream().map(Projection::name).toList(), events, late,
                Duration.ofNanos(built - started), Duration.ofNanos(swapped - built));
        log.info("Rebuilt projections {}: {} events ({} while swapping), built in {}, indexed and swapped in {}",
                outcome.projections(), events, late, outcome.build(), outcome.swap());
        return outcome;
    }

    private List<Projection> choose(Collection<String> names) {
        List<Projection> chosen = new ArrayList<>();
        for (String name : names.stream().distinct().toList()) {
            chosen.add(all.stream().filter(projection -> projection.name().equals(name)).findFirst()
                    .orElseThrow(() -> new IllegalArgumentException("no projection named '" + name + "'; known: " + names())));
        }
        if (chosen.isEmpty()) {
            throw new IllegalArgumentException("name at least one projection; known: " + names());
        }
        return chosen;
    }

    private static List<Table<?>> tables(List<Projection> chosen) {
        return chosen.stream().<Table<?>>flatMap(projection -> projection.tables().stream()).toList();
    }

    /** Runs {@code work} holding the rebuild lock on a connection of its own, released however work ends. */
    private <T> T exclusively(Supplier<T> work) {
        try (Connection lock = dataSource.getConnection()) {
            if (!advisory(lock, "pg_try_advisory_lock")) {
                throw new RebuildRunning();
            }
            workers = Executors.newFixedThreadPool(PARALLEL_PROJECTIONS);
            try {
                return work.get();
            } finally {
                stopWorkers();
                advisory(lock, "pg_advisory_unlock");
            }
        } catch (SQLException e) {
            throw new IllegalStateException("cannot take the rebuild lock: " + e.getMessage(), e);
        }
    }

    /**
     * Drops the work not started and waits for what is running (a failed lane fails the rebuild while
     * others may still write their copies): the lock is only released once nothing writes them.
     */
    private void stopWorkers() {
        workers.shutdownNow();
        try {
            if (!workers.awaitTermination(2, TimeUnit.MINUTES)) {
                log.warn("Rebuild workers still running after 2 minutes; the next rebuild drops their copies");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static boolean advisory(Connection connection, String function) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement("SELECT " + function + "(?)")) {
            statement.setLong(1, LOCK_KEY);
            try (ResultSet result = statement.executeQuery()) {
                return result.next() && result.getBoolean(1);
            }
        }
    }

    /**
     * What a rebuild did.
     *
     * @param events how many events it read, {@code late} of them while swapping
     * @param build  reading and applying the events
     * @param swap   indexing the copies and swapping them in
     */
    public record Outcome(List<String> projections, long events, long late, Duration build, Duration swap) {

        public double eventsPerSecond() {
            return events / Math.max(1e-9, (build.plus(swap)).toNanos() / 1e9);
        }
    }

    /** Another rebuild holds the lock on this database. */
    public static final class RebuildRunning extends IllegalStateException {
        RebuildRunning() {
            super("another rebuild is running on this database; wait for it to finish");
        }
    }
}
