package dev.vspec.command.web;

import static dev.vspec.storage.jooq.access.Tables.IDEMPOTENT_ANSWER;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.vspec.access.ApiKeyStore;
import dev.vspec.access.IssuedKey;
import dev.vspec.access.NewKey;
import dev.vspec.command.CommandSideApplication;
import dev.vspec.command.CommandSideIntegrationTest;
import dev.vspec.command.TestVins;
import dev.vspec.command.webhooks.WebhookReceiver;
import dev.vspec.contracts.WriteRoute;
import dev.vspec.contracts.access.Plan;
import dev.vspec.contracts.enrichment.ScheduleEnrichment;
import dev.vspec.decoding.DecoderSource;
import dev.vspec.testing.Api;
import dev.vspec.testing.ApiDocument;
import dev.vspec.testing.ApiDocument.Example;
import dev.vspec.testing.ApiDocument.Operation;
import dev.vspec.testing.ApiDocument.Side;
import dev.vspec.testing.DecoderReady;
import dev.vspec.testing.DocumentedHandlers;
import dev.vspec.testing.database.TestDatabase;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.axonframework.eventhandling.EventMessage;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.jooq.DSLContext;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.kafka.test.EmbeddedKafkaBroker;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The command side against the API's document: it maps exactly the document's writes (and a key's webhooks),
 * each handler reads exactly the parameters its operation lists and needs the key and scope it declares, and
 * every example is replayed against the running command side: the status, an error's code and message, a
 * success's field paths, and the real answer against the schema. Examples that need a state (a replayed
 * Idempotency-Key, a spent quota, a webhook that was delivered to) are arranged first; the 403
 * {@code write_disabled} examples are replayed against a command side of its own without keys. The document's
 * own rules are ApiDocumentTest's (testing).
 */
@CommandSideIntegrationTest
class WriteRoutesDocumentIT {

    private static final Logger log = LoggerFactory.getLogger(WriteRoutesDocumentIT.class);
    private static final String API = ApiDocument.API;

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final HttpClient CLIENT =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private static final ApiDocument DOCUMENT = ApiDocument.bundle();
    private static final List<Operation> WRITES = DOCUMENT.operationsOf(Side.COMMAND);

    /** The error codes whose answer depends on the key or the deployment, not on the request. */
    private static final Set<String> KEY_ANSWERS = Set.of("invalid_api_key", "rate_limited", "read_quota_exceeded");
    /** A VIN of the reference vendor's catalog, which the 200 examples show held. */
    private static final String HELD_VIN = "2T3P1RFV2NW131842";

    private static final Duration PROCESSED = Duration.ofSeconds(60);
    /** Client addresses (TEST-NET-2) no other test uses, one per replay of a route that limits by address. */
    private static final AtomicInteger ADDRESSES = new AtomicInteger();

    private static WebhookReceiver receiver;

    @LocalServerPort
    int port;

    @Autowired
    DSLContext db;

    @Autowired
    @Qualifier("requestMappingHandlerMapping")
    RequestMappingHandlerMapping handlers;

    @Autowired
    EventStore events;

    @Autowired
    CommandGateway commands;

    @Autowired
    DecoderSource decoders;

    @Autowired
    EmbeddedKafkaBroker broker;

    @BeforeAll
    static void startReceiver() throws IOException {
        receiver = new WebhookReceiver();
    }

    @AfterAll
    static void stopReceiver() {
        receiver.close();
    }

    /** Enrichment decodes: the decoder loads the installed vPIC release in the background once the context is up. */
    @BeforeEach
    void decoderReady() {
        DecoderReady.await(decoders);
    }

    @Test
    void theHandlersMapExactlyTheWritesOfTheDocument() {
        Set<String> declared = Arrays.stream(WriteRoute.values())
                .flatMap(route -> route.commandSideMethods().stream()
                        .map(method -> method + " " + route.path().substring(API.length())))
                .collect(Collectors.toCollection(TreeSet::new));

        assertThat(WRITES.stream().map(Operation::route)).containsExactlyInAnyOrderElementsOf(declared);
        DocumentedHandlers.assertRoutes(handlers, WRITES);
    }

    /** Infra's access filter asks what the handler declares (its own tests show it does); the document says the same. */
    @Test
    void everyOperationNeedsTheKeyAndScopeItsHandlerDeclares() {
        DocumentedHandlers.assertKeysAndScopes(handlers, WRITES);
    }

