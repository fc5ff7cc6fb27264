package dev.vspec.harness.synthetic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.zaxxer.hikari.HikariDataSource;
import dev.vspec.command.catalog.CatalogCommandSide;
import dev.vspec.contracts.catalog.CatalogCommand;
import dev.vspec.contracts.catalog.ConfigurationRegistered;
import dev.vspec.contracts.catalog.FactSource;
import dev.vspec.contracts.catalog.FluidsRecorded;
import dev.vspec.contracts.catalog.LaborTimesRecorded;
import dev.vspec.contracts.catalog.LinkVin;
import dev.vspec.contracts.catalog.PartPriced;
import dev.vspec.contracts.catalog.PartsRecorded;
import dev.vspec.contracts.catalog.PricePart;
import dev.vspec.contracts.catalog.RecordFluids;
import dev.vspec.contracts.catalog.RecordLaborTimes;
import dev.vspec.contracts.catalog.RecordParts;
import dev.vspec.contracts.catalog.RecordServiceSchedule;
import dev.vspec.contracts.catalog.RecordSpecs;
import dev.vspec.contracts.catalog.RecordTires;
import dev.vspec.contracts.catalog.RegisterConfiguration;
import dev.vspec.contracts.catalog.ServiceScheduleRecorded;
import dev.vspec.contracts.catalog.SpecsRecorded;
import dev.vspec.contracts.catalog.TiresRecorded;
import dev.vspec.contracts.catalog.VinLinked;
import dev.vspec.contracts.identity.Vin;
import dev.vspec.events.axon.EventSerialization;
import dev.vspec.events.axon.EventStorage;
import dev.vspec.testing.database.TestDatabase;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.LongStream;
import org.axonframework.eventhandling.DomainEventMessage;
import org.axonframework.eventsourcing.eventstore.EmbeddedEventStore;
import org.axonframework.messaging.MetaData;
import org.axonframework.serialization.SerializedObject;
import org.axonframework.serialization.Serializer;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;

/**
 * Loads synthetic catalogs into a real event store (vspec's migrations, no stack running) and reads them back
 * with Axon, as the command side stores events (that the command side reads, decides on and relays what tools
 * store this way is the command side's EventsStoredByToolsIT). Each test uses its own seed, hence its own
 * aggregates.
 */
class SyntheticCatalogLoaderIT {

    private static final FactSource SOURCE = FactSource.importFile("catalog.json", "5e0c3d9a");

    private static TestDatabase database;
    private static HikariDataSource dataSource;
    private static JdbcTemplate jdbc;

    @BeforeAll
    static void createDatabase() {
        database = TestDatabase.create("vspec_synthetic_loader");
        Flyway.configure()
                .dataSource(database.url(), database.user(), database.password())
                .locations("classpath:db/migration")
                .load()
                .migrate();
        dataSource = new HikariDataSource();
        dataSource.setJdbcUrl(database.url());
        dataSource.setUsername(database.user());
        dataSource.setPassword(database.password());
        dataSource.setMaximumPoolSize(2);
        jdbc = new JdbcTemplate(dataSource);
    }

    @AfterAll
    static void dropDatabase() {
        if (dataSource != null) {
            dataSource.close();
        }
        if (database != null) {
            database.drop();
        }
    }

