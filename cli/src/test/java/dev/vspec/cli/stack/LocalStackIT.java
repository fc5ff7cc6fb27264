package dev.vspec.cli.stack;

import dev.vspec.infra.access.AccessRequestStore;
import dev.vspec.infra.decoding.DecoderSource;
import dev.vspec.infra.testing.DecoderReady;
import dev.vspec.infra.testing.Reachability;
import dev.vspec.infra.access.Plan;
import dev.vspec.infra.testing.TestKeys;
import org.jooq.SQLDialect;
import org.jooq.impl.DSL;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import dev.vspec.contracts.identity.ConfigKey;
import dev.vspec.infra.testing.TestDatabase;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.Writer;
import java.net.InetAddress;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The local stack end to end, as {@code vspec up} runs it: the sample catalog goes in through the
 * command side, through the event store, the relay, a real Kafka broker and the projections, and
 * comes back out of the query side over HTTP through the gateway. Expectations come from the
 * catalog file itself.
 */
class LocalStackIT {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    @TempDir
    static Path dataDir;

    private static TestDatabase database;
    private static LocalStack stack;
    private static JsonNode catalog;
    private static String key;
    private static final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    @BeforeAll
    static void startTheStack() throws IOException {
        try (InputStream in = LocalStackIT.class.getResourceAsStream("/catalog/sample/catalog.json")) {
            catalog = JSON.readTree(in);
        }
        database = TestDatabase.createWithVpic("vspec_stack");
        stack = LocalStack.start(StackSettings.onFreePorts(dataDir, database.url(), database.user(), database.password()));
        stack.awaitCaughtUp(Duration.ofMinutes(2), new PrintWriter(Writer.nullWriter()));
        key = TestKeys.issue(DSL.using(stack.dataSource(), SQLDialect.POSTGRES), Plan.FREE);
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
    void importsTheSampleCatalogIntoAnEmptyEventStore() {
        assertThat(stack.sampleImported()).isTrue();
    }

    @Test
    void onlyTheGatewayListensBeyondThisMachine() {
        Optional<InetAddress> external = Reachability.externalAddress();
        assumeThat(external).as("a non-loopback address to try").isPresent();

        for (Deployable deployable : Deployable.values()) {
            assertThat(Reachability.accepts(external.get(), stack.port(deployable)))
                    .as(deployable.id + " from outside").isEqualTo(deployable == Deployable.GATEWAY);
            assertThat(Reachability.accepts(external.get(), stack.managementPort(deployable)))
                    .as(deployable.id + "'s management port from outside").isFalse();
            assertThat(Reachability.accepts(InetAddress.getLoopbackAddress(), stack.managementPort(deployable)))
                    .as(deployable.id + "'s management port here").isTrue();
        }
    }

    @Test
    void oneDecoderIndexServesEveryDeployableThatDecodes() throws Exception {
        DecoderSource decoders = stack.context(Deployable.QUERY_SIDE).getBean(DecoderSource.class);

        assertThat(stack.context(Deployable.COMMAND_SIDE).getBean(DecoderSource.class)).isSameAs(decoders);
        assertThat(stack.context(Deployable.SANDBOX).getBean(DecoderSource.class)).isSameAs(decoders);
        DecoderReady.await(decoders);
        HttpResponse<String> accord = get("/api/v1/decode?vin=1HGCM82633A004352");
        assertThat(accord.statusCode()).isEqualTo(200);
        JsonNode decode = JSON.readTree(accord.body()).path("decode");
        assertThat(decode.path("make").asString()).isEqualTo("HONDA");
        assertThat(decode.path("model").asString()).isEqualTo("Accord");
        assertThat(decode.path("model_year").asInt()).isEqualTo(2003);
    }

    @Test
    void answersFluidsForEveryIdentifierModeThroughTheGateway() throws Exception {
        JsonNode config = firstConfigurationWithFluidsAndVins();
        String key = configKeyOf(config);
        String vin = config.get("vins").get(0).asString();

        for (String query : List.of("vin=" + vin, "config_key=" + key, ymmtQuery(config))) {
            HttpResponse<String> response = get("/api/v1/fluids?" + query);
            assertThat(response.statusCode()).as(query).isEqualTo(200);
            JsonNode body = JSON.readTree(response.body());
            assertThat(body.at("/vehicle/config_key").asString()).isEqualTo(key);
            assertThat(body.at("/vehicle/label").asString()).isEqualTo(config.get("label").asString());
            assertThat(fluidSummaries(body.get("fluids"), "capacity/litres"))
                    .isEqualTo(fluidSummaries(config.get("fluids"), "capacity_litres"));
        }
    }

    @Test
    void anAmbiguousYearMakeModelAnswers409WithEveryCandidate() throws Exception {
        Map<String, List<JsonNode>> byYmm = new HashMap<>();
        for (JsonNode config : catalog.get("configurations")) {
            byYmm.computeIfAbsent(config.get("year").asInt() + "|" + config.get("make").asString() + "|"
                    + config.get("model").asString(), k -> new ArrayList<>()).add(config);
        }
        List<JsonNode> candidates = byYmm.values().stream().filter(list -> list.size() > 1).findFirst().orElseThrow();
        JsonNode first = candidates.get(0);
        String query = "year=" + first.get("year").asInt() + "&make=" + encode(first.get("make").asString().toUpperCase())
                + "&model=" + encode(first.get("model").asString().toLowerCase());

        HttpResponse<String> response = get("/api/v1/fluids?" + query);

        assertThat(response.statusCode()).isEqualTo(409);
        JsonNode body = JSON.readTree(response.body());
        assertThat(body.get("error").asString()).isEqualTo("multiple_matches");
        assertThat(StreamSupport.stream(body.get("matches").spliterator(), false).map(m -> m.get("config_key").asString()))
                .containsExactlyInAnyOrderElementsOf(candidates.stream().map(LocalStackIT::configKeyOf).toList());

        HttpResponse<String> list = get("/api/v1/configs?" + query);
        assertThat(list.statusCode()).isEqualTo(200);
        assertThat(JSON.readTree(list.body()).get("configs")).hasSize(candidates.size());
    }

    @Test
    void aMissingIdentifierIs400MissingParamDecoratedByTheGateway() throws Exception {
        HttpResponse<String> response = get("/api/v1/fluids");

        assertThat(response.statusCode()).isEqualTo(400);
        JsonNode error = JSON.readTree(response.body());
        assertThat(error.get("error").asString()).isEqualTo("missing_param");
        assertThat(error.get("object").asString()).isEqualTo("error");
        assertThat(error.get("docs").asString()).isEqualTo(stack.url(Deployable.GATEWAY) + "/docs#missing_param");
        assertThat(error.get("request_id").asString()).isEqualTo(response.headers().firstValue("X-Request-Id").orElseThrow());
    }

    @Test
    void aVinOfTheWrongLengthIs400InvalidVin() throws Exception {
        HttpResponse<String> response = get("/api/v1/fluids?vin=1HGCM8263");

        assertThat(response.statusCode()).isEqualTo(400);
        assertThat(JSON.readTree(response.body()).get("error").asString()).isEqualTo("invalid_vin");
    }

    @Test
    void passesTheKeysLimitHeadersThroughAndRefusesAMissingKey() throws Exception {
        HttpResponse<String> answered = get("/api/v1/fluids?vin=1HGCM8263");
        assertThat(answered.headers().firstValue("X-RateLimit-Limit")).hasValue("60");
        assertThat(answered.headers().firstValue("X-Monthly-Limit")).hasValue("10000");

        HttpResponse<String> keyless = http.send(HttpRequest.newBuilder(URI.create(stack.url(Deployable.GATEWAY) + "/api/v1/fluids?vin=1HGCM8263"))
                .timeout(Duration.ofSeconds(10)).GET().build(), HttpResponse.BodyHandlers.ofString());
        assertThat(keyless.statusCode()).isEqualTo(401);
        assertThat(JSON.readTree(keyless.body()).get("error").asString()).isEqualTo("invalid_api_key");
    }

    @Test
    void servesTheKeylessSandboxThroughTheGateway() throws Exception {
        String base = stack.url(Deployable.GATEWAY) + "/api/sample";
        HttpResponse<String> fluids = http.send(HttpRequest.newBuilder(URI.create(base + "/v1/fluids?vin=19XFC2F52KE715372"))
                .timeout(Duration.ofSeconds(10)).GET().build(), HttpResponse.BodyHandlers.ofString());
        assertThat(fluids.statusCode()).isEqualTo(200);
        assertThat(JSON.readTree(fluids.body()).at("/vehicle/config_key").asString()).isEqualTo("2019-honda-civic-lx-k20c2-fwd");
        assertThat(fluids.headers().firstValue("X-RateLimit-Limit")).hasValue("30");
        assertThat(fluids.headers().firstValue("RateLimit-Policy")).hasValue("30;w=60, 500;w=86400");

        HttpResponse<String> write = http.send(HttpRequest.newBuilder(URI.create(base + "/v0/enrich"))
                .timeout(Duration.ofSeconds(10)).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"vin\":\"19XFC2F52KE715372\"}")).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(write.statusCode()).isEqualTo(403);
        assertThat(JSON.readTree(write.body()).get("error").asString()).isEqualTo("write_disabled");
    }