    @Test
    void everyExampleIsWhatTheCommandSideAnswersWithTheParametersItsHandlerReads() {
        List<String> replayed = new ArrayList<>();
        for (Example example : examples()) {
            if (example.error().equals("write_disabled")) {
                continue; // everyWriteDisabledExampleIsWhatACommandSideWithoutKeysAnswers
            }
            log.info("Replaying {}", example);
            Caller caller = callerFor(example);
            arrange(example, caller);
            Api.Reply reply =
                    KEY_ANSWERS.contains(example.error()) && !example.error().equals("invalid_api_key")
                            ? await().atMost(Duration.ofSeconds(30))
                                    .until(() -> send(example, caller), answer -> answer.status() == 429)
                            : send(example, caller);
            assertAnswers(example, reply);
            replayed.add(example.toString());
        }
        for (Operation operation : WRITES) {
            if (operation.node().path("responses").has("204")) {
                replayed.add(operation + " 204 " + deletes(operation));
            }
        }
        log.info("Replayed {} examples: {}", replayed.size(), replayed);
        DocumentedHandlers.assertParametersRead(WRITES);
        assertThat(replayed)
                .contains(
                        "POST /v0/enrich 202 scheduled",
                        "POST /v0/enrich 200 replayed",
                        "POST /v0/enrich 429 quota_exceeded",
                        "POST /request-access 201 form",
                        "GET /v0/webhooks/deliveries 200 page",
                        "DELETE /v0/webhooks/{id} 204 deleted");
    }

    /**
     * What a webhook receives, as the {@code enrichmentJobEnded} examples show it: a completion and a failure of
     * jobs of a key with a webhook, caught by a receiver on loopback, with the same fields as their example.
     */
    @Test
    void theWebhookPayloadExamplesHaveTheFieldsOfWhatAWebhookReceives() throws GeneralSecurityException {
        IssuedKey key = issue(Plan.PRO);
        String path = "/payloads/" + key.record().id();
        String secret = new Api(port, key.key())
                .post(API + "/v0/webhooks", "application/json", "{\"url\": \"" + receiver.url(path) + "\"}")
                .json(201)
                .path("secret")
                .asString();
        String completed = nextJob(HELD_VIN);
        String failedVin = TestVins.next();
        String failed = "enr_" + failedVin + "_1";
        commands.sendAndWait(
                new ScheduleEnrichment(completed, HELD_VIN, key.record().id(), Instant.now()));
        commands.sendAndWait(
                new ScheduleEnrichment(failed, failedVin, key.record().id(), Instant.now()));

        await().atMost(PROCESSED).until(() -> receiver.received(path).size() >= 2);

        JsonNode webhook = DOCUMENT.json().at("/webhooks/enrichmentJobEnded/post");
        JsonNode json = webhook.at("/requestBody/content/application~1json");
        Map<String, JsonNode> byJob = new TreeMap<>();
        for (WebhookReceiver.Received request : receiver.received(path)) {
            String text = new String(request.body(), StandardCharsets.UTF_8);
            JsonNode body = Api.json(text);
            log.info("A webhook received {}", body);
            byJob.put(body.path("job_id").asString(), body);
            assertThat(request.header("Vspec-Event-Id"))
                    .isEqualTo(body.path("event_id").asString());
            Matcher signature =
                    Pattern.compile("t=([0-9]+),v1=([0-9a-f]{64})").matcher(request.header("Vspec-Signature"));
            assertThat(signature.matches())
                    .as("Vspec-Signature %s", request.header("Vspec-Signature"))
                    .isTrue();
            assertThat(signature.group(2))
                    .as("the signature the description tells receivers to recompute")
                    .isEqualTo(hmacSha256(secret, signature.group(1) + "." + text));
            for (JsonNode parameter : webhook.path("parameters")) {
                String value = request.header(parameter.path("name").asString());
                assertThat(value).as(parameter.path("name").asString()).isNotNull();
                assertThat(DOCUMENT.schemas()
                                .violations(
                                        parameter.path("schema"),
                                        JSON.getNodeFactory().stringNode(value)))
                        .as(parameter.path("name").asString())
                        .isEmpty();
            }
            assertThat(DOCUMENT.schemas().violations(json.path("schema"), body))
                    .as("the payload of %s", body.path("job_id"))
                    .isEmpty();
            JsonNode example = json.path("examples").path(body.path("type").asString());
            assertThat(example.isObject())
                    .as("an example of %s", body.path("type"))
                    .isTrue();
            assertThat(ApiDocument.fields(body))
                    .as("fields of the %s payload", body.path("type"))
                    .isEqualTo(ApiDocument.fields(example.path("value")));
        }
        assertThat(byJob).containsKeys(completed, failed);
        assertThat(byJob.get(completed).path("type").asString()).isEqualTo("enrichment.completed");
        assertThat(byJob.get(failed).path("type").asString()).isEqualTo("enrichment.failed");
    }

