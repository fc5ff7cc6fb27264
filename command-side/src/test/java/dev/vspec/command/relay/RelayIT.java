package dev.vspec.command.relay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.vspec.command.CommandSideIntegrationTest;
import dev.vspec.command.TestVins;
import dev.vspec.command.catalog.CatalogImporter;
import dev.vspec.command.catalog.ImportSummary;
import dev.vspec.command.relay.TopicRecords.Received;
import dev.vspec.contracts.catalog.FactSource;
import dev.vspec.contracts.catalog.LinkVin;
import dev.vspec.contracts.catalog.VinLinked;
import dev.vspec.contracts.enrichment.EnrichmentCompleted;
import dev.vspec.events.kafka.EventEnvelope;
import dev.vspec.events.kafka.EventEnvelopeCodec;
import dev.vspec.events.kafka.EventTopicProperties;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.axonframework.eventhandling.GenericDomainEventMessage;
import org.axonframework.eventsourcing.eventstore.EventStorageEngine;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.core.io.ClassPathResource;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.kafka.test.EmbeddedKafkaBroker;

@CommandSideIntegrationTest
class RelayIT {

    private static final FactSource SOURCE = FactSource.importFile("catalog.json", "5e0c3d9a");

    private static final Logger log = LoggerFactory.getLogger(RelayIT.class);
    private static final String CIVIC_LX = "2019-honda-civic-lx-k20c2-fwd";
    private static final Set<String> CATALOG_CONFIGURATIONS =
            Set.of(CIVIC_LX, "2019-honda-civic-sport-k20c2-fwd", "2021-tesla-model-3-standard-range-plus-3d1");
    private static final Set<String> CATALOG_VINS =
            Set.of("19XFC2F59KE900101", "19XFC2F50KE900102", "19XFC2F8XKE900103", "5YJ3E1EA0MF900104");

    @Autowired
    CatalogImporter importer;

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

    @Autowired
    FailingOnceEventPublisher publisher;

    @Autowired
    EventStorageEngine storage;

    @Autowired
    MeterRegistry meters;

    record Stored(String eventId, String aggregateId, long sequence, String payloadType) {}

    @Test
    void everyEventOfAnImportArrivesOnceKeyedByAggregateInOrderAndAReimportAddsNone() {
        ImportSummary first = importer.importCatalog(new ClassPathResource("catalog/test/catalog.json"));

        List<Stored> stored = storedEventsOfTheCatalog();
        assertThat(stored)
                .as("each command of a first import changes something")
                .hasSize(first.commandsSent());
        await().atMost(Duration.ofSeconds(30))
                .pollInterval(Duration.ofMillis(300))
                .until(() -> catalogRecords().size() >= stored.size());

        List<Received> records = catalogRecords();
        assertThat(records)
                .as("once per (aggregate, sequence)")
                .extracting(r -> r.envelope().aggregateId() + "#" + r.envelope().aggregateSequence())
                .doesNotHaveDuplicates()
                .containsExactlyInAnyOrderElementsOf(stored.stream()
                        .map(s -> s.aggregateId() + "#" + s.sequence())
                        .toList());
        Map<String, Stored> byEventId = stored.stream().collect(Collectors.toMap(Stored::eventId, s -> s));
        for (Received record : records) {
            EventEnvelope envelope = record.envelope();
            Stored source = byEventId.get(envelope.eventId());
            assertThat(source).as("event %s is stored", envelope.eventId()).isNotNull();
            assertThat(record.key()).isEqualTo(envelope.aggregateId()).isEqualTo(source.aggregateId());
            assertThat(record.typeHeader())
                    .as("the type header repeats the envelope's")
                    .isEqualTo(envelope.eventType());
            assertThat(envelope.aggregateSequence()).isEqualTo(source.sequence());
            assertThat(codec.event(envelope))
                    .isNotNull()
                    .extracting(e -> e.getClass().getName())
                    .isEqualTo(source.payloadType());
            assertThat(envelope.aggregateType())
                    .isEqualTo(CATALOG_VINS.contains(record.key()) ? "Vehicle" : "VehicleConfiguration");
        }
        records.stream()
                .collect(Collectors.groupingBy(Received::key))
                .forEach((key, ofKey) -> assertThat(ofKey)
                        .as("records of %s in the order they were stored", key)
                        .isSortedAccordingTo(
                                Comparator.comparingLong(r -> r.envelope().aggregateSequence()))
                        .extracting(Received::partition)
                        .containsOnly(ofKey.get(0).partition()));

        ImportSummary second = importer.importCatalog(new ClassPathResource("catalog/test/catalog.json"));

        assertThat(second.commandsSent()).isEqualTo(first.commandsSent());
        assertThat(storedEventsOfTheCatalog()).isEqualTo(stored);
        String marker = TestVins.next();
        commandGateway.sendAndWait(new LinkVin(marker, CIVIC_LX, SOURCE));
        await().atMost(Duration.ofSeconds(30))
                .pollInterval(Duration.ofMillis(300))
                .until(() -> readAll().stream().anyMatch(r -> r.key().equals(marker)));
        assertThat(catalogRecords())
                .as("a later event has arrived, and nothing more of the catalog")
                .hasSize(records.size());
    }

