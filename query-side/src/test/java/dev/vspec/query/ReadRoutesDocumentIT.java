package dev.vspec.query;

import static dev.vspec.storage.jooq.read.Tables.CONFIGURATION;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.vspec.access.ApiKeyStore;
import dev.vspec.access.NewKey;
import dev.vspec.contracts.access.Plan;
import dev.vspec.contracts.access.Scope;
import dev.vspec.contracts.catalog.LaborTime;
import dev.vspec.contracts.enrichment.EnrichmentCompleted;
import dev.vspec.contracts.enrichment.EnrichmentJobId;
import dev.vspec.contracts.enrichment.EnrichmentScheduled;
import dev.vspec.contracts.enrichment.EnrichmentStep;
import dev.vspec.contracts.enrichment.EnrichmentStepCompleted;
import dev.vspec.contracts.identity.VehicleIdentifier;
import dev.vspec.contracts.identity.Vin;
import dev.vspec.decoding.DecoderSource;
import dev.vspec.events.kafka.EventTopicProperties;
import dev.vspec.query.enrichment.StoredJobs;
import dev.vspec.readmodel.GroupDocument;
import dev.vspec.readmodel.LaborView;
import dev.vspec.testing.Api;
import dev.vspec.testing.Api.Reply;
import dev.vspec.testing.ApiDocument;
import dev.vspec.testing.ApiDocument.Example;
import dev.vspec.testing.ApiDocument.Operation;
import dev.vspec.testing.ApiDocument.Side;
import dev.vspec.testing.DocumentedHandlers;
import dev.vspec.testing.TestKeys;
import dev.vspec.testing.database.TestDatabase;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import org.assertj.core.api.SoftAssertions;
import org.assertj.core.api.junit.jupiter.InjectSoftAssertions;
import org.assertj.core.api.junit.jupiter.SoftAssertionsExtension;
import org.jooq.DSLContext;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping;
import tools.jackson.databind.JsonNode;

/**
 * The query side against the API's document: it maps exactly the document's reads, each handler reads exactly
 * the parameters its operation lists and needs the key and scope it declares, and every example of every read
 * is what the running service answers (the status, an error's code, message and param, a success's fields, the
 * answer against the schema), including the key's refusals, the 304s and the 503s of a deployment without vPIC
 * data. The document's own rules are ApiDocumentTest's (testing).
 */
@QuerySideIT
@ExtendWith(SoftAssertionsExtension.class)
class ReadRoutesDocumentIT {

    private static final ApiDocument DOCUMENT = ApiDocument.bundle();
    private static final List<Operation> READS = DOCUMENT.operationsOf(Side.QUERY);
    /** What the access filter answers before any handler runs: replayed on every operation by its own test. */
    private static final Set<String> KEY_REFUSALS =
            Set.of("invalid_api_key", "insufficient_scope", "rate_limited", "read_quota_exceeded");
    /**
     * A configuration of the sample catalog without a cached render, for the no_image example, with its labor
     * operations, which the not_found.operation example lists.
     */
    private static final String CAMRY_XSE = "2020-toyota-camry-xse-2gr-fks-fwd";

    private static final List<String> CAMRY_XSE_OPERATIONS = List.of(
            "engine_oil_change",
            "tire_rotation",
            "engine_air_filter",
            "cabin_air_filter",
            "spark_plugs",
            "brake_pads_front",
            "transmission_fluid_change",
            "coolant_replacement",
            "brake_fluid_replacement");
    /** A published 2023 Hyundai Kona VIN that only vPIC knows: the examples of what the catalog does not hold. */
    private static final String KONA_VIN = "KM8K2CAB4PU001140";
    /** The enrichment job of the GET /v0/enrich example, a VIN of the reference vendor's catalog. */
    private static final String RAV4_VIN = "2T3P1RFV2NW131842";

    private static final String RAV4_XLE = "2022-toyota-rav4-xle-a25a-fks-awd";
    /** Client addresses (of the benchmarking range) no other test uses. */
    private static final AtomicInteger ADDRESSES = new AtomicInteger();

    /** Every mismatch of every example at once, rather than the first. */
    @InjectSoftAssertions
    SoftAssertions softly;

    @LocalServerPort
    int port;

    @Autowired
    DSLContext db;

    @Autowired
    @Qualifier("requestMappingHandlerMapping")
    RequestMappingHandlerMapping mappings;