    /** The 403 {@code write_disabled} examples, replayed against a command side that admits requests without a key. */
    @Test
    void everyWriteDisabledExampleIsWhatACommandSideWithoutKeysAnswers() {
        List<Example> disabled = examples().stream()
                .filter(example -> example.error().equals("write_disabled"))
                .toList();
        assertThat(disabled)
                .extracting(example -> example.operation().toString())
                .containsExactlyInAnyOrderElementsOf(WRITES.stream()
                        .filter(operation -> operation.node().has("x-required-scope"))
                        .map(Operation::toString)
                        .toList());
        TestDatabase database = TestDatabase.create("vspec_test_keyless");
        try (ConfigurableApplicationContext keyless = CommandSideApplication.application()
                .run(
                        "--server.port=0",
                        "--spring.main.banner-mode=off",
                        "--vspec.access.enabled=false",
                        "--spring.datasource.url=" + database.url(),
                        "--spring.datasource.username=" + database.user(),
                        "--spring.datasource.password=" + database.password(),
                        "--spring.kafka.bootstrap-servers=" + broker.getBrokersAsString(),
                        "--vspec.events.topic=vspec.write-routes-keyless.v1",
                        "--vspec.events.partitions=1",
                        "--spring.datasource.hikari.maximum-pool-size=4")) {
            int keylessPort =
                    ((WebServerApplicationContext) keyless).getWebServer().getPort();
            for (Example example : disabled) {
                assertAnswers(example, send(example, new Caller(keylessPort, null, null)));
            }
        } finally {
            database.drop();
        }
    }

    // --- replaying -------------------------------------------------------------------------------------------

    /** Who sends an example: a client with the key it needs (none where the operation or the answer needs none). */
    private record Caller(int port, IssuedKey key, String address) {

        /** A client of the test's API helper with the caller's key, for what a test arranges. */
        Api api() {
            return key == null ? new Api(port) : new Api(port, key.key());
        }
    }

    private Caller callerFor(Example example) {
        String address = "198.51.100." + (1 + ADDRESSES.getAndIncrement() % 250);
        boolean keyless = example.operation().node().path("security").isEmpty()
                || example.error().equals("invalid_api_key");
        if (keyless) {
            return new Caller(port, null, address);
        }
        IssuedKey key = switch (example.error()) {
            case "insufficient_scope" -> issue(Plan.FREE);
            case "rate_limited" ->
                new ApiKeyStore(db)
                        .issue(new NewKey("write routes document", Plan.ENTERPRISE, null, 1L, 1_000_000L, null));
            case "read_quota_exceeded" ->
                new ApiKeyStore(db).issue(new NewKey("write routes document", Plan.ENTERPRISE, null, 1_000L, 1L, null));
            default -> issue(Plan.PRO);
        };
        return new Caller(port, key, address);
    }

