package dev.vspec.cli.stack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.AppenderBase;
import dev.vspec.contracts.access.Plan;
import dev.vspec.contracts.catalog.ConfigurationRegistered;
import dev.vspec.contracts.catalog.PublishedEvents;
import dev.vspec.contracts.catalog.VinLinked;
import dev.vspec.contracts.enrichment.EnrichmentCompleted;
import dev.vspec.contracts.enrichment.EnrichmentFailed;
import dev.vspec.events.kafka.EventEnvelopeCodec;
import dev.vspec.testing.TestKeys;
import dev.vspec.testing.database.TestDatabase;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.jooq.DSLContext;
import org.jooq.SQLDialect;
import org.jooq.impl.DSL;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The Kafka broker goes away while enrichments run and the relay publishes them, and comes back on
 * the same port and data directory: nothing is lost. Enrichment needs only the event store, so the
 * jobs end meanwhile; the relay publishes what was stored during the outage once the broker is
 * back, and the projections apply it, so the read tables end as the event store says.
 */
class BrokerRestartIT {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final EventEnvelopeCodec CODEC = new EventEnvelopeCodec();
    /** Sample data: the VINs the shipped reference vendor knows and the sample catalog does not. */
    private static final List<String> VENDOR_VINS =
            List.of("2T3P1RFV2NW131842", "19XFC2F53LE208451", "2T3P1RFV0NW402977", "19XFC2F50LE650314");
    /** Generous: the relay backs off up to a minute between attempts while the broker is away. */
    private static final Duration RECOVERED = Duration.ofMinutes(4);
    /** KafkaRelay's logger: it warns when Kafka did not take a batch, which then fails and is retried. */
    private static final String RELAY_LOGGER = "dev.vspec.command.relay.KafkaRelay";

    private static final HttpClient HTTP =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    @TempDir
    static Path dataDir;

    private static TestDatabase database;
    private static LocalStack stack;
    private static String key;

    @BeforeAll
    static void startTheStack() {
        database = TestDatabase.createWithVpic("vspec_broker_restart");
        // the relay gives a batch up once the producer's delivery timeout passed: 12 s here instead of 30
        stack = LocalStack.start(
                StackSettings.onFreePorts(dataDir, database.url(), database.user(), database.password())
                        .withProperties(Map.of(
                                "spring.kafka.producer.properties.delivery.timeout.ms", "12000",
                                "spring.kafka.producer.properties.request.timeout.ms", "5000")));
        stack.awaitCaughtUp(Duration.ofMinutes(2), new PrintWriter(Writer.nullWriter()));
        key = TestKeys.issue(db(), Plan.PRO);
    }

    @AfterAll
    static void stopTheStack() {
        if (stack != null) {
            stack.close();
        }
        if (database != null) {
            database.drop();
        }
    }

    @Test
    void enrichmentsRunThroughABrokerOutageAndEverythingStoredReachesTheTopicAndTheReadTables() throws Exception {
        List<JsonNode> jobs = new ArrayList<>();
        jobs.add(schedule(VENDOR_VINS.get(0)));
        jobs.add(schedule(VENDOR_VINS.get(1)));
        Queue<ILoggingEvent> relayWarnings = new ConcurrentLinkedQueue<>();
        Logger relayLog = (Logger) LoggerFactory.getLogger(RELAY_LOGGER);
        AppenderBase<ILoggingEvent> relayWarningCollector = new AppenderBase<>() {
            @Override
            protected void append(ILoggingEvent event) {
                if (event.getLevel().isGreaterOrEqual(Level.WARN)) {
                    relayWarnings.add(event);
                }
            }
        };
        relayWarningCollector.start();
        relayLog.addAppender(relayWarningCollector);
        // while the relay publishes what these two jobs store
        stack.stopBroker();
        try {
            for (String vin : VENDOR_VINS.subList(2, VENDOR_VINS.size())) {
                jobs.add(schedule(vin));
            }
            // Enrichment needs only the event store. (The API tells a job completed once its VIN
            // answers on the read routes, which wait for the broker.)
            for (JsonNode job : jobs) {
                String jobId = job.get("job_id").asString();
                await("job " + jobId + " completed in the event store")
                        .atMost(RECOVERED)
                        .until(() -> storedEndOf(jobId), end -> end.equals(EnrichmentCompleted.class.getName()));
            }
            // down long enough for the relay to give up on a batch, which it then retries
            await("the relay reported a failed batch").atMost(RECOVERED).until(() -> !relayWarnings.isEmpty());
            RelayPosition relay = new RelayPosition(stack.dataSource());
            assertThat(relay.relayed()).as("the relay waits for the broker").isLessThan(relay.newestEvent());
        } finally {
            relayLog.detachAppender(relayWarningCollector);
            stack.startBroker();
        }

        for (JsonNode job : jobs) {
            assertThat(awaitEnded(job.get("poll").asString()).get("status").asString())
                    .as(job.toString())
                    .isEqualTo("completed");
        }
        await("every stored event of the published language on the topic")
                .atMost(RECOVERED)
                .pollInterval(Duration.ofSeconds(2))
                .untilAsserted(() -> assertThat(eventIdsOnTheTopic()).containsAll(publishedEventIdsInTheStore()));
        await("the read tables as the event store says")
                .atMost(RECOVERED)
                .pollInterval(Duration.ofSeconds(1))
                .untilAsserted(() -> {
                    assertThat(readVins()).isEqualTo(linkedVinsInTheStore());
                    assertThat(readConfigurations()).isEqualTo(registeredConfigurationsInTheStore());
                });
        for (String vin : VENDOR_VINS) {
            HttpResponse<String> fluids = get("/api/v1/fluids?vin=" + vin);
            assertThat(fluids.statusCode()).as(fluids.body()).isEqualTo(200);
            assertThat(JSON.readTree(fluids.body()).get("fluids")).isNotEmpty();
        }
    }

