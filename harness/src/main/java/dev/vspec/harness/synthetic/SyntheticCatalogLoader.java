package dev.vspec.harness.synthetic;

import dev.vspec.command.catalog.VehicleDescriptors;
import dev.vspec.events.axon.EventSerialization;
import dev.vspec.events.axon.EventStorage;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Consumer;
import java.util.stream.Stream;
import javax.sql.DataSource;
import org.axonframework.eventhandling.DomainEventMessage;
import org.axonframework.eventhandling.GenericDomainEventMessage;
import org.axonframework.eventsourcing.eventstore.jdbc.JdbcEventStorageEngine;
import org.axonframework.messaging.MetaData;
import org.axonframework.serialization.SerializedObject;
import org.axonframework.serialization.Serializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Appends a {@link SyntheticCatalog} to the command side's event store, where the relay publishes
 * it to Kafka and the projections build the read tables from it, as from any other event.
 *
 * <p>Events go in as the command side writes them: domain events of aggregate type
 * {@code VehicleConfiguration} (id config_key) or {@code Vehicle} (id VIN), sequence numbers from 0,
 * serialized by the command side's serializer, through Axon's {@link JdbcEventStorageEngine} (one
 * JDBC batch per transaction), with the command side's {@link VehicleDescriptors} in the same transaction, as its
 * event handler keeps them. Commands are bypassed on purpose: they would cost a round trip and
 * an aggregate load per event, which makes 100k configurations take hours.
 *
 * <p>Each transaction holds whole aggregates, a few thousand events. Loading is idempotent and
 * resumable: an aggregate whose first event is already stored, byte for byte as this catalog makes
 * it, is skipped; one stored with other content (another seed, say) stops the load with a
 * {@link SyntheticCatalogConflict} before anything of its batch is written.
 */
public final class SyntheticCatalogLoader {

    static final int DEFAULT_BATCH_EVENTS = 2_000;

    private static final Logger log = LoggerFactory.getLogger(SyntheticCatalogLoader.class);
    private static final String EVENT_TABLE = EventStorage.EVENT_TABLE;

    private final Serializer serializer = EventSerialization.serializer();
    private final JdbcTemplate jdbc;
    private final TransactionTemplate transactions;
    private final JdbcEventStorageEngine storage;
    private final VehicleDescriptors descriptors;
    private final int batchEvents;

    public SyntheticCatalogLoader(DataSource dataSource) {
        this(dataSource, DEFAULT_BATCH_EVENTS);
    }

    /** @param batchEvents events per transaction (a batch ends after the aggregate that reaches it) */
    SyntheticCatalogLoader(DataSource dataSource, int batchEvents) {
        if (batchEvents < 1) {
            throw new IllegalArgumentException("batchEvents must be positive; got " + batchEvents);
        }
        DataSourceTransactionManager transactionManager = new DataSourceTransactionManager(dataSource);
        this.jdbc = new JdbcTemplate(dataSource);
        this.transactions = new TransactionTemplate(transactionManager);
        this.batchEvents = batchEvents;
        this.storage = EventStorage.engine(dataSource, transactionManager);
        this.descriptors = VehicleDescriptors.over(dataSource);
    }

    /**
     * Loads the whole catalog and reports progress after every committed batch; answers the last report.
     *
     * @throws SyntheticCatalogConflict when an aggregate of the catalog is stored with other content
     * @throws IllegalStateException    when the database has no event store (its migrations never ran)
     */
    public LoadProgress load(SyntheticCatalog catalog, Consumer<LoadProgress> progress) {
        requireEventStore();
        log.info("Loading {}", catalog);
        Tally tally = new Tally(catalog.aggregateCount(), System.nanoTime());
        List<SyntheticAggregate> batch = new ArrayList<>();
        int eventsInBatch = 0;
        LoadProgress done = tally.progress();
        try (Stream<SyntheticAggregate> aggregates = catalog.aggregates()) {
            Iterator<SyntheticAggregate> iterator = aggregates.iterator();
            while (iterator.hasNext()) {
                SyntheticAggregate aggregate = iterator.next();
                batch.add(aggregate);
                eventsInBatch += aggregate.events().size();
                if (eventsInBatch >= batchEvents || !iterator.hasNext()) {
                    store(batch, tally);
                    batch.clear();
                    eventsInBatch = 0;
                    done = tally.progress();
                    progress.accept(done);
                }
            }
        }
        log.info(
                "Loaded {}: {} aggregates stored, {} already there, {} events in {} ms",
                catalog,
                done.aggregatesStored(),
                done.aggregatesSkipped(),
                done.eventsStored(),
                done.elapsed().toMillis());
        return done;
    }

