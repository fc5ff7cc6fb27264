package dev.vspec.query.openapi;

import static dev.vspec.infra.jooq.read.Tables.CONFIGURATION;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.vspec.contracts.enrichment.EnrichmentCompleted;
import dev.vspec.contracts.enrichment.EnrichmentJobId;
import dev.vspec.contracts.enrichment.EnrichmentScheduled;
import dev.vspec.contracts.enrichment.EnrichmentStep;
import dev.vspec.contracts.enrichment.EnrichmentStepCompleted;
import dev.vspec.contracts.error.ErrorCode;
import dev.vspec.contracts.identity.VehicleIdentifier;
import dev.vspec.contracts.identity.Vin;
import dev.vspec.infra.access.ApiKeyStore;
import dev.vspec.infra.decoding.DecoderSource;
import dev.vspec.infra.kafka.EventTopicProperties;
import dev.vspec.infra.testing.Api;
import dev.vspec.infra.testing.Api.Reply;
import dev.vspec.infra.testing.SchemaConformance;
import dev.vspec.infra.testing.TestDatabase;
import dev.vspec.infra.testing.TestKeys;
import dev.vspec.query.QuerySideApplication;
import dev.vspec.query.QuerySideIT;
import dev.vspec.query.ReadModelSeed;
import dev.vspec.query.enrichment.StoredJobEvents;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.jooq.DSLContext;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.web.bind.annotation.RequestMethod;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * The OpenAPI document over HTTP: every route of the specification with its identifier parameters and
 * every error the specification gives it, each with an example; every example replayed against the
 * running service answers what it shows (the 503 examples against a query side without vPIC data);
 * nothing the service routes is missing; Swagger UI loads it.
 */
@QuerySideIT
class OpenApiIT {

    private static final String DOCUMENT = "/api/openapi.json";
    /** The committed contract, from query-side's directory (where the build runs its tests). */
    private static final Path CONTRACT = Path.of("..", "docs", "openapi", "openapi.json");

    private static final JsonMapper JSON = JsonMapper.builder().build();
    /** The server the read paths are relative to. */
    private static final String API = "/api";

    private static final List<String> IDENTIFIERS = List.of("vin", "year", "make", "model", "trim", "config_key");
    /** The decoder's own query parameters: a mode of /v1/decode, and the batch's VINs. */
    private static final List<String> DECODER_QUERY = List.of("partial_vin", "vins");
    /** A configuration of the sample catalog without a cached render, for the no_image example. */
    private static final String CAMRY_XSE = "2020-toyota-camry-xse-2gr-fks-fwd";
    /** The enrichment job of the GET /v0/enrich example, a VIN of the reference vendor's catalog. */
    private static final String RAV4_VIN = "2T3P1RFV2NW131842";

