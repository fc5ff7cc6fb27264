package dev.vspec.cli.stack;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vspec.command.relay.KafkaRelay;
import dev.vspec.contracts.catalog.FactSource;
import dev.vspec.contracts.catalog.VinLinked;
import dev.vspec.events.axon.EventSerialization;
import dev.vspec.events.axon.EventStorage;
import dev.vspec.testing.database.TestDatabase;
import java.util.List;
import org.axonframework.eventhandling.GenericDomainEventMessage;
import org.axonframework.eventhandling.GlobalSequenceTrackingToken;
import org.axonframework.serialization.SerializedObject;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

/** What {@link CatchUp} waits on, read from a database with vspec's schema as the relay leaves it. */
class RelayPositionIT {

    private static final FactSource SOURCE = FactSource.importFile("catalog.json", "5e0c3d9a");

    private static TestDatabase database;
    private static DriverManagerDataSource dataSource;

    @BeforeAll
    static void createDatabase() {
        database = TestDatabase.create("vspec_relay_position").migrated();
        dataSource = new DriverManagerDataSource(database.url(), database.user(), database.password());
    }

    @AfterAll
    static void dropDatabase() {
        if (database != null) {
            database.drop();
        }
    }

    @Test
    void readsTheNewestStoredEventAndTheLowestPositionOverTheRelaysSegments() {
        RelayPosition relay = new RelayPosition(dataSource);
        assertThat(relay.newestEvent()).as("an empty store").isEqualTo(-1);
        assertThat(relay.relayed()).as("no token yet").isEqualTo(-1);

        EventStorage.engine(dataSource, new DataSourceTransactionManager(dataSource))
                .appendEvents(List.of(
                        new GenericDomainEventMessage<>(
                                "Vehicle", "1HGCM82633A004352", 0, new VinLinked("1HGCM82633A004352", "k", SOURCE)),
                        new GenericDomainEventMessage<>(
                                "Vehicle", "1HGCM82633A004353", 0, new VinLinked("1HGCM82633A004353", "k", SOURCE))));
        long newest = new JdbcTemplate(dataSource)
                .queryForObject("select max(globalindex) from " + EventStorage.EVENT_TABLE, Long.class);
        storeToken(KafkaRelay.PROCESSING_GROUP, 0, newest);
        storeToken(KafkaRelay.PROCESSING_GROUP, 1, newest - 1);
        storeToken("another-processor", 0, 0);

        assertThat(relay.newestEvent()).isEqualTo(newest);
        assertThat(relay.relayed()).as("its slowest segment").isEqualTo(newest - 1);
    }

    private static void storeToken(String processor, int segment, long position) {
        SerializedObject<byte[]> token =
                EventSerialization.serializer().serialize(new GlobalSequenceTrackingToken(position), byte[].class);
        new JdbcTemplate(dataSource)
                .update(
                        "insert into events.tokenentry (processorname, segment, token, tokentype) values (?, ?, ?, ?)",
                        processor,
                        segment,
                        token.getData(),
                        token.getType().getName());
    }
}