    /** Schedules the VIN's enrichment through the gateway; the job as answered (job_id, poll, ...). */
    private static JsonNode schedule(String vin) throws IOException, InterruptedException {
        HttpResponse<String> posted = HTTP.send(
                HttpRequest.newBuilder(URI.create(stack.url(Deployable.GATEWAY) + "/api/v0/enrich"))
                        .header("Authorization", "Bearer " + key)
                        .header("Content-Type", "application/json")
                        .timeout(Duration.ofSeconds(30))
                        .POST(HttpRequest.BodyPublishers.ofString("{\"vin\": \"" + vin + "\"}"))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(posted.statusCode()).as(posted.body()).isEqualTo(202);
        return JSON.readTree(posted.body());
    }

    /** The type of the job's stored end event, or "" while it has none. */
    private static String storedEndOf(String jobId) {
        return db().select(DSL.field("payloadtype", String.class))
                .from(DSL.table("events.domainevententry"))
                .where(DSL.field("aggregateidentifier", String.class).eq(jobId))
                .and(DSL.field("payloadtype", String.class)
                        .in(EnrichmentCompleted.class.getName(), EnrichmentFailed.class.getName()))
                .fetchOptional(0, String.class)
                .orElse("");
    }

    private static JsonNode awaitEnded(String poll) {
        return await().atMost(RECOVERED)
                .pollInterval(Duration.ofMillis(500))
                .until(
                        () -> {
                            HttpResponse<String> status = get(poll);
                            assertThat(status.statusCode()).as(status.body()).isEqualTo(200);
                            return JSON.readTree(status.body());
                        },
                        job -> Set.of("completed", "failed")
                                .contains(job.get("status").asString()));
    }

    private static Set<String> publishedEventIdsInTheStore() {
        return new HashSet<>(db().select(DSL.field("eventidentifier", String.class))
                .from(DSL.table("events.domainevententry"))
                .where(DSL.field("payloadtype", String.class)
                        .in(PublishedEvents.TYPES.stream().map(Class::getName).toList()))
                .fetch(0, String.class));
    }

    /** The event id of every record on the topic (duplicates fold). */
    private static Set<String> eventIdsOnTheTopic() {
        Set<String> ids = new HashSet<>();
        try (KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(
                Map.of(
                        ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
                        stack.kafkaBootstrapServers(),
                        ConsumerConfig.GROUP_ID_CONFIG,
                        "broker-restart-check-" + UUID.randomUUID(),
                        ConsumerConfig.ISOLATION_LEVEL_CONFIG,
                        "read_committed",
                        ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG,
                        false),
                new ByteArrayDeserializer(),
                new ByteArrayDeserializer())) {
            List<TopicPartition> partitions = consumer.partitionsFor(stack.topic(), Duration.ofSeconds(10)).stream()
                    .map(info -> new TopicPartition(info.topic(), info.partition()))
                    .toList();
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            Map<TopicPartition, Long> ends = consumer.endOffsets(partitions, Duration.ofSeconds(10));
            while (partitions.stream().anyMatch(partition -> consumer.position(partition) < ends.get(partition))) {
                for (ConsumerRecord<byte[], byte[]> record : consumer.poll(Duration.ofMillis(500))) {
                    ids.add(CODEC.decode(record.value()).eventId());
                }
            }
        }
        return ids;
    }

    /** Each VIN's configuration as the stored VinLinked events say, the newest link winning. */
    private static Map<String, String> linkedVinsInTheStore() {
        Map<String, String> links = new TreeMap<>();
        for (JsonNode link : payloads(VinLinked.class)) {
            links.put(link.get("vin").asString(), link.get("configKey").asString());
        }
        return links;
    }

    private static Set<String> registeredConfigurationsInTheStore() {
        Set<String> keys = new TreeSet<>();
        payloads(ConfigurationRegistered.class)
                .forEach(registered -> keys.add(registered.get("configKey").asString()));
        return keys;
    }

    private static List<JsonNode> payloads(Class<?> type) {
        return db()
                .fetch(
                        "select convert_from(payload, 'UTF8') from events.domainevententry where payloadtype = ? "
                                + "order by globalindex",
                        type.getName())
                .getValues(0, String.class)
                .stream()
                .map(JSON::readTree)
                .toList();
    }

    private static Map<String, String> readVins() {
        Map<String, String> vins = new TreeMap<>();
        db().fetch("select vin, config_key from read.vin")
                .forEach(row -> vins.put(row.get(0, String.class), row.get(1, String.class)));
        return vins;
    }

    private static Set<String> readConfigurations() {
        return new TreeSet<>(
                db().fetch("select config_key from read.configuration").getValues(0, String.class));
    }

    private static DSLContext db() {
        return DSL.using(stack.dataSource(), SQLDialect.POSTGRES);
    }

    private static HttpResponse<String> get(String pathAndQuery) throws IOException, InterruptedException {
        return HTTP.send(
                HttpRequest.newBuilder(URI.create(stack.url(Deployable.GATEWAY) + pathAndQuery))
                        .header("Authorization", "Bearer " + key)
                        .timeout(Duration.ofSeconds(10))
                        .GET()
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }
}