    private static final String RAV4_XLE = "2022-toyota-rav4-xle-a25a-fks-awd";

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
        StoredJobEvents.store(
                db,
                job,
                0,
                new EnrichmentScheduled(job, RAV4_VIN, keyId, at),
                new EnrichmentStepCompleted(
                        job,
                        EnrichmentStep.DECODED,
                        "2022 TOYOTA RAV4 XLE A25A-FKS by vPIC 2026-02-17 (f9b3118a3d3f)",
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
        StoredJobEvents.project(db, RAV4_VIN, RAV4_XLE);
        // its completion on the topic, as the relay records it; no projection has anything left to apply
        StoredJobEvents.published(db, job, EventTopicProperties.DEFAULT_TOPIC, Map.of(0, 0L));
    }

    @Test
    void theDocumentIsOpenApi3Json() {
        Reply reply = api.get(DOCUMENT);
        JsonNode document = reply.ok();

        assertThat(document.path("openapi").asString()).startsWith("3.");
        assertThat(document.at("/info/title").asString()).isEqualTo("vspec");
        assertThat(document.at("/info/version").asString()).isNotBlank();
        assertThat(document.at("/info/description").asString())
                .contains("config_key", "multiple_matches", "param")
                .as("prose, with no run of spaces a text block's line joins left behind")
                .doesNotContainPattern(" {3,}");
        assertThat(reply.header("Cache-Control")).isEqualTo("max-age=300");
        assertThat(reply.header("ETag")).isNotBlank();
    }

    /** GET routes of the specification's route table. */
    @ParameterizedTest
    @ValueSource(
            strings = {
                "/v1/decode",
                "/v1/decode/batch",
                "/v1/wmi/{wmi}",
                "/v1/configs",
                "/v1/vehicle",
                "/v1/fluids",
                "/v1/specs",
                "/v1/tires",
                "/v1/maintenance-schedule",
                "/v1/parts",
                "/v0/maintenance",
                "/v0/labor",
                "/v0/vehicle-image",
                "/v0/service-history",
                "/v0/enrich"
            })
    void everyRouteOfTheSpecificationIsDocumentedWithItsIdentifiersAnswersAndErrors(String route) {
        JsonNode document = document();
        JsonNode get = document.path("paths").path(route).path("get");

        assertThat(get.isObject()).as("GET /api%s in the document", route).isTrue();
        assertThat(get.path("summary").asString()).isNotBlank();
        assertThat(get.path("description").asString()).isNotBlank();

        List<JsonNode> parameters = new ArrayList<>();
        get.path("parameters").forEach(parameter -> parameters.add(resolve(document, parameter)));
        List<String> names = parameters.stream()
                .map(parameter -> parameter.path("name").asString())
                .toList();
        assertThat(names)
                .containsAll(
                        switch (route) {
                            case "/v0/service-history" -> List.of("vin");
                            case "/v0/enrich" -> List.of("job_id", "vin");
                            case "/v1/decode" -> concat(IDENTIFIERS, List.of("partial_vin"));
                            case "/v1/decode/batch" -> List.of("vins");
                            case "/v1/wmi/{wmi}" -> List.of("wmi");
                            default -> IDENTIFIERS;
                        });
        parameters.stream()
                .filter(parameter -> IDENTIFIERS.contains(parameter.path("name").asString())
                        || parameter.path("name").asString().equals("job_id")
                        || DECODER_QUERY.contains(parameter.path("name").asString()))
                .forEach(parameter -> {
                    assertThat(parameter.path("in").asString()).isEqualTo("query");
                    assertThat(parameter.path("description").asString())
                            .as(parameter.toString())
                            .isNotBlank();
                });
        parameters.stream()
                .filter(parameter -> parameter.path("in").asString().equals("path"))
                .forEach(parameter -> {
                    assertThat(route).contains("{" + parameter.path("name").asString() + "}");
                    assertThat(parameter.path("required").asBoolean())
                            .as(parameter.toString())
                            .isTrue();
                    assertThat(parameter.path("description").asString())
                            .as(parameter.toString())
                            .isNotBlank();
                });

        JsonNode ok = get.at("/responses/200/content");
        if (route.equals("/v0/vehicle-image")) {
            assertThat(ok.has("image/*")).as("image bytes").isTrue();
        } else {
            assertThat(ok.at("/application~1json/schema").isObject()).isTrue();
            assertThat(ok.at("/application~1json/examples").size())
                    .as("200 examples")
                    .isPositive();
        }

        for (String code : specifiedErrors(route)) {
            int status = ErrorCode.valueOf(code.toUpperCase(Locale.ROOT)).status();
            JsonNode json = get.path("responses")
                    .path(String.valueOf(status))
                    .path("content")
                    .path("application/json");
            assertThat(json.at("/schema/$ref").asString())
                    .as("%s %s", status, code)
                    .isEqualTo("#/components/schemas/ApiError");
            List<String> exampleCodes = new ArrayList<>();
            json.path("examples")
                    .forEach(example -> exampleCodes.add(
                            resolve(document, example).at("/value/error").asString()));
            assertThat(exampleCodes).as("examples of %s on %s", status, route).contains(code);
        }
    }

    /**
     * Each operation with the key, scope and limit answers of infra's access filter (whose behaviour AccessIT
     * tests); the document needs a key wherever an operation does not say {@code security: []}, which only the
     * status and the request-access form do.
     */
    @Test
    void everyOperationButStatusAndRequestAccessDeclaresTheKeyAndScopeItNeeds() {
        JsonNode document = document();
        assertThat(document.at("/components/securitySchemes/bearer/scheme").asString())
                .isEqualTo("bearer");
        assertThat(document.at("/components/securitySchemes/apiKeyHeader/name").asString())
                .isEqualTo("x-api-key");
        assertThat(document.at("/components/securitySchemes/apiKeyHeader/in").asString())
                .isEqualTo("header");
        assertThat(document.path("security").toString()).isEqualTo("[{\"bearer\":[]},{\"apiKeyHeader\":[]}]");
        Map<String, String> scopes = new TreeMap<>();
        List<String> keyless = new ArrayList<>();
        document.path("paths")
                .propertyNames()
                .forEach(path -> document.path("paths").path(path).propertyNames().stream()
                        .filter(method -> !method.equals("parameters"))
                        .forEach(method -> {
                            JsonNode operation =
                                    document.path("paths").path(path).path(method);
                            String named = method.toUpperCase(Locale.ROOT) + " " + path;
                            assertThat(operation.path("security").isArray())
                                    .as("security of %s, said on the operation", named)
                                    .isTrue();
                            if (operation.path("security").isEmpty()) {
                                keyless.add(named);
                                return;
                            }
                            scopes.put(named, operation.path("x-required-scope").asString());
                            assertThat(operation.path("security").toString()).contains("bearer", "apiKeyHeader");
                            assertThat(operation.path("security").size())
                                    .as("security of %s, each scheme once", named)
                                    .isEqualTo(2);
                            assertThat(operation.path("responses").propertyNames())
                                    .as(named)
                                    .contains("401", "403", "429");
                            assertThat(operation
                                            .at("/responses/403/description")
                                            .asString())
                                    .contains(operation.path("x-required-scope").asString());
                        }));
        assertThat(keyless).containsExactlyInAnyOrder("GET /v1/status", "POST /request-access");
        assertThat(scopes)
                .containsEntry("GET /v1/fluids", "maintenance:read")
                .containsEntry("GET /v1/decode", "maintenance:read")
                .containsEntry("GET /v1/decode/batch", "maintenance:read")
                .containsEntry("GET /v1/wmi/{wmi}", "maintenance:read")
                .containsEntry("GET /v0/maintenance", "maintenance:read")
                .containsEntry("GET /v0/labor", "labor:read")
                .containsEntry("GET /v0/vehicle-image", "media:read")
                .containsEntry("GET /v0/service-history", "service_history:read")
                .containsEntry("GET /v0/enrich", "enrich:write")
                .containsEntry("POST /v0/enrich", "enrich:write");
    }

    /**
     * The contract clients build against, docs/openapi/openapi.json (linted in the build, the source of the docs
     * page and of the generated clients), is the document the service serves, but for the version, which is the
     * running jar's. The served one is written to target/openapi/openapi.json to review and commit when it changes.
     */
    @Test
    void theCommittedContractIsTheServedDocument() throws IOException {
        ObjectNode served = (ObjectNode) document();
        Path written = Path.of("target", "openapi", "openapi.json");
        Files.createDirectories(written.getParent());
        JSON.writerWithDefaultPrettyPrinter().writeValue(written.toFile(), served);
        assertThat(CONTRACT).as("the committed contract").exists();
        JsonNode committed = JSON.readTree(CONTRACT.toFile());
        ((ObjectNode) served.path("info"))
                .put("version", committed.at("/info/version").asString());

        assertThat(served)
                .as(
                        "the served document, written to query-side/%s; if the change is meant, copy it to %s"
                                + " (and run `npm --prefix docs/openapi run lint`)",
                        written, CONTRACT)
                .isEqualTo(committed);
    }

    /** A generated client reads each answer header (X-RateLimit-Remaining, Retry-After, ...) as its type. */
    @Test
    void everyAnswerHeaderIsTyped() {
        JsonNode document = document();
        List<String> headers = new ArrayList<>();
        operations(document)
                .forEach(operation -> operation
                        .path("responses")
                        .forEach(response -> resolve(document, response)
                                .path("headers")
                                .properties()
                                .forEach(header -> {
                                    JsonNode schema =
                                            resolve(document, header.getValue()).path("schema");
                                    assertThat(schema.path("type").isMissingNode())
                                            .as("type of the header %s", header.getKey())
                                            .isFalse();
                                    headers.add(header.getKey() + ": "
                                            + schema.path("type").asString());
                                })));
        assertThat(headers)
                .contains(
                        "X-RateLimit-Remaining: integer",
                        "X-Monthly-Remaining: integer",
                        "Retry-After: integer",
                        "ETag: string");
    }

    /** The API and the keyless sandbox, which mirrors every read and takes no write. */
    @Test
    void theReadsAreOnBothServersAndTheCommandSidesRoutesOnTheApisOnly() {
        JsonNode document = document();
        assertThat(document.path("servers").findValuesAsString("url")).containsExactly("/api", "/api/sample");
        assertThat(document.at("/paths/~1v1~1fluids/get").has("servers")).isFalse();
        for (String write :
                List.of("/paths/~1v0~1enrich/post", "/paths/~1request-access/post", "/paths/~1v0~1webhooks/get")) {
            assertThat(document.at(write).has("servers"))
                    .as("%s: a client's own server applies", write)
                    .isFalse();
            assertThat(document.at(write).path("description").asString())
                    .as(write)
                    .endsWith("On the API's server (`/api`) only: the sandbox (`/api/sample`) answers every write 403"
                            + " `write_disabled` and holds no webhooks.");
        }
    }

    @Test
    void aKeyedRouteIsDocumentedAsPrivateAndTheKeylessStatusIsNot() {
        JsonNode document = document();

        assertThat(document.at("/paths/~1v1~1fluids/get/responses/200/headers/Cache-Control/description")
                        .asString())
                .startsWith("`private, max-age=86400`")
                .contains("Vary: Authorization, x-api-key");
        assertThat(document.at("/paths/~1v1~1status/get/responses/200/headers/Cache-Control/description")
                        .asString())
                .isEqualTo("`no-cache`");
    }

    /** Its answers are no-store (HttpCachingIT, EnrichmentStatusIT): the document offers no ETag to revalidate with. */
    @Test
    void theEnrichmentStatusIsDocumentedAsNeverCached() {
        JsonNode document = document();
        JsonNode enrich = document.at("/paths/~1v0~1enrich/get");
        JsonNode fluids = document.at("/paths/~1v1~1fluids/get");

        assertThat(enrich.at("/responses/200/headers/Cache-Control/description").asString())
                .contains("no-store");
        assertThat(enrich.at("/responses/200/headers").has("ETag")).isFalse();
        assertThat(enrich.path("responses").has("304")).isFalse();
        assertThat(enrich.path("parameters").toString()).doesNotContain("If-None-Match");
        assertThat(fluids.at("/responses/200/headers").has("ETag")).isTrue();
        assertThat(fluids.path("responses").has("304")).isTrue();
        assertThat(fluids.path("parameters").toString()).contains("If-None-Match");
    }

    @Test
    void everyErrorExampleIsWhatItsRouteAnswers() {
        JsonNode document = document();
        List<String> replayed = new ArrayList<>();
        reads(document).forEach(path -> {
            JsonNode responses = document.path("paths").path(path).at("/get/responses");
            // the key's answers (401, 403, 429) depend on the key, not the query: AccessIT replays them; the 503s
            // need a deployment without vPIC data: everyUnavailableExampleIsWhatAQuerySideWithoutVpicDataAnswers
            responses.propertyNames().stream()
                    .filter(status -> status.compareTo("400") >= 0)
                    .filter(status -> !List.of("401", "403", "429", "503").contains(status))
                    .forEach(status -> {
                        JsonNode examples = responses.path(status).at("/content/application~1json/examples");
                        assertThat(examples.size())
                                .as("examples of %s on %s", status, path)
                                .isPositive();
                        examples.propertyNames().forEach(name -> {
                            JsonNode example = resolve(document, examples.path(name));
                            String code = example.at("/value/error").asString();
                            assertThat(name).as("example name").startsWith(code);
                            assertThat(example.at("/value/message").asString()).isNotBlank();

                            JsonNode answer = api.get(asked(path, example)).error(Integer.parseInt(status), code);
                            assertThat(answer.propertyNames())
                                    .as("fields of the answer to %s", name)
                                    .containsExactlyInAnyOrderElementsOf(
                                            example.path("value").propertyNames());
                            assertThat(answer.path("param"))
                                    .as("param of the answer to %s", name)
                                    .isEqualTo(example.at("/value/param"));
                            JsonNode schema = responses.path(status).at("/content/application~1json/schema");
                            assertThat(SchemaConformance.of(document).violations(schema, example.path("value")))
                                    .as(name)
                                    .isEmpty();
                            assertThat(SchemaConformance.of(document).violations(schema, answer))
                                    .as("answer to " + name)
                                    .isEmpty();
                            replayed.add(path + " " + name);
                        });
                    });
        });
        assertThat(replayed).isNotEmpty();
    }

    /**
     * The 503 examples, replayed against a query side over a database without vPIC data, as a deployment is
     * before {@code vspec vpic install}: the decoding routes, and a VIN the catalog does not link on any route,
     * answer them word for word.
     */
    @Test
    void everyUnavailableExampleIsWhatAQuerySideWithoutVpicDataAnswers() {
        JsonNode document = document();
        TestDatabase bare = TestDatabase.create("vspec_no_vpic");
        ConfigurableApplicationContext withoutVpic = null;
        try {
            withoutVpic = QuerySideApplication.application()
                    .run(
                            "--server.port=0",
                            "--spring.datasource.url=" + bare.url(),
                            "--spring.datasource.username=" + bare.user(),
                            "--spring.datasource.password=" + bare.password());
            DecoderSource decoders = withoutVpic.getBean(DecoderSource.class);
            await().atMost(Duration.ofMinutes(1)).until(() -> decoders.state() == DecoderSource.State.NOT_INSTALLED);
            Api unavailable = new Api(
                    ((WebServerApplicationContext) withoutVpic).getWebServer().getPort(),
                    TestKeys.fullAccess(withoutVpic.getBean(DSLContext.class)));

            List<String> replayed = new ArrayList<>();
            reads(document).forEach(path -> {
                JsonNode examples =
                        document.path("paths").path(path).at("/get/responses/503/content/application~1json/examples");
                examples.propertyNames().forEach(name -> {
                    JsonNode example = resolve(document, examples.path(name));
                    Api.Reply reply = unavailable.get(asked(path, example));
                    JsonNode error = reply.error(503, "service_unavailable");
                    assertThat(reply.header("Retry-After"))
                            .as("%s %s", path, name)
                            .isEqualTo("5");
                    assertThat(error.path("message").asString())
                            .as("%s %s", path, name)
                            .isEqualTo(example.at("/value/message").asString());
                    replayed.add(path);
                });
            });
            assertThat(replayed)
                    .contains("/v1/decode", "/v1/decode/batch", "/v1/wmi/{wmi}", "/v1/fluids", "/v0/service-history");
        } finally {
            if (withoutVpic != null) {
                withoutVpic.close();
            }
            bare.drop();
        }
    }

    /**
     * /api/v1/decode is two handlers told apart by partial_vin, which springdoc reads as one operation: the
     * document describes both modes, whichever handler springdoc read last.
     */
    @Test
    void theDecodeRouteDocumentsItsIdentifierModesAndItsPartialVinMode() {
        JsonNode document = document();
        JsonNode decode = document.at("/paths/~1v1~1decode/get");

        assertThat(decode.path("operationId").asString()).isEqualTo("decode");
        assertThat(decode.path("summary").asString()).contains("Identity from a decode", "partial_vin");
        assertThat(decode.path("description").asString())
                .contains("In vin mode", "**With `partial_vin`**", "Needs a key with scope `maintenance:read`.");
        List<String> answers = new ArrayList<>();
        JsonNode answer = decode.at("/responses/200/content/application~1json/schema");
        assertThat(answer.path("$ref").asString())
                .as("a named type for generated clients")
                .isEqualTo("#/components/schemas/DecodeAnswer");
        JsonNode either = resolve(document, answer);
        either.path("properties").propertyNames().forEach(answers::add);
        assertThat(answers)
                .as("one object carrying either mode's fields, so that clients read one type")
                .containsExactlyInAnyOrder("vehicle", "decode", "matches", "partial_decode");
        assertThat(either.has("required")).as("no field is in both modes").isFalse();
        assertThat(document.at("/components/schemas").has("PartialDecodeResponse"))
                .as("merged, not left behind")
                .isFalse();
        JsonNode examples = decode.at("/responses/200/content/application~1json/examples");
        assertThat(examples.at("/partial_vin/x-query").asString()).startsWith("?partial_vin=");
        assertThat(examples.at("/partial_vin/value/partial_decode/release/data_date")
                        .asString())
                .isNotBlank();
        assertThat(examples.at("/sample/value/decode/release/sha256").asString())
                .hasSize(64);
        assertThat(examples.at("/check_digit/value/decode/warnings/0/nhtsa_code")
                        .asInt())
                .isEqualTo(1);
        List<String> errors = new ArrayList<>();
        decode.path("responses")
                .forEach(response -> response.at("/content/application~1json/examples")
                        .propertyNames()
                        .forEach(errors::add));
        assertThat(errors)
                .contains(
                        "invalid_param.partial_vin",
                        "not_found.partial_vin",
                        "not_found.unknown_wmi",
                        "unsupported_vehicle",
                        "service_unavailable");
        JsonNode unsupported =
                resolve(document, decode.at("/responses/422/content/application~1json/examples/unsupported_vehicle"));
        assertThat(unsupported.at("/value/decode/engine_code").isNull()).isTrue();
        assertThat(document.at("/components/schemas/ApiError/properties/decode/$ref")
                        .asString())
                .isEqualTo("#/components/schemas/VinDecoding");
    }

    /** Each VIN of a batch is a read (DecodeBatchIT counts them): the document says so, with the 429 it gives. */
    @Test
    void theBatchRouteDocumentsThatEachVinIsARead() {
        JsonNode batch = document().at("/paths/~1v1~1decode~1batch/get");

        assertThat(batch.path("description").asString())
                .contains(
                        "Each item of `vins` counts as one read", "read_quota_exceeded", "This request needs N reads");
        assertThat(batch.at("/responses/429/content/application~1json/examples/read_quota_exceeded/value/message")
                        .asString())
                .startsWith("This request needs 40 reads");
    }

    /**
     * Each 200 example has every field the service answers today (replayed over the test data) and no
     * field the document's schema does not know. A map's keys (a schema's additionalProperties, such as
     * a partial decode's elements) count as one field, {@code *}.
     */
    @Test
    void everyAnswerExampleHasTheShapeOfTheRealAnswer() {
        JsonNode document = document();
        List<String> checked = new ArrayList<>();
        List<String> named = new ArrayList<>();
        reads(document).forEach(path -> {
            JsonNode json = document.path("paths").path(path).at("/get/responses/200/content/application~1json");
            if (json.isMissingNode()) {
                return;
            }
            JsonNode example = json.path("examples").path("sample");
            assertThat(example.isObject()).as("200 example of %s", path).isTrue();

            Set<String> described = schemaFields(document, json.path("schema"), "", new TreeSet<>());
            json.path("examples").propertyNames().forEach(name -> {
                JsonNode each = json.path("examples").path(name);
                assertThat(each.has("x-query"))
                        .as("x-query of the 200 example %s of %s", name, path)
                        .isTrue();
                JsonNode answer = api.get(asked(path, each)).ok();
                assertThat(SchemaConformance.of(document).violations(json.path("schema"), each.path("value")))
                        .as("the example %s of %s against its schema", name, path)
                        .isEmpty();
                assertThat(SchemaConformance.of(document).violations(json.path("schema"), answer))
                        .as("the answer to the example %s of %s against the schema", name, path)
                        .isEmpty();
                Set<String> shown = asDescribed(fields(each.path("value"), "", new TreeSet<>()), described);
                Set<String> answered = asDescribed(fields(answer, "", new TreeSet<>()), described);
                assertThat(shown)
                        .as("fields of the example %s of %s", name, path)
                        .containsAll(answered);
                assertThat(described).as("schema of %s", path).containsAll(shown);
                named.add(path + " " + name);
            });
            checked.add(path);
        });
        assertThat(named)
                .contains(
                        "/v1/decode sample",
                        "/v1/decode partial_vin",
                        "/v1/decode/batch sample",
                        "/v1/wmi/{wmi} sample");
        assertThat(checked)
                .containsExactlyInAnyOrderElementsOf(reads(document).stream()
                        .filter(path -> !path.equals("/v0/vehicle-image"))
                        .toList());
    }

    @Test
    void everyGetRouteTheServiceAnswersIsDocumented() {
        Set<String> served = mappings.getHandlerMethods().entrySet().stream()
                .filter(mapping ->
                        mapping.getKey().getMethodsCondition().getMethods().contains(RequestMethod.GET))
                .filter(mapping ->
                        !mapping.getValue().getBeanType().getPackageName().startsWith("org.springdoc"))
                .flatMap(mapping -> mapping.getKey().getPatternValues().stream())
                .filter(pattern -> pattern.startsWith(API + "/"))
                .map(pattern -> pattern.substring(API.length()))
                .collect(Collectors.toCollection(TreeSet::new));

        assertThat(served).contains("/v1/vehicle", "/v0/vehicle-image", "/v1/status");
        assertThat(reads(document())).containsExactlyInAnyOrderElementsOf(served);
    }

    @Test
    void swaggerUiAnswersHtmlThatLoadsTheDocument() {
        Reply entry = api.get("/api/docs");
        assertThat(entry.status()).isEqualTo(302);
        String ui = entry.header("Location");
        assertThat(ui).startsWith("/api/");

        Reply page = api.getWith(ui);
        assertThat(page.status()).isEqualTo(200);
        assertThat(page.header("Content-Type")).startsWith("text/html");
        assertThat(page.text()).contains("swagger-ui");
        assertThat(page.header("Cache-Control")).isEqualTo("max-age=300");

        String initializer =
                api.getWith(ui.replace("index.html", "swagger-initializer.js")).text();
        assertThat(initializer).contains(DOCUMENT);
        assertThat(api.get(DOCUMENT + "/swagger-config").ok().path("url").asString())
                .isEqualTo(DOCUMENT);
    }

    /** What the specification's rules give each identifier-taking route (keys and limits come later). */
    private static Set<String> specifiedErrors(String route) {
        if (route.equals("/v0/enrich")) {
            // job_id or vin: neither, both, a malformed VIN, a job the key may not see
            return Set.of("missing_param", "invalid_param", "invalid_vin", "not_found");
        }
        if (route.equals("/v1/decode/batch")) {
            // no vins; an empty entry, too many or another parameter; no vPIC data (each VIN's own error is a result)
            return Set.of("missing_param", "invalid_param", "service_unavailable");
        }
        if (route.equals("/v1/wmi/{wmi}")) {
            return Set.of("invalid_param", "not_found", "service_unavailable");
        }
        // service_unavailable: a VIN the catalog does not link needs a decode, and no vPIC release is installed
        Set<String> codes = new TreeSet<>(
                List.of("missing_param", "invalid_vin", "not_found", "unsupported_vehicle", "service_unavailable"));
        if (route.equals("/v1/decode")) {
            codes.add("invalid_param"); // a partial_vin it cannot read
        }
        if (!route.equals("/v1/configs")) {
            codes.add("multiple_matches"); // configs answers the candidates as a 200 list
        }
        if (route.equals("/v0/vehicle-image")) {
            codes.add("no_image");
        }
        if (route.equals("/v1/vehicle") || route.equals("/v0/maintenance")) {
            codes.add("invalid_param"); // an unknown include group; a bad mileage, months or schedule
        }
        return codes;
    }

    private JsonNode document() {
        return api.get(DOCUMENT).ok();
    }

    /**
     * What an example asks of its route: its {@code x-path} (a route with a path variable names the path it
     * asked, which must be one of the route's) or the route's path, and its {@code x-query}.
     */
    private static String asked(String route, JsonNode example) {
        String path = route;
        if (example.has("x-path")) {
            path = example.path("x-path").asString();
            assertThat(path)
                    .as("x-path of an example of %s", route)
                    .matches(Pattern.quote(route).replaceAll("\\{[^/}]+}", "\\\\E[^/]+\\\\Q"));
        }
        assertThat(path)
                .as("path asked by an example of %s (x-path names the path variables)", route)
                .doesNotContain("{");
        return API + path + example.path("x-query").asString();
    }

    /** The query side's paths: those with a GET answered on every server (the command side's say they are not). */
    private static List<String> reads(JsonNode document) {
        return document.path("paths").propertyNames().stream()
                .filter(path -> document.path("paths").path(path).has("get"))
                .filter(path -> !document.path("paths")
                        .path(path)
                        .path("get")
                        .path("description")
                        .asString()
                        .endsWith(PublishedDocument.API_ONLY))
                .toList();
    }

    private static List<String> concat(List<String> first, List<String> second) {
        List<String> both = new ArrayList<>(first);
        both.addAll(second);
        return both;
    }

    private static List<JsonNode> operations(JsonNode document) {
        List<JsonNode> operations = new ArrayList<>();
        document.path("paths").forEach(item -> item.forEach(operations::add));
        return operations;
    }

    /** The node a local {@code $ref} points at, or the node itself. */
    private static JsonNode resolve(JsonNode document, JsonNode node) {
        JsonNode target = node;
        while (target.has("$ref")) {
            target = document.at(target.path("$ref").asString().substring(1));
            assertThat(target.isMissingNode()).as("target of %s", node).isFalse();
        }
        return target;
    }

    /** Every field path of a JSON value: {@code parts[].price.amount}. */
    private static Set<String> fields(JsonNode node, String at, Set<String> paths) {
        if (node.isObject()) {
            node.propertyNames().forEach(name -> {
                String path = at.isEmpty() ? name : at + "." + name;
                paths.add(path);
                fields(node.path(name), path, paths);
            });
        } else if (node.isArray()) {
            node.forEach(element -> fields(element, at + "[]", paths));
        }
        return paths;
    }

    /** Every field path a schema describes, in the form of {@link #fields}. */
    private static Set<String> schemaFields(JsonNode document, JsonNode schema, String at, Set<String> paths) {
        JsonNode resolved = resolve(document, schema);
        resolved.path("properties").propertyNames().forEach(name -> {
            String path = at.isEmpty() ? name : at + "." + name;
            paths.add(path);
            schemaFields(document, resolved.path("properties").path(name), path, paths);
        });
        if (resolved.has("items")) {
            schemaFields(document, resolved.path("items"), at + "[]", paths);
        }
        if (resolved.path("additionalProperties").isObject()) {
            String keys = at.isEmpty() ? "*" : at + ".*";
            paths.add(keys);
            schemaFields(document, resolved.path("additionalProperties"), keys, paths);
        }
        for (String alternatives : List.of("oneOf", "anyOf", "allOf")) {
            resolved.path(alternatives).forEach(alternative -> schemaFields(document, alternative, at, paths));
        }
        return paths;
    }

    /** Field paths as the schema names them: a key of a map the schema describes (a {@code *} there) as {@code *}. */
    private static Set<String> asDescribed(Set<String> fields, Set<String> described) {
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