    @Autowired
    DecoderSource decoders;

    Api api;

    @BeforeEach
    void seed() {
        // the examples decode VINs: the decoder loads the installed vPIC release in the background
        await().atMost(Duration.ofMinutes(1)).until(() -> decoders.state() == DecoderSource.State.READY);
        ReadModelSeed.seedGroups(db);
        ReadModelSeed.seedDecodeMatches(db);
        ReadModelSeed.seedRecalls(db);
        ReadModelSeed.enrichedFromVpicAlone(
                db, decoders.require().decode(Vin.parse(KONA_VIN)), Instant.parse("2026-11-21T09:20:14.512Z"));
        db.insertInto(CONFIGURATION)
                .set(CONFIGURATION.CONFIG_KEY, CAMRY_XSE)
                .set(CONFIGURATION.YEAR, 2020)
                .set(CONFIGURATION.MAKE, "Toyota")
                .set(CONFIGURATION.MODEL, "Camry")
                .set(CONFIGURATION.TRIM, "XSE")
                .set(CONFIGURATION.ENGINE_CODE, "2GR-FKS")
                .set(CONFIGURATION.DRIVETRAIN, "FWD")
                .set(CONFIGURATION.LABEL, "2020 Toyota Camry XSE 3.5L V6 8AT")
                .set(CONFIGURATION.MAKE_MATCH, VehicleIdentifier.normalize("Toyota"))
                .set(CONFIGURATION.MODEL_MATCH, VehicleIdentifier.normalize("Camry"))
                .set(CONFIGURATION.TRIM_MATCH, VehicleIdentifier.normalize("XSE"))
                .onConflictDoNothing()
                .execute();
        GroupDocument.LABOR.write(
                db,
                CAMRY_XSE,
                LaborView.of(CAMRY_XSE_OPERATIONS.stream()
                        .map(operation -> new LaborTime(operation, operation.replace('_', ' '), BigDecimal.ONE))
                        .toList()),
                ReadModelSeed.SEEDED);
        String key = TestKeys.fullAccess(db);
        enrichmentJobOf(new ApiKeyStore(db).find(key).id());
        api = new Api(port, key);
    }

    /**
     * The completed job the GET /v0/enrich example shows, scheduled for {@code keyId}, in the event store, with
     * the steps' details as EnrichmentProcess writes them for this VIN (WriteRoutesDocumentIT's webhook example
     * shows the same from a real enrichment).
     */
    private void enrichmentJobOf(long keyId) {
        String job = EnrichmentJobId.first(Vin.parse(RAV4_VIN)).value();
        Instant at = Instant.parse("2026-11-21T09:14:02.318Z");
        StoredJobs.store(
                db,
                job,
                0,
                new EnrichmentScheduled(job, RAV4_VIN, keyId, at),
                new EnrichmentStepCompleted(
                        job,
                        EnrichmentStep.DECODED,
                        "2022 Toyota RAV4 XLE A25A-FKS by vPIC 2026-02-17 (f9b3118a3d3f)",
                        at.plusMillis(89)),
                new EnrichmentStepCompleted(
                        job,
                        EnrichmentStep.FOUND_UPSTREAM,
                        "the catalog vendor knows it as " + RAV4_XLE,
                        at.plusMillis(194)),
                new EnrichmentStepCompleted(
                        job, EnrichmentStep.CATALOG_RECORDED, "18 catalog commands", at.plusMillis(663)),
                new EnrichmentStepCompleted(
                        job, EnrichmentStep.VIN_LINKED, RAV4_VIN + " is " + RAV4_XLE, at.plusMillis(695)),
                new EnrichmentCompleted(job, RAV4_VIN, RAV4_XLE, at.plusMillis(734)));
        StoredJobs.project(db, RAV4_VIN, RAV4_XLE);
        // its completion on the topic, as the relay records it; no projection has anything left to apply
        StoredJobs.published(db, job, EventTopicProperties.DEFAULT_TOPIC, Map.of(0, 0L));
    }

    @Test
    void theHandlersMapExactlyTheReadsOfTheDocument() {
        assertThat(READS).extracting(Operation::route).contains("GET /v1/fluids", "GET /v1/status", "GET /v0/enrich");
        DocumentedHandlers.assertRoutes(mappings, READS);
    }

    @Test
    void everyHandlerReadsExactlyTheParametersItsOperationLists() {
        READS.forEach(operation -> operation.examples().forEach(example -> api.get(example.asked())));

        DocumentedHandlers.assertParametersRead(READS);
    }