    private void store(List<SyntheticAggregate> batch, Tally tally) {
        Instant now = Instant.now();
        long[] counts = transactions.execute(status -> {
            Map<String, StoredFirstEvent> stored = storedFirstEvents(batch);
            List<DomainEventMessage<?>> messages = new ArrayList<>();
            long skipped = 0;
            for (SyntheticAggregate aggregate : batch) {
                StoredFirstEvent first = stored.get(aggregate.id());
                if (first != null) {
                    requireSame(aggregate, first);
                    skipped++;
                    continue;
                }
                List<Record> events = aggregate.events();
                for (int sequence = 0; sequence < events.size(); sequence++) {
                    messages.add(new GenericDomainEventMessage<>(
                            aggregate.type(),
                            aggregate.id(),
                            sequence,
                            events.get(sequence),
                            MetaData.emptyInstance(),
                            eventIdentifier(aggregate.id(), sequence),
                            now));
                }
            }
            if (!messages.isEmpty()) {
                storage.appendEvents(messages);
                descriptors.keep(messages);
            }
            return new long[] {batch.size() - skipped, skipped, messages.size()};
        });
        tally.add(counts[0], counts[1], counts[2]);
    }

    /** The first event of each aggregate of the batch that is stored already (index lookups on aggregate and sequence). */
    private Map<String, StoredFirstEvent> storedFirstEvents(List<SyntheticAggregate> batch) {
        String[] ids = batch.stream().map(SyntheticAggregate::id).toArray(String[]::new);
        Map<String, StoredFirstEvent> stored = new HashMap<>();
        // pgjdbc binds a String[] as a varchar[]
        jdbc.query(
                "select aggregateidentifier, type, payloadtype, payload from " + EVENT_TABLE
                        + " where sequencenumber = 0 and aggregateidentifier = any(?)",
                row -> {
                    stored.put(
                            row.getString(1),
                            new StoredFirstEvent(row.getString(2), row.getString(3), row.getBytes(4)));
                },
                (Object) ids);
        return stored;
    }

    private void requireSame(SyntheticAggregate aggregate, StoredFirstEvent stored) {
        SerializedObject<byte[]> first = serializer.serialize(aggregate.events().get(0), byte[].class);
        boolean same = aggregate.type().equals(stored.aggregateType())
                && first.getType().getName().equals(stored.payloadType())
                && Arrays.equals(first.getData(), stored.payload());
        if (!same) {
            throw new SyntheticCatalogConflict(aggregate.type() + " " + aggregate.id()
                    + " is already in the event store with other content than this synthetic catalog gives it"
                    + " (loaded with another seed or another number of configurations?). Nothing of this batch"
                    + " was stored; load into an empty database, or repeat the earlier load's arguments.");
        }
    }

    private void requireEventStore() {
        Boolean present = jdbc.queryForObject("select to_regclass(?) is not null", Boolean.class, EVENT_TABLE);
        if (!Boolean.TRUE.equals(present)) {
            throw new IllegalStateException("This database has no event store (" + EVENT_TABLE
                    + " is missing). Start vspec on it once (vspec up) so that its migrations create it.");
        }
    }

    /** Name-based, so a repeated load would present the same identifiers (the store refuses duplicates). */
    static String eventIdentifier(String aggregateId, int sequence) {
        return UUID.nameUUIDFromBytes(
                        ("vspec-synthetic/" + aggregateId + "/" + sequence).getBytes(StandardCharsets.UTF_8))
                .toString();
    }

    private record StoredFirstEvent(String aggregateType, String payloadType, byte[] payload) {}

    private static final class Tally {
        private final long aggregates;
        private final long startNanos;
        private long stored;
        private long skipped;
        private long events;

        Tally(long aggregates, long startNanos) {
            this.aggregates = aggregates;
            this.startNanos = startNanos;
        }

        void add(long storedAggregates, long skippedAggregates, long storedEvents) {
            stored += storedAggregates;
            skipped += skippedAggregates;
            events += storedEvents;
        }

        LoadProgress progress() {
            return new LoadProgress(
                    aggregates, stored, skipped, events, Duration.ofNanos(System.nanoTime() - startNanos));
        }
    }
}