    /** What an example's answer needs to have happened first. */
    private void arrange(Example example, Caller caller) {
        switch (example.id()) {
            case "scheduleEnrichment 200 held" -> held(HELD_VIN);
            case "scheduleEnrichment 200 replayed" -> {
                held(HELD_VIN);
                Api.Reply first = send(example, caller);
                assertThat(first.status()).isEqualTo(200);
                assertThat(first.header("Idempotent-Replayed")).isNull();
            }
            case "scheduleEnrichment 400 invalid_param.idempotency_key_reused" ->
                assertThat(caller.api()
                                .post(
                                        API + "/v0/enrich",
                                        "application/json",
                                        "{\"vin\": \"" + TestVins.next() + "\"}",
                                        "Idempotency-Key",
                                        example.node()
                                                .at("/x-request-headers/Idempotency-Key")
                                                .asString())
                                .status())
                        .isEqualTo(202);
            case "scheduleEnrichment 429 quota_exceeded" -> {
                for (int i = 0; i < 5; i++) {
                    caller.api()
                            .post(API + "/v0/enrich", "application/json", "{\"vin\": \"" + TestVins.next() + "\"}")
                            .json(202);
                }
            }
            case "scheduleEnrichment 503 service_unavailable.idempotency_key" ->
                db.insertInto(IDEMPOTENT_ANSWER)
                        .set(IDEMPOTENT_ANSWER.KEY_ID, caller.key().record().id())
                        .set(
                                IDEMPOTENT_ANSWER.IDEMPOTENCY_KEY,
                                example.node()
                                        .at("/x-request-headers/Idempotency-Key")
                                        .asString())
                        .set(IDEMPOTENT_ANSWER.ROUTE, "")
                        .set(IDEMPOTENT_ANSWER.FINGERPRINT, "")
                        .set(IDEMPOTENT_ANSWER.STATUS, (short) 0)
                        .set(IDEMPOTENT_ANSWER.BODY, "")
                        .execute();
            case "requestAccess 429 rate_limited" -> {
                for (int i = 0; i < 5; i++) {
                    assertThat(caller.api()
                                    .post(
                                            API + "/request-access",
                                            "application/json",
                                            JSON.writeValueAsString(
                                                    example.node().path("x-request-body")),
                                            "X-Forwarded-For",
                                            caller.address())
                                    .status())
                            .isEqualTo(201);
                }
            }
            case "registerWebhook 400 invalid_param.too_many" -> {
                for (int i = 0; i < 10; i++) {
                    register(caller, receiver.url("/many/" + i));
                }
            }
            case "listWebhooks 200 listed" -> register(caller, receiver.url("/listed"));
            case "listWebhookDeliveries 200 page" -> {
                register(
                        caller,
                        receiver.url("/delivered/" + caller.key().record().id()));
                String vin = TestVins.next();
                commands.sendAndWait(new ScheduleEnrichment(
                        "enr_" + vin + "_1", vin, caller.key().record().id(), Instant.now()));
                await().atMost(PROCESSED)
                        .until(() -> caller.api()
                                        .get(API + "/v0/webhooks/deliveries")
                                        .ok()
                                        .at("/deliveries/0/attempts")
                                        .size()
                                > 0);
            }
            default -> {
                // the request alone decides the answer
            }
        }
    }