    /** Infra's access filter asks what the handler declares (AccessIT tests the filter); the document says the same. */
    @Test
    void everyOperationNeedsTheKeyAndScopeItsHandlerDeclares() {
        DocumentedHandlers.assertKeysAndScopes(mappings, READS);
    }

    @Test
    void everySuccessExampleHasTheShapeOfTheRealAnswer() {
        List<String> replayed = new ArrayList<>();
        for (Example example : examples(example -> example.success() && example.json())) {
            JsonNode answer = replay(example, api).ok();
            assertThat(DOCUMENT.schemas().violations(example.schema(), example.value()))
                    .as("%s against its schema", example)
                    .isEmpty();
            assertThat(DOCUMENT.schemas().violations(example.schema(), answer))
                    .as("the answer to %s against the schema", example)
                    .isEmpty();
            Set<String> described = SchemaFields.of(DOCUMENT, example.schema());
            Set<String> shown = SchemaFields.asDescribed(ApiDocument.fields(example.value()), described);
            assertThat(shown)
                    .as("fields of %s", example)
                    .containsAll(SchemaFields.asDescribed(ApiDocument.fields(answer), described));
            assertThat(described).as("schema of %s", example).containsAll(shown);
            replayed.add(example.toString());
        }
        assertThat(replayed)
                .contains(
                        "GET /v1/decode 200 sample",
                        "GET /v1/decode 200 partial_vin",
                        "GET /v1/decode/batch 200 sample",
                        "GET /v1/wmi/{wmi} 200 sample");
    }

    @Test
    void theRenderIsItsBytes() {
        Example render = examples(example -> !example.json()).get(0);

        assertThat(render.operation().id()).isEqualTo("getVehicleImage");
        Reply reply = replay(render, api);
        assertThat(reply.header("Content-Type")).isEqualTo(ReadModelSeed.CIVIC_LX_IMAGE_TYPE);
        assertThat(reply.text().strip()).isEqualTo(render.value().asString());
    }

    @Test
    void everyErrorExampleIsWhatItsRouteAnswers() {
        List<String> replayed = new ArrayList<>();
        for (Example example : examples(example ->
                !example.success() && !example.status().equals("503") && !KEY_REFUSALS.contains(example.error()))) {
            assertError(example, replay(example, api));
            replayed.add(example.toString());
        }
        assertThat(replayed).contains("GET /v1/fluids 409 multiple_matches", "GET /v0/vehicle-image 404 no_image");
    }

    /** 401 without a key, 403 to a key without the scope, 429 to a key whose minute or month is spent. */
    @Test
    void everyRefusalOfTheKeyIsWhatItsRouteAnswers() {
        List<String> replayed = new ArrayList<>();
        for (Example example : examples(example -> KEY_REFUSALS.contains(example.error()))) {
            Api caller = callerRefused(example);
            Reply reply = example.status().equals("429")
                    ? await().atMost(Duration.ofSeconds(30))
                            .until(() -> replay(example, caller), answer -> answer.status() == 429)
                    : replay(example, caller);
            assertError(example, reply);
            replayed.add(example.operation().id() + " " + example.error());
        }
        for (Operation operation : READS) {
            if (operation.node().has("x-required-scope")) {
                assertThat(replayed)
                        .as("the key's refusals of %s", operation)
                        .contains(
                                operation.id() + " invalid_api_key",
                                operation.id() + " insufficient_scope",
                                operation.id() + " rate_limited",
                                operation.id() + " read_quota_exceeded");
            }
        }
    }