    @Test
    void axonReadsEveryLoadedAggregateBackAsItWasGenerated() {
        SyntheticCatalog catalog = new SyntheticCatalog(101, 9, 30);
        List<LoadProgress> progress = new ArrayList<>();

        LoadProgress done = new SyntheticCatalogLoader(dataSource, 50).load(catalog, progress::add);

        long events = catalog.events().count();
        assertThat(done.aggregatesStored()).isEqualTo(39);
        assertThat(done.aggregatesSkipped()).isZero();
        assertThat(done.eventsStored()).isEqualTo(events);
        assertThat(progress)
                .as("one report per batch of about 50 events")
                .hasSizeGreaterThan(3)
                .last()
                .isEqualTo(done);
        EmbeddedEventStore eventStore = EmbeddedEventStore.builder()
                .storageEngine(EventStorage.engine(dataSource, new DataSourceTransactionManager(dataSource)))
                .build();
        try {
            catalog.aggregates().forEach(aggregate -> {
                List<DomainEventMessage<?>> read = eventStore
                        .readEvents(aggregate.id())
                        .asStream()
                        .<DomainEventMessage<?>>map(message -> message)
                        .toList();
                assertThat(read.stream().map(DomainEventMessage::getPayload).toList())
                        .isEqualTo(aggregate.events());
                assertThat(read)
                        .extracting(DomainEventMessage::getSequenceNumber)
                        .containsExactlyElementsOf(
                                LongStream.range(0, aggregate.events().size())
                                        .boxed()
                                        .toList());
                assertThat(read).extracting(DomainEventMessage::getType).containsOnly(aggregate.type());
                assertThat(read.get(0).getIdentifier())
                        .isEqualTo(SyntheticCatalogLoader.eventIdentifier(aggregate.id(), 0));
            });
        } finally {
            eventStore.shutDown();
        }
        catalog.events()
                .filter(VinLinked.class::isInstance)
                .map(VinLinked.class::cast)
                .forEach(linked -> assertThat(jdbc.queryForObject(
                                "select config_key from command.linked_vin where vin = ?", String.class, linked.vin()))
                        .as("the command side's tables, kept in the batch's transaction")
                        .isEqualTo(linked.configKey()));
    }

    @Test
    void storesTheBytesAndAggregateTypesTheCommandSideStores() {
        SyntheticCatalog catalog = new SyntheticCatalog(102, 5, 10);
        new SyntheticCatalogLoader(dataSource).load(catalog, progress -> {});
        Serializer commandSideSerializer = EventSerialization.serializer();

        catalog.aggregates().forEach(aggregate -> {
            List<StoredRow> rows = jdbc.query(
                    "select sequencenumber, type, payloadtype, payloadrevision, payload, metadata"
                            + " from events.domainevententry where aggregateidentifier = ? order by sequencenumber",
                    (row, i) -> new StoredRow(
                            row.getLong(1),
                            row.getString(2),
                            row.getString(3),
                            row.getString(4),
                            row.getBytes(5),
                            row.getBytes(6)),
                    aggregate.id());
            assertThat(rows).hasSameSizeAs(aggregate.events());
            for (StoredRow row : rows) {
                Record event = aggregate.events().get((int) row.sequence());
                SerializedObject<byte[]> expected = commandSideSerializer.serialize(event, byte[].class);
                assertThat(row.payload())
                        .as("%s#%d", aggregate.id(), row.sequence())
                        .isEqualTo(expected.getData());
                assertThat(row.payloadType())
                        .isEqualTo(expected.getType().getName())
                        .isEqualTo(event.getClass().getName());
                assertThat(row.payloadRevision()).isEqualTo(expected.getType().getRevision());
                assertThat(row.metadata())
                        .isEqualTo(commandSideSerializer
                                .serialize(MetaData.emptyInstance(), byte[].class)
                                .getData());
            }
        });

        String key = "2009-synthetic-typecheck-base-se20n-fwd";
        String vin = vin("SYNTYPE1?9A000001");
        try (CatalogCommandSide commandSide = CatalogCommandSide.over(dataSource)) {
            commandSide.send(List.of(
                    new RegisterConfiguration(
                            key,
                            2009,
                            "Synthetic",
                            "Typecheck",
                            "Base",
                            "SE20N",
                            "FWD",
                            "2009 Synthetic Typecheck Base (synthetic data)",
                            SOURCE),
                    new LinkVin(vin, key, SOURCE)));
        }
        assertThat(aggregateType(key)).isEqualTo(SyntheticAggregate.CONFIGURATION);
        assertThat(aggregateType(vin)).isEqualTo(SyntheticAggregate.VEHICLE);
    }

    @Test
    void theAggregatesAcceptTheirOwnDataAgainWithoutANewEvent() {
        SyntheticCatalog catalog = new SyntheticCatalog(103, 4, 8);
        new SyntheticCatalogLoader(dataSource).load(catalog, progress -> {});
        long before = eventCount();

        try (CatalogCommandSide commandSide = CatalogCommandSide.over(dataSource)) {
            commandSide.send(catalog.events()
                    .map(SyntheticCatalogLoaderIT::commandRecording)
                    .toList());

            assertThat(commandSide.eventsStored())
                    .as("every command was accepted and found nothing changed")
                    .isZero();
        }
        assertThat(eventCount()).isEqualTo(before);
    }

