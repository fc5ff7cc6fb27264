package dev.vspec.testing;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vspec.contracts.error.ErrorCode;
import dev.vspec.testing.ApiDocument.Example;
import dev.vspec.testing.ApiDocument.Operation;
import dev.vspec.testing.ApiDocument.Response;
import dev.vspec.testing.ApiDocument.Side;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The API's document by its own rules, as contracts' build bundled it: the specification's routes with their
 * identifiers and errors, a key and scope on every operation but two, typed headers, the servers, an example of
 * every answer that has a body, each example conforming to its schema, and the names generated clients build
 * on. Whether the service answers what it says is ReadRoutesDocumentIT's (query side) and
 * WriteRoutesDocumentIT's (command side).
 */
class ApiDocumentTest {

    private static final ApiDocument DOCUMENT = ApiDocument.bundle();
    private static final JsonNode JSON = DOCUMENT.json();

    private static final List<String> IDENTIFIERS = List.of("vin", "year", "make", "model", "trim", "config_key");
    /** The decoder's own query parameters: a mode of /v1/decode, and the batch's VINs. */
    private static final List<String> DECODER_QUERY = List.of("partial_vin", "vins");

    private static final String API_ONLY = "On the API's server (`/api`) only: the sandbox (`/api/sample`) answers"
            + " every write 403 `write_disabled` and holds no webhooks.";