    /** The validators of an answer: its ETag in If-None-Match, its Last-Modified in If-Modified-Since. */
    @Test
    void everyCachedAnswerIsNotModifiedForItsValidators() {
        List<String> replayed = new ArrayList<>();
        for (Operation operation : READS) {
            if (!operation.node().path("responses").has("304")) {
                continue;
            }
            Example sample = successOf(operation);
            Reply first = replay(sample, api);
            assertThat(first.status()).as("%s", sample).isEqualTo(200);
            assertThat(api.getWith(sample.asked(), "If-None-Match", first.header("ETag"))
                            .status())
                    .as("%s with its ETag", operation)
                    .isEqualTo(304);
            if (operation.parameters("header").contains("If-Modified-Since")) {
                // a vehicle of the test data whose every fact has a known time, by a mode the route takes
                String dated = ApiDocument.API
                        + operation.path()
                        + (operation.parameters("query").contains("config_key")
                                ? "?config_key=" + ReadModelSeed.CIVIC_LX
                                : "?vin=" + ReadModelSeed.CIVIC_LX_VIN);
                String lastModified = api.get(dated).header("Last-Modified");
                assertThat(lastModified).as("Last-Modified of %s", dated).isNotNull();
                assertThat(api.getWith(dated, "If-Modified-Since", lastModified).status())
                        .as("%s with its Last-Modified", operation)
                        .isEqualTo(304);
            }
            replayed.add(operation.route());
        }
        assertThat(replayed).contains("GET /v1/fluids", "GET /v0/vehicle-image", "GET /v1/status");
    }

    /**
     * The 503 examples, replayed against a query side over a database without vPIC data, as a deployment is
     * before {@code vspec vpic install}: the decoding routes, and a VIN the catalog does not link on any route,
     * answer them word for word.
     */
    @Test
    void everyUnavailableExampleIsWhatAQuerySideWithoutVpicDataAnswers() {
        TestDatabase bare = TestDatabase.create("vspec_no_vpic");
        ConfigurableApplicationContext withoutVpic = null;
        try {
            withoutVpic = QuerySideApplication.application()
                    .run(
                            "--server.port=0",
                            "--spring.datasource.url=" + bare.url(),
                            "--spring.datasource.username=" + bare.user(),
                            "--spring.datasource.password=" + bare.password());
            DecoderSource unloaded = withoutVpic.getBean(DecoderSource.class);
            await().atMost(Duration.ofMinutes(1)).until(() -> unloaded.state() == DecoderSource.State.NOT_INSTALLED);
            Api unavailable = new Api(
                    ((WebServerApplicationContext) withoutVpic).getWebServer().getPort(),
                    TestKeys.fullAccess(withoutVpic.getBean(DSLContext.class)));

            List<String> replayed = new ArrayList<>();
            for (Example example : examples(example -> example.status().equals("503"))) {
                Reply reply = replay(example, unavailable);
                assertError(example, reply);
                assertThat(reply.header("Retry-After")).as("%s", example).isEqualTo("5");
                replayed.add(example.operation().path());
            }
            assertThat(replayed)
                    .contains("/v1/decode", "/v1/decode/batch", "/v1/wmi/{wmi}", "/v1/fluids", "/v0/service-history");
        } finally {
            if (withoutVpic != null) {
                withoutVpic.close();
            }
            bare.drop();
        }
    }

    // --- replaying ----------------------------------------------------------------------------------------------

    /**
     * Sends what the example asks with a request id of its own, which the answer must repeat, from a client address
     * of its own (behind the gateway, which names it), so that the refusals of absent keys hold off no other request.
     */
    private static Reply replay(Example example, Api caller) {
        String requestId = UUID.randomUUID().toString();
        String address = "198.18.0." + (1 + ADDRESSES.getAndIncrement() % 250);
        Reply reply = caller.getWith(example.asked(), "X-Request-Id", requestId, "X-Forwarded-For", address);
        assertThat(reply.header("X-Request-Id"))
                .as("the request id of the answer to %s", example)
                .isEqualTo(requestId);
        return reply;
    }

    private void assertError(Example example, Reply reply) {
        JsonNode expected = example.value();
        JsonNode answer = reply.error(Integer.parseInt(example.status()), example.error());
        softly.assertThat(ApiDocument.sameMessage(
                        expected.path("message").asString(),
                        answer.path("message").asString()))
                .as("the message of %s: %s", example, answer.path("message").asString())
                .isTrue();
        softly.assertThat(answer.propertyNames())
                .as("fields of the answer to %s", example)
                .containsExactlyInAnyOrderElementsOf(expected.propertyNames());
        softly.assertThat(answer.path("param"))
                .as("param of the answer to %s", example)
                .isEqualTo(expected.path("param"));
        softly.assertThat(answer.path("request_id").asString()).isEqualTo(reply.header("X-Request-Id"));
        softly.assertThat(DOCUMENT.schemas().violations(example.schema(), expected))
                .as("%s against its schema", example)
                .isEmpty();
        softly.assertThat(DOCUMENT.schemas().violations(example.schema(), answer))
                .as("the answer to %s against its schema", example)
                .isEmpty();
        example.operation().responses().stream()
                .filter(response -> response.status().equals(example.status()))
                .flatMap(response -> response.node().path("headers").propertyNames().stream())
                .forEach(header -> {
                    if (header.startsWith("X-RateLimit-") || header.equals("Retry-After")) {
                        softly.assertThat(reply.header(header))
                                .as("%s of %s", header, example)
                                .matches("[0-9]+");
                    }
                });
    }