    @Test
    void takesARequestForAccessThroughTheGateway() throws Exception {
        HttpResponse<String> response = http.send(HttpRequest.newBuilder(URI.create(stack.url(Deployable.GATEWAY) + "/api/request-access"))
                .timeout(Duration.ofSeconds(10))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString("name=Dana+Ruiz&email=dana%40fleet.example&company=Ruiz+Fleet"
                        + "&intended_use=Service+reminders+for+our+delivery+vans&plan=pro"))
                .build(), HttpResponse.BodyHandlers.ofString());

        assertThat(response.statusCode()).as(response.body()).isEqualTo(201);
        assertThat(new AccessRequestStore(DSL.using(stack.dataSource(), SQLDialect.POSTGRES)).list())
                .anySatisfy(request -> assertThat(request.email()).isEqualTo("dana@fleet.example"));
    }

    private static HttpResponse<String> get(String pathAndQuery) throws IOException, InterruptedException {
        return http.send(HttpRequest.newBuilder(URI.create(stack.url(Deployable.GATEWAY) + pathAndQuery))
                .header("Authorization", "Bearer " + key)
                .timeout(Duration.ofSeconds(10)).GET().build(), HttpResponse.BodyHandlers.ofString());
    }

    /** A configuration with fluids and VINs whose year/make/model/trim names it alone. */
    private static JsonNode firstConfigurationWithFluidsAndVins() {
        Map<String, Integer> trims = new HashMap<>();
        for (JsonNode config : catalog.get("configurations")) {
            trims.merge(ymmtQuery(config).toLowerCase(), 1, Integer::sum);
        }
        for (JsonNode config : catalog.get("configurations")) {
            if (config.has("fluids") && !config.get("fluids").isEmpty() && config.has("vins") && !config.get("vins").isEmpty()
                    && trims.get(ymmtQuery(config).toLowerCase()) == 1) {
                return config;
            }
        }
        throw new AssertionError("the sample catalog has no configuration with fluids, VINs and a unique trim");
    }

    private static String configKeyOf(JsonNode config) {
        return ConfigKey.of(config.get("year").asInt(), config.get("make").asString(), config.get("model").asString(),
                config.get("trim").asString(), config.get("engine_code").asString(),
                config.hasNonNull("drivetrain") ? config.get("drivetrain").asString() : null).value();
    }

    private static String ymmtQuery(JsonNode config) {
        return "year=" + config.get("year").asInt() + "&make=" + encode(config.get("make").asString())
                + "&model=" + encode(config.get("model").asString()) + "&trim=" + encode(config.get("trim").asString());
    }

    private static List<String> fluidSummaries(JsonNode fluids, String litresPath) {
        List<String> summaries = new ArrayList<>();
        for (JsonNode fluid : fluids) {
            summaries.add(fluid.get("type").asString() + "|" + fluid.get("specification").asString() + "|"
                    + fluid.at("/" + litresPath).decimalValue().stripTrailingZeros().toPlainString());
        }
        return summaries;
    }

    private static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }
}