    @Test
    void theDocumentIsOpenApi31WithItsProse() {
        assertThat(JSON.path("openapi").asString()).isEqualTo("3.1.0");
        assertThat(JSON.at("/info/title").asString()).isEqualTo("vspec");
        assertThat(JSON.at("/info/version").asString()).isNotBlank();
        assertThat(JSON.at("/info/description").asString())
                .contains("config_key", "multiple_matches", "param")
                .as("prose, with no run of spaces a line's join left behind")
                .doesNotContainPattern(" {3,}");
        JSON.path("tags")
                .forEach(tag -> assertThat(tag.path("description").asString())
                        .as("tag %s", tag.path("name"))
                        .isNotBlank());
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
        JsonNode get = JSON.path("paths").path(route).path("get");
        assertThat(get.isObject()).as("GET /api%s in the document", route).isTrue();
        Operation operation = operation("GET " + route);

        List<JsonNode> parameters = operation.parameters();
        assertThat(parameters.stream().map(parameter -> parameter.path("name").asString()))
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
                .forEach(parameter -> assertThat(parameter.path("in").asString())
                        .as(parameter.toString())
                        .isEqualTo("query"));
        parameters.stream()
                .filter(parameter -> parameter.path("in").asString().equals("path"))
                .forEach(parameter -> assertThat(parameter.path("required").asBoolean())
                        .as(parameter.toString())
                        .isTrue());
        parameters.forEach(parameter -> assertThat(parameter.path("description").asString())
                .as(parameter.toString())
                .isNotBlank());

        JsonNode ok = get.at("/responses/200/content");
        if (route.equals("/v0/vehicle-image")) {
            assertThat(ok.has("image/*")).as("image bytes").isTrue();
        } else {
            assertThat(ok.at("/application~1json/schema").isObject()).isTrue();
        }
        for (String code : specifiedErrors(route)) {
            int status = ErrorCode.valueOf(code.toUpperCase(Locale.ROOT)).status();
            List<String> codes = operation.examples().stream()
                    .filter(example -> example.status().equals(String.valueOf(status)))
                    .map(Example::error)
                    .toList();
            assertThat(codes).as("examples of %s on %s", status, route).contains(code);
        }
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

    /**
     * The key and scope the access module's filter asks for; a key is needed wherever an operation does not say
     * {@code security: []}, which only the status and the request-access form do.
     */
    @Test
    void everyOperationButStatusAndRequestAccessDeclaresTheKeyAndScopeItNeeds() {
        assertThat(JSON.at("/components/securitySchemes/bearer/scheme").asString())
                .isEqualTo("bearer");
        assertThat(JSON.at("/components/securitySchemes/apiKeyHeader/name").asString())
                .isEqualTo("x-api-key");
        assertThat(JSON.at("/components/securitySchemes/apiKeyHeader/in").asString())
                .isEqualTo("header");
        assertThat(JSON.path("security").toString()).isEqualTo("[{\"bearer\":[]},{\"apiKeyHeader\":[]}]");
        Map<String, String> scopes = new TreeMap<>();
        List<String> keyless = new ArrayList<>();
        for (Operation operation : DOCUMENT.operations()) {
            JsonNode node = operation.node();
            assertThat(node.path("security").isArray())
                    .as("security of %s, said on the operation", operation)
                    .isTrue();
            if (node.path("security").isEmpty()) {
                keyless.add(operation.route());
                assertThat(node.has("x-required-scope")).as("%s", operation).isFalse();
                continue;
            }
            String scope = node.path("x-required-scope").asString();
            scopes.put(operation.route(), scope);
            assertThat(node.path("security").toString())
                    .as("security of %s, each scheme once", operation)
                    .isEqualTo("[{\"bearer\":[]},{\"apiKeyHeader\":[]}]");
            assertThat(node.path("description").asString())
                    .as("description of %s", operation)
                    .contains("Needs a key with scope `" + scope + "`.");
            assertThat(node.path("responses").propertyNames())
                    .as("responses of %s", operation)
                    .contains("401", "403", "429");
            assertThat(DOCUMENT.resolve(node.at("/responses/403"))
                            .path("description")
                            .asString())
                    .as("403 of %s", operation)
                    .contains(scope);
        }
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

    @Test
    void everyOperationIsNamedSummarizedAndTaggedOnce() {
        Set<String> operationIds = new HashSet<>();
        Set<String> tags = new HashSet<>();
        JSON.path("tags").forEach(tag -> tags.add(tag.path("name").asString()));
        for (Operation operation : DOCUMENT.operations()) {
            JsonNode node = operation.node();
            assertThat(operationIds.add(operation.id()))
                    .as("operationId of %s", operation)
                    .isTrue();
            assertThat(operation.id()).as("operationId of %s", operation).matches("[a-z][A-Za-z0-9]+");
            assertThat(node.path("summary").asString())
                    .as("summary of %s", operation)
                    .isNotBlank();
            assertThat(node.path("description").asString())
                    .as("description of %s", operation)
                    .isNotBlank();
            assertThat(node.path("tags").size()).as("tags of %s", operation).isEqualTo(1);
            assertThat(tags)
                    .as("tags of %s", operation)
                    .contains(node.at("/tags/0").asString());
            assertThat(node.has("servers"))
                    .as("%s: a relative server there would replace the host a generated client was given", operation)
                    .isFalse();
            if (operation.method().equals("post")) {
                assertThat(node.at("/requestBody/required").asBoolean())
                        .as("request body of %s", operation)
                        .isTrue();
                assertThat(node.at("/requestBody/content/application~1json/schema")
                                .isObject())
                        .isTrue();
            }
        }
    }

    /**
     * Every answer names its request id and types its headers (a generated client reads each as its type); every
     * answer with a body has an example of it, an error's named after its code; an answer without a body is a
     * 204, or a 304 (ReadRoutesDocumentIT sends each route's validators).
     */
    @Test
    void everyAnswerHasItsRequestIdTypedHeadersAndExamples() {
        List<String> headers = new ArrayList<>();
        for (Operation operation : DOCUMENT.operations()) {
            for (Response response : operation.responses()) {
                String named = operation + " " + response.status();
                assertThat(response.status()).as(named).matches("[1-5][0-9][0-9]");
                assertThat(response.node().path("description").asString())
                        .as("description of %s", named)
                        .isNotBlank();
                assertThat(response.node().at("/headers/X-Request-Id/$ref").asString())
                        .as("X-Request-Id of %s", named)
                        .isEqualTo("#/components/headers/X-Request-Id");
                response.node().path("headers").properties().forEach(header -> {
                    JsonNode schema = DOCUMENT.resolve(header.getValue()).path("schema");
                    assertThat(schema.path("type").isMissingNode())
                            .as("type of the header %s of %s", header.getKey(), named)
                            .isFalse();
                    headers.add(header.getKey() + ": " + schema.path("type").asString());
                });
                if (response.status().equals("204") || response.status().equals("304")) {
                    assertThat(response.node().has("content")).as(named).isFalse();
                    continue;
                }
                assertThat(response.examples()).as("examples of %s", named).isNotEmpty();
                if (response.status().compareTo("400") >= 0) {
                    assertThat(response.node()
                                    .at("/content/application~1json/schema/$ref")
                                    .asString())
                            .as(named)
                            .isEqualTo("#/components/schemas/ApiError");
                    response.examples()
                            .forEach(example -> assertThat(example.name())
                                    .as("an example of %s is named after its code", named)
                                    .matches(Pattern.quote(example.error()) + "(\\.[a-z0-9_]+)?"));
                }
            }
        }
        assertThat(headers)
                .contains(
                        "X-RateLimit-Remaining: integer",
                        "X-Monthly-Remaining: integer",
                        "Retry-After: integer",
                        "ETag: string");
    }

    /** What a success example asks is said in it: the tests replay it. */
    @Test
    void everySuccessExampleOfARouteSaysWhatItAsked() {
        for (Operation operation : DOCUMENT.operationsOf(Side.QUERY)) {
            List<Example> successes =
                    operation.examples().stream().filter(Example::success).toList();
            assertThat(successes).as("200 examples of %s", operation).isNotEmpty();
            successes.forEach(example -> assertThat(
                            example.node().has("x-query") || example.node().has("x-path"))
                    .as("x-query of %s", example)
                    .isTrue());
        }
    }

    /** Every example shows its value: the API reference (Redoc) renders no page at all for one without. */
    @Test
    void everyExampleHasAValue() {
        for (Operation operation : DOCUMENT.operations()) {
            for (Example example : operation.examples()) {
                assertThat(example.node().has("value"))
                        .as("value of %s", example)
                        .isTrue();
            }
        }
    }

    /** Every example, and every request body a success was answered to: required fields, types, enums, lengths, patterns, formats. */
    @Test
    void everyExampleConformsToItsSchema() {
        List<String> checked = new ArrayList<>();
        for (Operation operation : DOCUMENT.operations()) {
            for (Example example : operation.examples()) {
                if (!example.json()) {
                    continue;
                }
                assertThat(DOCUMENT.schemas().violations(example.schema(), example.value()))
                        .as("%s against its schema", example)
                        .isEmpty();
                JsonNode request = operation.node().at("/requestBody/content");
                if (example.success() && !request.isMissingNode()) {
                    String type = example.node().path("x-request-content-type").asString("application/json");
                    JsonNode body = type.startsWith("application/x-www-form-urlencoded")
                            ? form(example.node().path("x-request-body").asString())
                            : example.node().path("x-request-body");
                    assertThat(body.isMissingNode())
                            .as("the request of %s", example)
                            .isFalse();
                    assertThat(DOCUMENT.schemas().violations(request.path(type).path("schema"), body))
                            .as("the request of %s", example)
                            .isEmpty();
                }
                checked.add(example.toString());
            }
            operation
                    .node()
                    .at("/requestBody/content")
                    .properties()
                    .forEach(media -> media.getValue()
                            .path("examples")
                            .properties()
                            .forEach(example -> assertThat(DOCUMENT.schemas()
                                            .violations(
                                                    media.getValue().path("schema"),
                                                    DOCUMENT.resolve(example.getValue())
                                                            .path("value")))
                                    .as("request example %s of %s", example.getKey(), operation)
                                    .isEmpty()));
        }
        JSON.path("webhooks").forEach(webhook -> {
            JsonNode json = webhook.at("/post/requestBody/content/application~1json");
            json.path("examples").properties().forEach(example -> {
                assertThat(DOCUMENT.schemas()
                                .violations(
                                        json.path("schema"), example.getValue().path("value")))
                        .as("webhook %s", example.getKey())
                        .isEmpty();
                checked.add("webhook " + example.getKey());
            });
        });
        assertThat(checked).hasSizeGreaterThan(100).contains("webhook enrichment.completed");
    }

    /** The API and the keyless sandbox, which mirrors every read and takes no write. */
    @Test
    void theReadsAreOnBothServersAndTheCommandSidesRoutesOnTheApisOnly() {
        assertThat(JSON.path("servers").findValuesAsString("url")).containsExactly("/api", "/api/sample");
        for (Operation operation : DOCUMENT.operations()) {
            // a text's lines end where its author wrapped them
            boolean apiOnly = operation
                    .node()
                    .path("description")
                    .asString()
                    .replaceAll("\\s+", " ")
                    .endsWith(API_ONLY);
            assertThat(apiOnly)
                    .as("%s says it is the API's alone exactly when the command side answers it", operation)
                    .isEqualTo(operation.side() == Side.COMMAND);
        }
    }

    @Test
    void aKeyedRouteIsDocumentedAsPrivateAndTheKeylessStatusIsNot() {
        assertThat(header("GET /v1/fluids", "Cache-Control").path("description").asString())
                .startsWith("`private, max-age=86400`")
                .contains("Vary: Authorization, x-api-key");
        assertThat(header("GET /v1/status", "Cache-Control").path("description").asString())
                .isEqualTo("`no-cache`");
    }

    /** Its answers are no-store (HttpCachingIT, EnrichmentStatusIT): the document offers no ETag to revalidate with. */
    @Test
    void theEnrichmentStatusIsDocumentedAsNeverCached() {
        Operation enrich = operation("GET /v0/enrich");
        Operation fluids = operation("GET /v1/fluids");

        assertThat(header("GET /v0/enrich", "Cache-Control").path("description").asString())
                .contains("no-store");
        assertThat(enrich.node().at("/responses/200/headers").has("ETag")).isFalse();
        assertThat(enrich.node().path("responses").has("304")).isFalse();
        assertThat(enrich.parameters("header")).doesNotContain("If-None-Match");
        assertThat(fluids.node().at("/responses/200/headers").has("ETag")).isTrue();
        assertThat(fluids.node().path("responses").has("304")).isTrue();
        assertThat(fluids.parameters("header")).contains("If-None-Match");
    }

    /**
     * /api/v1/decode is two handlers told apart by partial_vin: one operation describes both modes, with one named
     * answer generated clients read both from.
     */
    @Test
    void theDecodeRouteDocumentsItsIdentifierModesAndItsPartialVinMode() {
        Operation decode = operation("GET /v1/decode");
        JsonNode node = decode.node();

        assertThat(decode.id()).isEqualTo("decode");
        assertThat(node.path("summary").asString()).contains("Identity from a decode", "partial_vin");
        assertThat(node.path("description").asString())
                .contains("In vin mode", "**With `partial_vin`**", "Needs a key with scope `maintenance:read`.");
        JsonNode answer = node.at("/responses/200/content/application~1json/schema");
        assertThat(answer.path("$ref").asString())
                .as("a named type for generated clients")
                .isEqualTo("#/components/schemas/DecodeAnswer");
        JsonNode either = DOCUMENT.resolve(answer);
        assertThat(either.path("properties").propertyNames())
                .as("one object carrying either mode's fields, so that clients read one type")
                .containsExactlyInAnyOrder("vehicle", "decode", "matches", "partial_decode");
        assertThat(either.has("required")).as("no field is in both modes").isFalse();
        assertThat(JSON.at("/components/schemas").has("PartialDecodeResponse"))
                .as("merged, not left behind")
                .isFalse();
        Map<String, JsonNode> examples = new LinkedHashMap<>();
        decode.examples().forEach(example -> examples.put(example.name(), example.node()));
        assertThat(examples.get("partial_vin").path("x-query").asString()).startsWith("?partial_vin=");
        assertThat(examples.get("partial_vin")
                        .at("/value/partial_decode/release/data_date")
                        .asString())
                .isNotBlank();
        assertThat(examples.get("sample").at("/value/decode/release/sha256").asString())
                .hasSize(64);
        assertThat(examples.get("check_digit")
                        .at("/value/decode/warnings/0/nhtsa_code")
                        .asInt())
                .isEqualTo(1);
        assertThat(examples)
                .containsKeys(
                        "invalid_param.partial_vin",
                        "not_found.partial_vin",
                        "not_found.unknown_wmi",
                        "unsupported_vehicle",
                        "service_unavailable");
        assertThat(examples.get("unsupported_vehicle")
                        .at("/value/decode/engine_code")
                        .isNull())
                .isTrue();
        assertThat(JSON.at("/components/schemas/ApiError/properties/decode/$ref")
                        .asString())
                .isEqualTo("#/components/schemas/VinDecoding");
    }

    /** Each VIN of a batch is a read (DecodeBatchIT counts them): the document says so, with the 429 it gives. */
    @Test
    void theBatchRouteDocumentsThatEachVinIsARead() {
        Operation batch = operation("GET /v1/decode/batch");

        assertThat(batch.node().path("description").asString())
                .contains(
                        "Each item of `vins` counts as one read", "read_quota_exceeded", "This request needs N reads");
        assertThat(batch.examples().stream()
                        .filter(example -> example.name().equals("read_quota_exceeded"))
                        .map(example -> example.value().path("message").asString()))
                .singleElement()
                .asString()
                .startsWith("This request needs 2 reads");
    }

    @Test
    void theDocumentDescribesThePagingOfEveryListing() {
        for (String route : List.of("/v1/years", "/v1/makes", "/v1/models", "/v1/trims", "/v1/configs")) {
            JsonNode get = JSON.path("paths").path(route).path("get");
            assertThat(get.path("parameters").toString())
                    .as(route)
                    .contains("#/components/parameters/limit", "#/components/parameters/cursor");
            assertThat(header("GET " + route, "Link").path("description").asString())
                    .as(route)
                    .contains("rel=\"next\"");
            assertThat(get.path("x-required-scope").asString()).isEqualTo("maintenance:read");
        }
        assertThat(JSON.at("/paths/~1v1~1makes/get/tags/0").asString()).isEqualTo("Catalog");
        assertThat(JSON.at("/paths/~1v1~1configs/get/description").asString())
                .contains("**With `year`**", "without `model`");
        assertThat(JSON.at("/components/parameters/limit/schema/maximum").asInt())
                .isEqualTo(1000);
    }

    /** The types the generated clients and their tours use keep their names. */
    @Test
    void theComponentsGeneratedClientsNameKeepTheirNames() {
        assertThat(JSON.at("/components/schemas").propertyNames())
                .contains(
                        "ApiError",
                        "DecodeAnswer",
                        "ConfigsAnswer",
                        "BatchResult",
                        "EnrichmentAnswer",
                        "VehicleResponse",
                        "FluidsResponse",
                        "EnrichmentStatusResponse");
        assertThat(DOCUMENT.operations().stream().map(Operation::id))
                .contains("getVehicle", "getFluids", "scheduleEnrichment", "getEnrichmentStatus", "requestAccess");
    }

    private static Operation operation(String route) {
        return DOCUMENT.operations().stream()
                .filter(operation -> operation.route().equals(route))
                .findFirst()
                .orElseThrow(() -> new AssertionError(route + " is not in the document"));
    }

    /** A header of the operation's 200, references followed. */
    private static JsonNode header(String route, String name) {
        return DOCUMENT.resolve(
                operation(route).node().at("/responses/200/headers").path(name));
    }

    private static List<String> concat(List<String> first, List<String> second) {
        List<String> both = new ArrayList<>(first);
        both.addAll(second);
        return both;
    }

    /** A URL-encoded form as the JSON object of its fields (a field given twice, as an array). */
    private static JsonNode form(String encoded) {
        Map<String, Object> fields = new LinkedHashMap<>();
        for (String pair : encoded.split("&")) {
            String[] parts = pair.split("=", 2);
            String name = URLDecoder.decode(parts[0], StandardCharsets.UTF_8);
            String value = parts.length > 1 ? URLDecoder.decode(parts[1], StandardCharsets.UTF_8) : "";
            fields.merge(name, value, (first, second) -> List.of(first, second));
        }
        return JsonMapper.builder().build().valueToTree(fields);
    }
}
