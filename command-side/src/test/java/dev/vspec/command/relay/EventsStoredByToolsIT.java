package dev.vspec.command.relay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.vspec.command.CommandSideIntegrationTest;
import dev.vspec.command.TestVins;
import dev.vspec.contracts.catalog.ConfigurationRegistered;
import dev.vspec.contracts.catalog.FactSource;
import dev.vspec.contracts.catalog.Fluid;
import dev.vspec.contracts.catalog.FluidsRecorded;
import dev.vspec.contracts.catalog.LinkVin;
import dev.vspec.contracts.catalog.RecordFluids;
import dev.vspec.contracts.catalog.RecordSpecs;
import dev.vspec.contracts.catalog.RegisterConfiguration;
import dev.vspec.contracts.catalog.SpecItem;
import dev.vspec.contracts.catalog.SpecsRecorded;
import dev.vspec.contracts.catalog.VinLinked;
import dev.vspec.events.axon.EventSerialization;
import dev.vspec.events.axon.EventStorage;
import dev.vspec.events.kafka.EventEnvelopeCodec;
import dev.vspec.events.kafka.EventTopicProperties;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.sql.DataSource;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.axonframework.eventhandling.DomainEventMessage;
import org.axonframework.eventhandling.GenericDomainEventMessage;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.axonframework.serialization.SerializedObject;
import org.axonframework.serialization.Serializer;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.kafka.test.EmbeddedKafkaBroker;

/**
 * Events a tool outside the command side appends through the events module's {@link EventStorage} (the synthetic catalog
 * loader, the vPIC installer), under the aggregate types the command side uses: the command side reads them as
 * they were written, its aggregates decide on them as on their own, it writes its own events with the same bytes
 * and types, and the relay publishes them.
 */
@CommandSideIntegrationTest
class EventsStoredByToolsIT {

    private static final FactSource SOURCE = FactSource.synthetic("vspec synthetic catalog, seed 7");
    private static final String KEY = "2008-toolstored-probe-base-t20-fwd";
    private static final RegisterConfiguration REGISTER = new RegisterConfiguration(
            KEY, 2008, "Toolstored", "Probe", "Base", "T20", "FWD", "2008 Toolstored Probe Base (test data)", SOURCE);
    private static final List<Fluid> FLUIDS = List.of(
            new Fluid("engine_oil", "API SP 0W-20", new BigDecimal("4.2"), new BigDecimal("4.4"), "with filter"));

    @Autowired
    DataSource dataSource;

    @Autowired
    EventStore eventStore;

    @Autowired
    @Qualifier("eventSerializer")
    Serializer commandSideSerializer;

    @Autowired
    CommandGateway commandGateway;

    @Autowired
    JdbcTemplate jdbc;

    @Autowired
    EventEnvelopeCodec codec;

    @Autowired
    EventTopicProperties topic;

    @Autowired
    EmbeddedKafkaBroker broker;

    @Test
    void theCommandSideReadsDecidesOnAndRelaysWhatAToolStored() {
        String vin = TestVins.next();
        ConfigurationRegistered registered = new ConfigurationRegistered(
                KEY,
                REGISTER.year(),
                REGISTER.make(),
                REGISTER.model(),
                REGISTER.trim(),
                REGISTER.engineCode(),
                REGISTER.drivetrain(),
                REGISTER.label(),
                SOURCE);
        List<Record> configuration = List.of(registered, new FluidsRecorded(KEY, FLUIDS, SOURCE));
        List<Record> vehicle = List.of(new VinLinked(vin, KEY, SOURCE));
        var tool = EventStorage.engine(dataSource, new DataSourceTransactionManager(dataSource));
        tool.appendEvents(messages("VehicleConfiguration", KEY, configuration));
        tool.appendEvents(messages("Vehicle", vin, vehicle));

        assertThat(payloads(KEY)).isEqualTo(configuration);
        assertThat(payloads(vin)).isEqualTo(vehicle);

        long before = eventCount(KEY, vin);
        commandGateway.sendAndWait(REGISTER);
        commandGateway.sendAndWait(new RecordFluids(KEY, FLUIDS, SOURCE));
        commandGateway.sendAndWait(new LinkVin(vin, KEY, SOURCE));
        assertThat(eventCount(KEY, vin))
                .as("the aggregates found nothing changed")
                .isEqualTo(before);

        List<SpecItem> specs = List.of(new SpecItem("engine", "displacement", "2.0", "L"));
        String otherVin = TestVins.next();
        commandGateway.sendAndWait(new RecordSpecs(KEY, specs, SOURCE));
        commandGateway.sendAndWait(new LinkVin(otherVin, KEY, SOURCE));
        assertStoredAsAToolStoresIt(KEY, 2, "VehicleConfiguration", new SpecsRecorded(KEY, specs, SOURCE));
        assertStoredAsAToolStoresIt(otherVin, 0, "Vehicle", new VinLinked(otherVin, KEY, SOURCE));

        await("the relay published the tool's events and the command side's after them")
                .atMost(Duration.ofSeconds(30))
                .pollInterval(Duration.ofMillis(300))
                .untilAsserted(() -> assertThat(TopicRecords.readAll(broker.getBrokersAsString(), topic.topic(), codec))
                        .extracting(r -> r.key() + "#" + r.envelope().aggregateSequence())
                        .contains(KEY + "#0", KEY + "#1", KEY + "#2", vin + "#0", otherVin + "#0"));
    }

    private List<Object> payloads(String aggregateId) {
        return eventStore
                .readEvents(aggregateId)
                .asStream()
                .<Object>map(DomainEventMessage::getPayload)
                .toList();
    }

    private static List<DomainEventMessage<?>> messages(String type, String aggregateId, List<Record> events) {
        List<DomainEventMessage<?>> messages = new ArrayList<>();
        for (int sequence = 0; sequence < events.size(); sequence++) {
            messages.add(new GenericDomainEventMessage<>(type, aggregateId, sequence, events.get(sequence)));
        }
        return messages;
    }

    /** The command side's own event, stored as the events module's serializer writes it for tools, under the type tools use. */
    private void assertStoredAsAToolStoresIt(String aggregateId, long sequence, String type, Record event) {
        Map<String, Object> row = jdbc.queryForMap(
                "select type, payloadtype, payload from events.domainevententry"
                        + " where aggregateidentifier = ? and sequencenumber = ?",
                aggregateId,
                sequence);
        SerializedObject<byte[]> tools = EventSerialization.serializer().serialize(event, byte[].class);
        assertThat(row)
                .containsEntry("type", type)
                .containsEntry("payloadtype", tools.getType().getName());
        assertThat((byte[]) row.get("payload"))
                .isEqualTo(tools.getData())
                .isEqualTo(commandSideSerializer.serialize(event, byte[].class).getData());
    }

    private long eventCount(String... aggregateIds) {
        return jdbc.queryForObject(
                "select count(*) from events.domainevententry where aggregateidentifier = any(?)", Long.class, (Object)
                        aggregateIds);
    }
}