    @Test
    void anEventWhoseFirstSendFailedIsRetriedWithinSecondsAndArrives() {
        String vin = TestVins.next();
        commandGateway.sendAndWait(new LinkVin(vin, CIVIC_LX, SOURCE));

        await().atMost(Duration.ofSeconds(30)).until(() -> publisher.failedEnvelope() != null);
        EventEnvelope failed = codec.decode(publisher.failedEnvelope());
        await().atMost(Duration.ofSeconds(15))
                .pollInterval(Duration.ofMillis(200))
                .until(() ->
                        readAll().stream().anyMatch(r -> r.envelope().eventId().equals(failed.eventId())));
        log.info(
                "The relay sent {} {} again {} ms after its failed send",
                failed.eventType(),
                failed.aggregateId(),
                publisher.retryDelay().toMillis());
        assertThat(publisher.retryDelay()).isLessThan(Duration.ofSeconds(10));
        await().atMost(Duration.ofSeconds(15))
                .pollInterval(Duration.ofMillis(200))
                .until(() -> readAll().stream()
                        .anyMatch(r -> r.key().equals(vin)
                                && new VinLinked(vin, CIVIC_LX, SOURCE).equals(codec.event(r.envelope()))));
    }

    @Test
    void aJobsCompletionRecordsWhereTheTopicEndedOnceKafkaHadIt() {
        String vin = TestVins.next();
        String job = "enr_" + vin + "_1";
        Map<Integer, Long> before = endOffsets();

        storage.appendEvents(new GenericDomainEventMessage<>(
                "EnrichmentJob", job, 0, new EnrichmentCompleted(job, vin, CIVIC_LX, Instant.now())));

        await().atMost(Duration.ofSeconds(30))
                .pollInterval(Duration.ofMillis(200))
                .until(() -> !publishedOffsets(job).isEmpty());
        Map<Integer, Long> recorded = publishedOffsets(job);
        Received completion =
                readAll().stream().filter(r -> r.key().equals(job)).findFirst().orElseThrow();
        assertThat(recorded).as("every partition").hasSize(topic.partitions());
        recorded.forEach((partition, end) -> assertThat(end)
                .as("partition %d: everything published before", partition)
                .isGreaterThanOrEqualTo(before.getOrDefault(partition, 0L)));
        assertThat(recorded.get(completion.partition()))
                .as("the completion itself")
                .isGreaterThan(completion.offset());
        await().atMost(Duration.ofSeconds(30))
                .pollInterval(Duration.ofMillis(200))
                .untilAsserted(() -> assertThat(relayedEnds(topic.topic()))
                        .as("the relay's ends are where its records end")
                        .containsAllEntriesOf(endOffsets()));
    }