    /** A client the example's refusal is for: no key, a key without the scope, or one whose minute or month is spent. */
    private Api callerRefused(Example example) {
        Scope scope = Scope.parse(
                        example.operation().node().path("x-required-scope").asString())
                .orElseThrow();
        ApiKeyStore keys = new ApiKeyStore(db);
        return switch (example.error()) {
            case "invalid_api_key" -> new Api(port);
            case "insufficient_scope" -> {
                Set<Scope> others = EnumSet.complementOf(EnumSet.of(scope));
                yield new Api(
                        port,
                        keys.issue(new NewKey("read routes document", Plan.ENTERPRISE, others, 1_000L, 1_000L, null))
                                .key());
            }
            case "rate_limited" ->
                new Api(
                        port,
                        keys.issue(new NewKey("read routes document", Plan.ENTERPRISE, null, 1L, 1_000L, null))
                                .key());
            default -> {
                // a key of one read a month, spent on a listing, unless the example asks for more reads than one at
                // once (a batch's VINs), which it refuses as they are
                Api spent = new Api(
                        port,
                        keys.issue(new NewKey("read routes document", Plan.ENTERPRISE, null, 1_000L, 1L, null))
                                .key());
                if (!example.node().has("x-query")) {
                    await().atMost(Duration.ofSeconds(30))
                            .until(() -> spent.get("/api/v1/years").status() == 429);
                }
                yield spent;
            }
        };
    }

    private static Example successOf(Operation operation) {
        return operation.examples().stream()
                .filter(example -> example.status().equals("200"))
                .findFirst()
                .orElseThrow(() -> new AssertionError(operation + " has no 200 example"));
    }

    private static List<Example> examples(java.util.function.Predicate<Example> which) {
        return READS.stream()
                .flatMap(operation -> operation.examples().stream())
                .filter(which)
                .toList();
    }

    private static Operation operation(String path) {
        return READS.stream()
                .filter(operation -> operation.path().equals(path))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no read of " + path + " in the document"));
    }

    /** The field paths a schema describes, as {@link ApiDocument#fields} names a value's. */
    static final class SchemaFields {

        private SchemaFields() {}

        /** A map's keys (a schema's additionalProperties, such as a partial decode's elements) count as one field, {@code *}. */
        static Set<String> of(ApiDocument document, JsonNode schema) {
            return of(document, schema, "", new TreeSet<>());
        }

        private static Set<String> of(ApiDocument document, JsonNode schema, String at, Set<String> paths) {
            JsonNode resolved = document.resolve(schema);
            resolved.path("properties").propertyNames().forEach(name -> {
                String path = at.isEmpty() ? name : at + "." + name;
                paths.add(path);
                of(document, resolved.path("properties").path(name), path, paths);
            });
            if (resolved.has("items")) {
                of(document, resolved.path("items"), at + "[]", paths);
            }
            if (resolved.path("additionalProperties").isObject()) {
                String keys = at.isEmpty() ? "*" : at + ".*";
                paths.add(keys);
                of(document, resolved.path("additionalProperties"), keys, paths);
            }
            for (String alternatives : List.of("oneOf", "anyOf", "allOf")) {
                resolved.path(alternatives).forEach(alternative -> of(document, alternative, at, paths));
            }
            return paths;
        }

        /** Field paths as the schema names them: a key of a map the schema describes (a {@code *} there) as {@code *}. */
        static Set<String> asDescribed(Set<String> fields, Set<String> described) {
            Set<String> named = new TreeSet<>();
            for (String field : fields) {
                String at = "";
                for (String segment : field.split("\\.")) {
                    String name = segment.replaceAll("(\\[])+$", "");
                    String exact = at.isEmpty() ? segment : at + "." + segment;
                    String any = (at.isEmpty() ? "" : at + ".") + "*" + segment.substring(name.length());
                    at = !described.contains(exact) && described.contains(any) ? any : exact;
                }
                named.add(at);
            }
            return named;
        }
    }
}
