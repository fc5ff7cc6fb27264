package dev.vspec.cli.stack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.vspec.contracts.access.Plan;
import dev.vspec.contracts.identity.Vin;
import dev.vspec.decoder.CatalogIdentity;
import dev.vspec.decoder.VinDecoder;
import dev.vspec.decoder.VpicTables;
import dev.vspec.testing.StubVendor;
import dev.vspec.testing.TestKeys;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.jooq.DSLContext;
import org.jooq.SQLDialect;
import org.jooq.impl.DSL;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Enrichment end to end, as {@code vspec up} runs it but with the HTTP catalog vendor (the shared stack's): a local
 * stub vendor serves the shipped reference vendor's configurations, with personal data planted in a
 * VIN's service history. Everything goes through the gateway, the command side, the event store,
 * the relay, a real Kafka broker, the projections and the query side.
 */
@ExtendWith(SharedStack.Resolver.class)
class EnrichmentEndToEndIT {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    /** Sample data: VINs the reference vendor knows (2022 Toyota RAV4 XLE, 2020 Honda Civic LX) and the sample catalog does not. */
    private static final String RAV4_VIN = "2T3P1RFV2NW131842";

    private static final String RAV4_CONFIG = "2022-toyota-rav4-xle-a25a-fks-awd";
    private static final String CIVIC_VIN = "19XFC2F53LE208451";
    private static final String CIVIC_CONFIG = "2020-honda-civic-lx-k20c2-fwd";
    /** A published 2023 Hyundai Kona VIN: the vendor does not know it, but knows the configuration it decodes as. */
    private static final String KONA_VIN = "KM8K2CAB4PU001140";
    /** Planted personal data (sample, invented): none of it may reach the event store, the topic or a read table. */
    private static final List<String> PLANTED =
            List.of("Vollrath", "Quillfeather", "7XQZ914", "0148227", "m.vollrath@example.net", "left her keys");

    private static final Duration ENRICHED = Duration.ofSeconds(60);

    private static StubVendor vendor;
    private static LocalStack stack;
    private static String key;
    private static final HttpClient http =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    @BeforeAll
    static void serveTheVendorsVins(SharedStack shared) throws IOException {
        vendor = shared.vendor();
        vendor.serve(RAV4_VIN, JSON.writeValueAsString(vendorDocument(RAV4_CONFIG, RAV4_VIN, true)));
        vendor.serve(CIVIC_VIN, JSON.writeValueAsString(vendorDocument(CIVIC_CONFIG, CIVIC_VIN, false)));
        stack = shared.stack();
        key = TestKeys.issue(db(), Plan.PRO);
    }

    @Test
    void aVinIsScheduledPolledUntilCompletedAndThenAnswersOnTheReadRoutesWithoutThePlantedPersonalData()
            throws Exception {
        assertThat(get("/api/v1/fluids?vin=" + RAV4_VIN).statusCode()).isEqualTo(404);

        HttpResponse<String> posted = post("/api/v0/enrich", "{\"vin\": \"" + RAV4_VIN + "\"}");
        assertThat(posted.statusCode()).as(posted.body()).isEqualTo(202);
        String poll = JSON.readTree(posted.body()).get("poll").asString();

        JsonNode completed = awaitEnded(poll);
        assertThat(completed.get("status").asString()).isEqualTo("completed");
        assertThat(completed.get("config_key").asString()).isEqualTo(RAV4_CONFIG);
        assertThat(completed.get("steps"))
                .extracting(step -> step.get("step").asString())
                .containsExactly("decoded", "found_upstream", "catalog_recorded", "vin_linked");

        HttpResponse<String> fluids = get("/api/v1/fluids?vin=" + RAV4_VIN);
        assertThat(fluids.statusCode()).as(fluids.body()).isEqualTo(200);
        assertThat(JSON.readTree(fluids.body()).at("/vehicle/config_key").asString())
                .isEqualTo(RAV4_CONFIG);
        assertThat(JSON.readTree(fluids.body()).get("fluids")).isNotEmpty();

        HttpResponse<String> history = get("/api/v0/service-history?vin=" + RAV4_VIN);
        assertThat(history.statusCode()).as(history.body()).isEqualTo(200);
        JsonNode visits = JSON.readTree(history.body()).get("service_history");
        assertThat(visits.toString()).contains("engine_oil_change", "2023-04-18");
        assertThat(visits).hasSize(2);

        HttpResponse<String> again = post("/api/v0/enrich", "{\"vin\": \"" + RAV4_VIN + "\"}");
        assertThat(again.statusCode()).isEqualTo(200);
        assertThat(JSON.readTree(again.body()).get("config_key").asString()).isEqualTo(RAV4_CONFIG);

        assertThat(eventStoreRowsContaining(RAV4_VIN))
                .as("the scan finds what is there")
                .isPositive();
        for (String planted : PLANTED) {
            assertThat(eventStoreRowsContaining(planted))
                    .as("event store rows with %s", planted)
                    .isZero();
        }
        String topic = topicText();
        assertThat(topic)
                .as("the topic carries the VIN's history")
                .contains(RAV4_VIN)
                .contains("engine_oil_change");
        await().atMost(ENRICHED)
                .untilAsserted(() -> assertThat(topicText())
                        .as("the topic carries the job's progress")
                        .contains(
                                "EnrichmentScheduled", "EnrichmentCompleted", "\"jobId\":\"enr_" + RAV4_VIN + "_1\""));
        assertThat(readTablesText())
                .as("the read tables hold the VIN's history")
                .contains(RAV4_VIN)
                .contains("engine_oil_change");
        for (String planted : PLANTED) {
            assertThat(topic).as("the topic").doesNotContain(planted);
            assertThat(readTablesText()).as("the read tables").doesNotContain(planted);
        }
    }

    @Test
    void aVendorThatFailsEndsTheJobAsUnreachableAndOnceRecoveredTheNextJobCompletes() throws Exception {
        vendor.failUntilRecovered(503);
        String failedPoll;
        try {
            HttpResponse<String> posted = post("/api/v0/enrich", "{\"vin\": \"" + CIVIC_VIN + "\"}");
            assertThat(posted.statusCode()).as(posted.body()).isEqualTo(202);
            failedPoll = JSON.readTree(posted.body()).get("poll").asString();
            JsonNode failed = awaitEnded(failedPoll);
            assertThat(failed.get("status").asString()).isEqualTo("failed");
            assertThat(failed.at("/error/code").asString()).isEqualTo("upstream_unreachable");
        } finally {
            vendor.recover();
        }

        HttpResponse<String> retried = post("/api/v0/enrich", "{\"vin\": \"" + CIVIC_VIN + "\"}");
        assertThat(retried.statusCode()).as(retried.body()).isEqualTo(202);
        String poll = JSON.readTree(retried.body()).get("poll").asString();
        assertThat(poll).isNotEqualTo(failedPoll);
        JsonNode completed = awaitEnded(poll);
        assertThat(completed.get("status").asString()).isEqualTo("completed");
        assertThat(get("/api/v1/fluids?vin=" + CIVIC_VIN).statusCode()).isEqualTo(200);
        assertThat(JSON.readTree(get("/api/v0/enrich?vin=" + CIVIC_VIN).body())
                        .get("poll")
                        .asString())
                .isEqualTo(poll);
    }

    /** A published VIN nobody holds or sells data for: vPIC alone makes its configuration, and its specifications answer. */
    @Test
    void aRealVinOnlyVpicKnowsIsEnrichedFromItsDecode() throws Exception {
        String vin = "1HGCM82633A004352";
        assertThat(get("/api/v1/specs?vin=" + vin).statusCode()).isEqualTo(404);

        HttpResponse<String> posted = post("/api/v0/enrich", "{\"vin\": \"" + vin + "\"}");
        assertThat(posted.statusCode()).as(posted.body()).isEqualTo(202);
        JsonNode completed = awaitEnded(JSON.readTree(posted.body()).get("poll").asString());
        assertThat(completed.get("status").asString()).as(completed.toString()).isEqualTo("completed");
        String configKey = completed.get("config_key").asString();
        assertThat(configKey).startsWith("2003-honda-accord-ex-v6-j30a4");

        JsonNode specs = await().atMost(ENRICHED)
                .until(() -> get("/api/v1/specs?vin=" + vin), answer -> answer.statusCode() == 200)
                .body()
                .transform(JSON::readTree);
        assertThat(specs.at("/vehicle/config_key").asString()).isEqualTo(configKey);
        // registered as vPIC writes it (HONDA), shown as every make is
        assertThat(specs.at("/vehicle/make").asString()).isEqualTo("Honda");
        assertThat(specs.at("/vehicle/label").asString()).startsWith("2003 Honda Accord EX-V6");
        assertThat(specs.get("specs").toString()).contains("J30A4", "Coupe", "MARYSVILLE");
        // the answer says where its facts came from, and which groups no source has given
        assertThat(specs.at("/vehicle/source/kind").asString()).isEqualTo("vpic");
        assertThat(specs.at("/vehicle/coverage/specs/status").asString()).isEqualTo("recorded");
        assertThat(specs.at("/vehicle/coverage/specs/source/name").asString()).isEqualTo("NHTSA vPIC");
        assertThat(specs.at("/vehicle/coverage/specs/source/sha256").asString()).hasSize(64);
        assertThat(specs.at("/vehicle/coverage/fluids/status").asString()).isEqualTo("missing");
        // another VIN of the same vehicle resolves to the same configuration through its decode, without enrichment
        JsonNode sibling =
                JSON.readTree(get("/api/v1/vehicle?vin=1HGCM82673A123456").body());
        assertThat(sibling.at("/vehicle/config_key").asString())
                .as(sibling.toString())
                .isEqualTo(configKey);
    }

    @Test
    void aVinTheVendorDoesNotKnowIsEnrichedWithTheVendorsConfigurationOfItsDecodedIdentityAndVpicsSpecs()
            throws Exception {
        CatalogIdentity kona =
                CatalogIdentity.of(decoder().decode(Vin.parse(KONA_VIN))).orElseThrow();
        vendor.serveConfiguration(kona.configKey(), JSON.writeValueAsString(identityDocument(kona)));

        HttpResponse<String> posted = post("/api/v0/enrich", "{\"vin\": \"" + KONA_VIN + "\"}");
        assertThat(posted.statusCode()).as(posted.body()).isEqualTo(202);
        JsonNode completed = awaitEnded(JSON.readTree(posted.body()).get("poll").asString());
        assertThat(completed.get("status").asString()).as(completed.toString()).isEqualTo("completed");
        assertThat(completed.get("config_key").asString()).isEqualTo(kona.configKey());
        assertThat(completed.get("steps").toString()).contains("the catalog vendor knows it as " + kona.configKey());
        assertThat(vendor.lastConfigurationParameters()).containsEntry("engine_code", kona.engineCode());

        JsonNode fluids = await().atMost(ENRICHED)
                .until(() -> get("/api/v1/fluids?vin=" + KONA_VIN), answer -> answer.statusCode() == 200)
                .body()
                .transform(JSON::readTree);
        assertThat(fluids.at("/vehicle/config_key").asString()).isEqualTo(kona.configKey());
        assertThat(fluids.get("fluids")).isNotEmpty();
        assertThat(fluids.at("/vehicle/coverage/fluids/source/kind").asString()).isEqualTo("vendor");
        JsonNode specs = JSON.readTree(get("/api/v1/specs?vin=" + KONA_VIN).body());
        assertThat(specs.at("/vehicle/coverage/specs/source/name").asString()).isEqualTo("NHTSA vPIC");
        assertThat(specs.get("specs")).isNotEmpty();
        assertThat(db().fetch(
                                "SELECT convert_from(payload, 'UTF8') FROM events.domainevententry"
                                        + " WHERE aggregateidentifier = ? AND payloadtype LIKE '%VinLinked'",
                                KONA_VIN)
                        .getValues(0, String.class))
                .as("the VIN is linked from vPIC's decode, not by the vendor")
                .singleElement()
                .asString()
                .contains(kona.configKey())
                .contains("vpic");
    }

    /**
     * VINs of other makes that only vPIC knows (sample data: a 2019 F-150 2.7L, whose engine code is derived
     * from vPIC's figures, and a published 2019 Tesla Model 3, electric): each is enriched from its decode, and
     * every group answers, saying which hold data and where it came from; what is due is unknown.
     */
    @ParameterizedTest
    @CsvSource({"1FTEW1EP5KFA00000, 2.7l-v6", "5YJ3E1EA2KF317000, electric"})
    void vinsOfOtherMakesAreEnrichedFromTheirDecodesAndEveryGroupSaysWhereItsDataCameFrom(String vin, String engineCode)
            throws Exception {
        // a key of its own: a key schedules at most 5 runs a day, which the other tests spend
        String ownKey = TestKeys.issue(db(), Plan.PRO);
        HttpResponse<String> posted = post("/api/v0/enrich", "{\"vin\": \"" + vin + "\"}", ownKey);
        assertThat(posted.statusCode()).as(posted.body()).isEqualTo(202);
        JsonNode completed = awaitEnded(JSON.readTree(posted.body()).get("poll").asString(), ownKey);
        assertThat(completed.get("status").asString()).as(completed.toString()).isEqualTo("completed");

        String everyGroup = "fluids,specs,tires,maintenance_schedule,parts,labor,image,service_history";
        HttpResponse<String> whole = await().atMost(ENRICHED)
                .until(
                        () -> get("/api/v1/vehicle?vin=" + vin + "&include=" + everyGroup, ownKey),
                        reply -> reply.statusCode() == 200);
        JsonNode answer = JSON.readTree(whole.body());
        assertThat(whole.headers().firstValue("Cache-Control"))
                .as("holding missing groups, which a later import may fill in")
                .hasValue("private, max-age=60");

        JsonNode vehicle = answer.get("vehicle");
        assertThat(vehicle.get("config_key").asString())
                .isEqualTo(completed.get("config_key").asString());
        assertThat(vehicle.get("engine_code").asString()).isEqualTo(engineCode);
        assertThat(vehicle.at("/source/kind").asString()).isEqualTo("vpic");
        assertThat(answer.get("specs").isEmpty()).as(answer.toString()).isFalse();
        assertThat(vehicle.at("/coverage/specs/status").asString()).isEqualTo("recorded");
        assertThat(vehicle.at("/coverage/specs/source/kind").asString()).isEqualTo("vpic");
        for (String group : everyGroup.split(",")) {
            assertThat(answer.has(group)).as("%s in %s", group, answer).isTrue();
            if (!group.equals("specs")) {
                assertThat(vehicle.at("/coverage/" + group + "/status").asString())
                        .as(group)
                        .isEqualTo("missing");
            }
            assertThat(answer.at("/coverage/" + group))
                    .as("%s's coverage beside it", group)
                    .isEqualTo(vehicle.at("/coverage/" + group));
        }
        HttpResponse<String> maintenance = get("/api/v0/maintenance?vin=" + vin + "&mileage=30000", ownKey);
        assertThat(maintenance.statusCode()).as(maintenance.body()).isEqualTo(200);
        JsonNode due = JSON.readTree(maintenance.body());
        assertThat(due.get("status").asString())
                .as("no schedule is recorded: what is due is not known")
                .isEqualTo("unknown");
        assertThat(due.get("services")).isEmpty();
    }

    /** Polls until the job has ended, as a client would; a job never stays in flight for ever. */
    private static JsonNode awaitEnded(String poll) {
        return awaitEnded(poll, key);
    }

    private static JsonNode awaitEnded(String poll, String key) {
        return await().atMost(ENRICHED)
                .pollInterval(Duration.ofMillis(100))
                .until(
                        () -> {
                            HttpResponse<String> status = get(poll, key);
                            assertThat(status.statusCode()).as(status.body()).isEqualTo(200);
                            return JSON.readTree(status.body());
                        },
                        job -> Set.of("completed", "failed")
                                .contains(job.get("status").asString()));
    }

    /** A vendor answer: the reference vendor's configuration for this VIN, its history replaced as asked. */
    private static ObjectNode vendorDocument(String configKey, String vin, boolean plantPersonalData)
            throws IOException {
        JsonNode reference;
        try (InputStream in =
                EnrichmentEndToEndIT.class.getResourceAsStream("/catalog/reference-vendor/catalog.json")) {
            reference = JSON.readTree(in);
        }
        ObjectNode configuration = null;
        for (JsonNode candidate : reference.get("configurations")) {
            if (candidate.get("vins").toString().contains(vin)) {
                configuration = (ObjectNode) candidate.deepCopy();
            }
        }
        assertThat(configuration)
                .as("the reference vendor knows " + vin + " (" + configKey + ")")
                .isNotNull();
        ObjectNode document = JSON.createObjectNode();
        document.put("format", reference.get("format").asString());
        document.putArray("configurations").add(configuration);
        configuration.remove("service_history");
        if (plantPersonalData) {
            ArrayNode visits = configuration.putObject("service_history").putArray(vin);
            visits.addObject()
                    .put("performed_on", "2023-04-18")
                    .put("odometer_miles", 5021)
                    .put("odometer_km", 8080)
                    .put("performed_by", "dealer")
                    .put("customer_name", "Margarethe Vollrath")
                    .put("phone", "+1 312 0148227")
                    .put("email", "m.vollrath@example.net")
                    .put("plate", "7XQZ914")
                    .put("address", "4417 Quillfeather Lane, Springfield")
                    .put("technician_notes", "Customer left her keys at the desk")
                    .putArray("services")
                    .add("engine_oil_change")
                    .add("call Mrs Vollrath at 0148227");
            visits.addObject()
                    .put("performed_on", "2024-05-02")
                    .put("odometer_miles", 15230)
                    .put("performed_by", "Quillfeather Motors")
                    .putArray("services")
                    .add("tire_rotation");
            visits.addObject()
                    .put("performed_on", "2025-03-30")
                    .put("odometer_miles", 24102)
                    .put("performed_by", "independent")
                    .putArray("services")
                    .add("cabin_air_filter");
        }
        return document;
    }

    /**
     * The vendor's answer by identity: the reference RAV4's groups (sample data) under {@code identity},
     * without VINs or histories as the contract asks, and without specifications, so vPIC's show.
     */
    private static ObjectNode identityDocument(CatalogIdentity identity) throws IOException {
        ObjectNode document = vendorDocument(RAV4_CONFIG, RAV4_VIN, false);
        ObjectNode configuration = (ObjectNode) document.get("configurations").get(0);
        configuration
                .put("year", identity.year())
                .put("make", identity.make())
                .put("model", identity.model())
                .put("trim", identity.trim())
                .put("engine_code", identity.engineCode())
                .put("label", identity.label() + " (sample vendor data)");
        if (identity.drivetrain() == null) {
            configuration.remove("drivetrain");
        } else {
            configuration.put("drivetrain", identity.drivetrain());
        }
        configuration.remove(List.of("vins", "service_history", "specs"));
        return document;
    }

    /** NHTSA's vPIC as the stack installed it, to know what the service decodes a VIN as. */
    private static VinDecoder decoder() throws SQLException {
        try (Connection connection = stack.dataSource().getConnection()) {
            return new VinDecoder(VpicTables.load(connection, VpicTables.SCHEMA), Clock.systemUTC());
        }
    }

    private static int eventStoreRowsContaining(String text) {
        return db().fetchCount(
                        DSL.table("events.domainevententry"),
                        DSL.condition(
                                "position({0} in convert_from(payload, 'UTF8') || coalesce(convert_from(metadata, 'UTF8'), '')) > 0",
                                DSL.val(text)));
    }

    /** Every record of the event topic, as text. */
    private static String topicText() {
        StringBuilder text = new StringBuilder();
        try (KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(
                Map.of(
                        ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
                        stack.kafkaBootstrapServers(),
                        ConsumerConfig.GROUP_ID_CONFIG,
                        "personal-data-check-" + UUID.randomUUID(),
                        ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG,
                        false),
                new ByteArrayDeserializer(),
                new ByteArrayDeserializer())) {
            List<TopicPartition> partitions = consumer.partitionsFor(stack.topic()).stream()
                    .map(info -> new TopicPartition(info.topic(), info.partition()))
                    .toList();
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            Map<TopicPartition, Long> ends = consumer.endOffsets(partitions);
            while (partitions.stream().anyMatch(partition -> consumer.position(partition) < ends.get(partition))) {
                for (ConsumerRecord<byte[], byte[]> record : consumer.poll(Duration.ofMillis(500))) {
                    text.append(new String(record.value(), StandardCharsets.UTF_8))
                            .append('\n');
                }
            }
        }
        return text.toString();
    }

    /** Every row of every table of the read schema, as text. */
    private static String readTablesText() {
        List<String> rows = new ArrayList<>();
        for (String table : db().fetch("SELECT table_name FROM information_schema.tables "
                        + "WHERE table_schema = 'read' AND table_type = 'BASE TABLE'")
                .getValues(0, String.class)) {
            rows.addAll(db().fetch("SELECT t::text FROM read." + table + " t").getValues(0, String.class));
        }
        return String.join("\n", rows);
    }

    private static DSLContext db() {
        return DSL.using(stack.dataSource(), SQLDialect.POSTGRES);
    }

    private static HttpResponse<String> get(String pathAndQuery) throws IOException, InterruptedException {
        return get(pathAndQuery, key);
    }

    private static HttpResponse<String> get(String pathAndQuery, String key) throws IOException, InterruptedException {
        return http.send(
                HttpRequest.newBuilder(URI.create(stack.url(Deployable.GATEWAY) + pathAndQuery))
                        .header("Authorization", "Bearer " + key)
                        .timeout(Duration.ofSeconds(10))
                        .GET()
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private static HttpResponse<String> post(String path, String json) throws IOException, InterruptedException {
        return post(path, json, key);
    }

    private static HttpResponse<String> post(String path, String json, String key)
            throws IOException, InterruptedException {
        return http.send(
                HttpRequest.newBuilder(URI.create(stack.url(Deployable.GATEWAY) + path))
                        .header("Authorization", "Bearer " + key)
                        .header("Content-Type", "application/json")
                        .timeout(Duration.ofSeconds(10))
                        .POST(HttpRequest.BodyPublishers.ofString(json))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }
}