    /**
     * PostgreSQL refuses the relay's frontier once, after Kafka acknowledged the batch, so the token cannot move
     * (a trigger counts with a sequence, which a rollback does not undo): the retry finds the event on the topic and
     * does not send it again.
     */
    @Test
    void aBatchWhoseTokenPostgreSqlRefusedToMoveIsNotSentAgainOnItsRetry() {
        double placedBefore = alreadyOnTopic();
        jdbc.execute("create sequence events.relay_it_refusals");
        jdbc.execute("""
                create function events.relay_it_refuse_once() returns trigger language plpgsql as $$
                begin
                    if nextval('events.relay_it_refusals') = 1 then
                        raise exception 'test: PostgreSQL refuses the relay''s frontier once';
                    end if;
                    return new;
                end $$""");
        jdbc.execute("create trigger relay_it_refuse_once before insert on events.relay_topic_ends"
                + " for each row execute function events.relay_it_refuse_once()");
        try {
            String vin = TestVins.next();
            commandGateway.sendAndWait(new LinkVin(vin, CIVIC_LX, SOURCE));

            await("the retry found the event on the topic, once PostgreSQL refused the frontier and then let it move")
                    .atMost(Duration.ofSeconds(30))
                    .pollInterval(Duration.ofMillis(300))
                    .until(() -> alreadyOnTopic() > placedBefore
                            && jdbc.queryForObject("select last_value from events.relay_it_refusals", Long.class) > 1);

            assertThat(readAll().stream().filter(r -> r.key().equals(vin)))
                    .as("the event once on the topic")
                    .hasSize(1);
            assertThat(alreadyOnTopic()).as("placed on the retry").isEqualTo(placedBefore + 1);
        } finally {
            jdbc.execute("drop trigger relay_it_refuse_once on events.relay_topic_ends");
            jdbc.execute("drop function events.relay_it_refuse_once()");
            jdbc.execute("drop sequence events.relay_it_refusals");
        }
    }

    private double alreadyOnTopic() {
        return meters.get("vspec.relay.events")
                .tag("outcome", "already_on_topic")
                .counter()
                .count();
    }

    private Map<Integer, Long> relayedEnds(String topicName) {
        return jdbc
                .query(
                        "select partition, next_offset from events.relay_topic_ends where topic = ?",
                        (row, i) -> Map.entry(row.getInt(1), row.getLong(2)),
                        topicName)
                .stream()
                .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue));
    }

    /** Each partition's end as far as its records tell (partitions without records are missing). */
    private Map<Integer, Long> endOffsets() {
        return readAll().stream().collect(Collectors.toMap(Received::partition, r -> r.offset() + 1, Math::max));
    }

    private Map<Integer, Long> publishedOffsets(String job) {
        return jdbc
                .query(
                        "select partition, next_offset from events.job_published_offsets where job_id = ? and topic = ?",
                        (row, i) -> Map.entry(row.getInt(1), row.getLong(2)),
                        job,
                        topic.topic())
                .stream()
                .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue));
    }

    private List<Stored> storedEventsOfTheCatalog() {
        return jdbc
                .query(
                        "select eventidentifier, aggregateidentifier, sequencenumber, payloadtype"
                                + " from events.domainevententry order by globalindex",
                        (row, i) -> new Stored(row.getString(1), row.getString(2), row.getLong(3), row.getString(4)))
                .stream()
                .filter(s -> ofTheCatalog(s.aggregateId()))
                .toList();
    }

    private List<Received> catalogRecords() {
        return readAll().stream().filter(r -> ofTheCatalog(r.key())).toList();
    }

    private static boolean ofTheCatalog(String aggregateId) {
        return CATALOG_CONFIGURATIONS.contains(aggregateId) || CATALOG_VINS.contains(aggregateId);
    }

    private List<Received> readAll() {
        return TopicRecords.readAll(broker.getBrokersAsString(), topic.topic(), codec);
    }
}