    @Test
    void aSecondLoadSkipsWhatAnEarlierLoadStored() {
        new SyntheticCatalogLoader(dataSource, 40).load(new SyntheticCatalog(104, 6, 0), progress -> {});
        long before = eventCount();
        SyntheticCatalog larger = new SyntheticCatalog(104, 8, 12);

        LoadProgress second = new SyntheticCatalogLoader(dataSource, 40).load(larger, progress -> {});
        LoadProgress third = new SyntheticCatalogLoader(dataSource, 40).load(larger, progress -> {});

        long added = larger.aggregates()
                .skip(6)
                .mapToLong(aggregate -> aggregate.events().size())
                .sum();
        assertThat(second.aggregatesSkipped()).isEqualTo(6);
        assertThat(second.aggregatesStored()).isEqualTo(2 + 12);
        assertThat(second.eventsStored()).isEqualTo(added);
        assertThat(eventCount()).isEqualTo(before + added);
        assertThat(third.aggregatesSkipped()).isEqualTo(20);
        assertThat(third.eventsStored()).isZero();
        assertThat(eventCount()).isEqualTo(before + added);
    }

    @Test
    void anAggregateStoredWithOtherContentStopsTheLoadAndItsBatch() {
        SyntheticCatalog first = new SyntheticCatalog(105, 1, 0);
        new SyntheticCatalogLoader(dataSource).load(first, progress -> {});
        long seed = 106;
        while (!new SyntheticCatalog(seed, 1, 0).configKey(0).equals(first.configKey(0))) {
            seed++;
        }
        SyntheticCatalog sameKeyOtherSeed = new SyntheticCatalog(seed, 1, 3);
        long before = eventCount();

        assertThatThrownBy(() -> new SyntheticCatalogLoader(dataSource).load(sameKeyOtherSeed, progress -> {}))
                .isInstanceOf(SyntheticCatalogConflict.class)
                .hasMessageContaining("VehicleConfiguration " + first.configKey(0) + " is already in the event store"
                        + " with other content");
        assertThat(eventCount())
                .as("the VINs of the same batch were not stored")
                .isEqualTo(before);
    }

    private static String vin(String withPlaceholder) {
        return withPlaceholder.replace('?', Vin.checkDigitOf(withPlaceholder));
    }

    private String aggregateType(String aggregateId) {
        return jdbc.queryForObject(
                "select distinct type from events.domainevententry where aggregateidentifier = ?",
                String.class,
                aggregateId);
    }

    private long eventCount() {
        return jdbc.queryForObject("select count(*) from events.domainevententry", Long.class);
    }

    /** The command that records what an event says. */
    private static CatalogCommand commandRecording(Record event) {
        if (event instanceof ConfigurationRegistered e) {
            return new RegisterConfiguration(
                    e.configKey(),
                    e.year(),
                    e.make(),
                    e.model(),
                    e.trim(),
                    e.engineCode(),
                    e.drivetrain(),
                    e.label(),
                    e.source());
        }
        if (event instanceof FluidsRecorded e) {
            return new RecordFluids(e.configKey(), e.fluids(), e.source());
        }
        if (event instanceof SpecsRecorded e) {
            return new RecordSpecs(e.configKey(), e.specs(), e.source());
        }
        if (event instanceof TiresRecorded e) {
            return new RecordTires(e.configKey(), e.tires(), e.source());
        }
        if (event instanceof ServiceScheduleRecorded e) {
            return new RecordServiceSchedule(e.configKey(), e.intervals(), e.source());
        }
        if (event instanceof PartsRecorded e) {
            return new RecordParts(e.configKey(), e.parts(), e.source());
        }
        if (event instanceof PartPriced e) {
            return new PricePart(e.configKey(), e.partNumber(), e.amount(), e.currency(), e.asOf(), e.source());
        }
        if (event instanceof LaborTimesRecorded e) {
            return new RecordLaborTimes(e.configKey(), e.laborTimes(), e.source());
        }
        if (event instanceof VinLinked e) {
            return new LinkVin(e.vin(), e.configKey(), e.source());
        }
        throw new IllegalArgumentException("not made by the synthetic catalog: " + event);
    }

    private record StoredRow(
            long sequence, String type, String payloadType, String payloadRevision, byte[] payload, byte[] metadata) {}
}