    /**
     * Sends what the example names: its path, query, headers and body, from the caller (with its key in x-api-key,
     * if any). Waits up to 30 seconds, longer than a repeated Idempotency-Key waits for the first answer.
     */
    private static Api.Reply send(Example example, Caller caller) {
        JsonNode node = example.node();
        HttpRequest.Builder request = HttpRequest.newBuilder(
                        URI.create("http://127.0.0.1:" + caller.port() + example.asked()))
                .timeout(Duration.ofSeconds(30))
                .header("Accept", "application/json");
        node.path("x-request-headers").properties().forEach(header -> {
            if (header.getValue().isArray()) {
                header.getValue().forEach(value -> request.header(header.getKey(), value.asString()));
            } else {
                request.header(header.getKey(), header.getValue().asString());
            }
        });
        if (caller.key() != null) {
            request.header("x-api-key", caller.key().key());
        }
        if (caller.address() != null) {
            // behind the gateway, which names the client: each replay is a client of its own
            request.header("X-Forwarded-For", caller.address());
        }
        String method = example.operation().method().toUpperCase(Locale.ROOT);
        JsonNode body = node.path("x-request-body");
        if (!method.equals("POST")) {
            request.method(method, HttpRequest.BodyPublishers.noBody());
        } else if (node.has("x-request-content-type")) {
            request.header("Content-Type", node.path("x-request-content-type").asString())
                    .POST(HttpRequest.BodyPublishers.ofString(body.asString()));
        } else {
            request.header("Content-Type", "application/json")
                    .POST(
                            body.isMissingNode()
                                    ? HttpRequest.BodyPublishers.noBody()
                                    : HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body)));
        }
        try {
            HttpResponse<String> response = CLIENT.send(request.build(), HttpResponse.BodyHandlers.ofString());
            return new Api.Reply(response.statusCode(), response.headers(), response.body());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private void assertAnswers(Example example, Api.Reply reply) {
        JsonNode expected = example.value();
        if (!example.success()) {
            JsonNode answer = reply.error(Integer.parseInt(example.status()), example.error());
            String message = expected.path("message").asString();
            assertThat(ApiDocument.sameMessage(message, answer.path("message").asString()))
                    .as("the message of %s: %s", example, answer.path("message").asString())
                    .isTrue();
            assertThat(ApiDocument.fields(answer)).as("fields of %s", example).isEqualTo(ApiDocument.fields(expected));
            assertThat(answer.path("param")).as("param of %s", example).isEqualTo(expected.path("param"));
            assertThat(DOCUMENT.schemas().violations(example.schema(), answer))
                    .as("the answer to %s against its schema", example)
                    .isEmpty();
        } else {
            JsonNode answer = reply.json(Integer.parseInt(example.status()));
            assertThat(ApiDocument.fields(answer))
                    .as("fields of the answer to %s: %s", example, answer)
                    .isEqualTo(ApiDocument.fields(expected));
            assertThat(DOCUMENT.schemas().violations(example.schema(), answer))
                    .as("the answer to %s against its schema", example)
                    .isEmpty();
        }
        example.node()
                .path("x-response-headers")
                .properties()
                .forEach(header -> assertThat(reply.header(header.getKey()))
                        .as("%s of %s", header.getKey(), example)
                        .isEqualTo(header.getValue().asString()));
        DOCUMENT.resolve(example.operation().node().path("responses").path(example.status()))
                .path("headers")
                .propertyNames()
                .forEach(header -> {
                    if (header.startsWith("X-RateLimit-")
                            && example.operation().node().has("x-required-scope")
                            && !example.error().equals("write_disabled")
                            && !example.error().equals("service_unavailable")) {
                        assertThat(reply.header(header))
                                .as("%s of %s", header, example)
                                .matches("[0-9]+");
                    }
                    if (header.equals("Retry-After")) {
                        assertThat(reply.header(header))
                                .as("%s of %s", header, example)
                                .matches("[1-9][0-9]*");
                    }
                });
    }

    /** The DELETE of a webhook the key registered just before: 204 and nothing in the body. */
    private String deletes(Operation operation) {
        Caller caller = new Caller(port, issue(Plan.PRO), null);
        String id = register(caller, receiver.url("/deleted")).path("id").asString();
        Api.Reply reply = caller.api().sendWith("DELETE", API + operation.path().replace("{id}", id));
        assertThat(reply.status()).as("DELETE of %s: %s", id, reply.text()).isEqualTo(204);
        assertThat(reply.text()).isEmpty();
        assertThat(reply.requestId()).isNotBlank();
        assertThat(caller.api().get(API + "/v0/webhooks").ok().path("webhooks")).isEmpty();
        return "deleted";
    }

    private static JsonNode register(Caller caller, String url) {
        return caller.api()
                .post(API + "/v0/webhooks", "application/json", "{\"url\": \"" + url + "\"}")
                .json(201);
    }

    /** Once this returns, asking for {@code vin} is answered held: its enrichment completed (now or before). */
    private void held(String vin) {
        Api api = new Api(port, issue(Plan.PRO).key());
        await().atMost(PROCESSED)
                .pollInterval(Duration.ofMillis(200))
                .until(() -> api.post(API + "/v0/enrich", "application/json", "{\"vin\": \"" + vin + "\"}")
                                .status()
                        == 200);
    }

    /** The id of the VIN's next enrichment job: the first attempt that has no event yet. */
    private String nextJob(String vin) {
        for (int attempt = 1; ; attempt++) {
            String job = "enr_" + vin + "_" + attempt;
            if (events.readEvents(job)
                    .asStream()
                    .map(EventMessage::getPayload)
                    .findAny()
                    .isEmpty()) {
                return job;
            }
        }
    }

    private static String hmacSha256(String key, String text) throws GeneralSecurityException {
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(key.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
        return HexFormat.of().formatHex(mac.doFinal(text.getBytes(StandardCharsets.UTF_8)));
    }

    private IssuedKey issue(Plan plan) {
        return new ApiKeyStore(db).issue(NewKey.of("write routes document", plan));
    }

    private static List<Example> examples() {
        return WRITES.stream()
                .flatMap(operation -> operation.examples().stream())
                .toList();
    }
}
