package dev.vspec.cli.stack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;
import static org.awaitility.Awaitility.await;

import dev.vspec.access.AccessRequestStore;
import dev.vspec.cli.VspecCli;
import dev.vspec.contracts.access.Plan;
import dev.vspec.contracts.identity.ConfigKey;
import dev.vspec.decoding.DecoderSource;
import dev.vspec.testing.DecoderReady;
import dev.vspec.testing.Reachability;
import dev.vspec.testing.TestKeys;
import dev.vspec.testing.database.TestDatabase;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
import org.jooq.SQLDialect;
import org.jooq.impl.DSL;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import picocli.CommandLine;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The local stack end to end, as {@code vspec up} runs it: the sample catalog goes in through the
 * command side, through the event store, the relay, a real Kafka broker and the projections, and
 * comes back out of the query side over HTTP through the gateway. Expectations come from the
 * catalog file itself. The 2024 Hondas that {@code vspec catalog import-vpic} registers while the stack
 * runs take the same way; their tests scope what they count to that year and make, which the sample
 * catalog does not hold, so neither set of tests depends on whether the other ran first.
 */
@ExtendWith(SharedStack.Resolver.class)
class LocalStackIT {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    /** Entries per page of the listings over the vPIC-seeded catalog: small, so that they take several pages. */
    private static final int PAGE = 7;
    /** The same for the trims of one model, which are fewer. */
    private static final int TRIM_PAGE = 3;

    private static TestDatabase database;
    private static LocalStack stack;
    private static JsonNode catalog;
    private static String key;
    private static final HttpClient http =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    @BeforeAll
    static void useTheSharedStack(SharedStack shared) throws IOException {
        try (InputStream in = LocalStackIT.class.getResourceAsStream("/catalog/sample/catalog.json")) {
            catalog = JSON.readTree(in);
        }
        database = shared.database();
        stack = shared.stack();
        key = TestKeys.issue(DSL.using(stack.dataSource(), SQLDialect.POSTGRES), Plan.FREE);
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
                    .as(deployable.id + " from outside")
                    .isEqualTo(deployable == Deployable.GATEWAY);
            assertThat(Reachability.accepts(external.get(), stack.managementPort(deployable)))
                    .as(deployable.id + "'s management port from outside")
                    .isFalse();
            assertThat(Reachability.accepts(InetAddress.getLoopbackAddress(), stack.managementPort(deployable)))
                    .as(deployable.id + "'s management port here")
                    .isTrue();
        }
    }

    @Test
    void eachDeployableStartsTheAutoConfigurationOfItsOwnJarsAlone() {
        assertThat(beanTypes(Deployable.QUERY_SIDE))
                .doesNotContain("org.axonframework.eventsourcing.eventstore.EventStore")
                .doesNotContain("org.springframework.kafka.core.KafkaAdmin");
        assertThat(beanTypes(Deployable.SANDBOX)).doesNotContain("org.springframework.kafka.core.KafkaAdmin");
        assertThat(beanTypes(Deployable.GATEWAY)).doesNotContain("javax.sql.DataSource");
        assertThat(beanTypes(Deployable.COMMAND_SIDE))
                .contains("org.axonframework.eventsourcing.eventstore.EventStore", "javax.sql.DataSource")
                .doesNotContain("org.springframework.cloud.gateway.server.mvc.config.GatewayMvcProperties");
    }

    /** The types among {@code interesting} that the deployable's context has a bean of. */
    private static List<String> beanTypes(Deployable deployable) {
        var context = stack.context(deployable);
        return Stream.of(
                        "org.axonframework.eventsourcing.eventstore.EventStore",
                        "org.springframework.kafka.core.KafkaAdmin",
                        "javax.sql.DataSource",
                        "org.springframework.cloud.gateway.server.mvc.config.GatewayMvcProperties")
                .filter(type -> {
                    try {
                        return context.getBeanNamesForType(Class.forName(type)).length > 0;
                    } catch (ClassNotFoundException absent) {
                        return false;
                    }
                })
                .toList();
    }

    @Test
    void eachDeployableWithADatabaseLogsInAsItsOwnRole() throws SQLException {
        for (Deployable deployable :
                List.of(Deployable.COMMAND_SIDE, Deployable.PROJECTIONS, Deployable.QUERY_SIDE, Deployable.SANDBOX)) {
            try (Connection connection = stack.context(deployable)
                            .getBean(javax.sql.DataSource.class)
                            .getConnection();
                    ResultSet user = connection.createStatement().executeQuery("SELECT current_user")) {
                user.next();
                assertThat(user.getString(1))
                        .as(deployable.name())
                        .isEqualTo(database.name() + "_" + deployable.name().toLowerCase(java.util.Locale.ROOT));
            }
        }
    }

    @Test
    void oneDecoderIndexServesEveryDeployableThatDecodes() throws Exception {
        DecoderSource decoders = stack.context(Deployable.QUERY_SIDE).getBean(DecoderSource.class);

        assertThat(stack.context(Deployable.COMMAND_SIDE).getBean(DecoderSource.class))
                .isSameAs(decoders);
        assertThat(stack.context(Deployable.SANDBOX).getBean(DecoderSource.class))
                .isSameAs(decoders);
        DecoderReady.await(decoders);
        HttpResponse<String> accord = get("/api/v1/decode?vin=1HGCM82633A004352");
        assertThat(accord.statusCode()).isEqualTo(200);
        JsonNode decode = JSON.readTree(accord.body()).path("decode");
        assertThat(decode.path("make").asString()).isEqualTo("Honda");
        assertThat(decode.path("vpic_make").asString()).isEqualTo("HONDA");
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
            assertThat(body.at("/vehicle/label").asString())
                    .isEqualTo(config.get("label").asString());
            assertThat(fluidSummaries(body.get("fluids"), "capacity/litres"))
                    .isEqualTo(fluidSummaries(config.get("fluids"), "capacity_litres"));
        }
    }

    @Test
    void anAmbiguousYearMakeModelAnswers409WithEveryCandidate() throws Exception {
        Map<String, List<JsonNode>> byYmm = new HashMap<>();
        for (JsonNode config : catalog.get("configurations")) {
            byYmm.computeIfAbsent(
                            config.get("year").asInt() + "|"
                                    + config.get("make").asString() + "|"
                                    + config.get("model").asString(),
                            k -> new ArrayList<>())
                    .add(config);
        }
        List<JsonNode> candidates = byYmm.values().stream()
                .filter(list -> list.size() > 1)
                .findFirst()
                .orElseThrow();
        JsonNode first = candidates.get(0);
        String query = "year=" + first.get("year").asInt() + "&make="
                + encode(first.get("make").asString().toUpperCase()) + "&model="
                + encode(first.get("model").asString().toLowerCase());

        HttpResponse<String> response = get("/api/v1/fluids?" + query);

        assertThat(response.statusCode()).isEqualTo(409);
        JsonNode body = JSON.readTree(response.body());
        assertThat(body.get("error").asString()).isEqualTo("multiple_matches");
        assertThat(StreamSupport.stream(body.get("matches").spliterator(), false)
                        .map(m -> m.get("config_key").asString()))
                .containsExactlyInAnyOrderElementsOf(
                        candidates.stream().map(LocalStackIT::configKeyOf).toList());

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
        assertThat(error.get("request_id").asString())
                .isEqualTo(response.headers().firstValue("X-Request-Id").orElseThrow());
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

        HttpResponse<String> keyless = http.send(
                HttpRequest.newBuilder(URI.create(stack.url(Deployable.GATEWAY) + "/api/v1/fluids?vin=1HGCM8263"))
                        .timeout(Duration.ofSeconds(10))
                        .GET()
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(keyless.statusCode()).isEqualTo(401);
        assertThat(JSON.readTree(keyless.body()).get("error").asString()).isEqualTo("invalid_api_key");
    }

    @Test
    void servesTheKeylessSandboxThroughTheGateway() throws Exception {
        String base = stack.url(Deployable.GATEWAY) + "/api/sample";
        HttpResponse<String> fluids = http.send(
                HttpRequest.newBuilder(URI.create(base + "/v1/fluids?vin=19XFC2F52KE715372"))
                        .timeout(Duration.ofSeconds(10))
                        .GET()
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(fluids.statusCode()).isEqualTo(200);
        assertThat(JSON.readTree(fluids.body()).at("/vehicle/config_key").asString())
                .isEqualTo("2019-honda-civic-lx-k20c2-fwd");
        assertThat(fluids.headers().firstValue("X-RateLimit-Limit")).hasValue("30");
        assertThat(fluids.headers().firstValue("RateLimit-Policy")).hasValue("30;w=60, 500;w=86400");

        HttpResponse<String> write = http.send(
                HttpRequest.newBuilder(URI.create(base + "/v0/enrich"))
                        .timeout(Duration.ofSeconds(10))
                        .header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString("{\"vin\":\"19XFC2F52KE715372\"}"))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(write.statusCode()).isEqualTo(403);
        assertThat(JSON.readTree(write.body()).get("error").asString()).isEqualTo("write_disabled");
    }

    @Test
    void takesARequestForAccessThroughTheGateway() throws Exception {
        HttpResponse<String> response = http.send(
                HttpRequest.newBuilder(URI.create(stack.url(Deployable.GATEWAY) + "/api/request-access"))
                        .timeout(Duration.ofSeconds(10))
                        .header("Content-Type", "application/x-www-form-urlencoded")
                        .POST(HttpRequest.BodyPublishers.ofString(
                                "name=Dana+Ruiz&email=dana%40fleet.example&company=Ruiz+Fleet"
                                        + "&intended_use=Service+reminders+for+our+delivery+vans&plan=pro"))
                        .build(),
                HttpResponse.BodyHandlers.ofString());

        assertThat(response.statusCode()).as(response.body()).isEqualTo(201);
        assertThat(new AccessRequestStore(DSL.using(stack.dataSource(), SQLDialect.POSTGRES)).list())
                .anySatisfy(request -> assertThat(request.email()).isEqualTo("dana@fleet.example"));
    }

    @Test
    void listingsPageOverTheHondasOf2024ThatImportVpicSeedsWhileTheStackRuns() throws Exception {
        // a key of its own, so that the pages read here spend no other test's requests per minute
        String reader = TestKeys.issue(DSL.using(stack.dataSource(), SQLDialect.POSTGRES), Plan.SCALE);
        long before = lastGlobalIndex();
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();

        int exit = new CommandLine(new VspecCli())
                .setOut(new PrintWriter(out))
                .setErr(new PrintWriter(err))
                .execute(
                        "catalog",
                        "import-vpic",
                        "--years",
                        "2024",
                        "--makes",
                        "Honda",
                        "--db-url",
                        database.url(),
                        "--db-user",
                        database.user());

        assertThat(exit).as(err.toString()).isZero();
        int found = number(out.toString(), "Found ([\\d,]+) configurations");
        assertThat(out.toString())
                .contains(found + " configurations, " + 2 * found + " commands, " + 2 * found + " events stored.");
        Map<String, JsonNode> registered = registered2024Hondas();
        Set<String> imported = registered2024Hondas(before).keySet();
        assertThat(imported).hasSize(found);
        assertThat(registered.keySet()).containsAll(imported);

        // through the event store, the relay, Kafka and the projections to the query side, behind the gateway
        await().atMost(Duration.ofMinutes(2))
                .pollInterval(Duration.ofMillis(500))
                .untilAsserted(() -> {
                    HttpResponse<String> all = get(reader, "/api/v1/configs?year=2024&make=HONDA&limit=1000");
                    assertThat(all.statusCode()).as(all.body()).isEqualTo(200);
                    assertThat(JSON.readTree(all.body()).get("configs")).hasSize(registered.size());
                });

        List<List<JsonNode>> configPages = pages(reader, "/api/v1/configs?year=2024&make=Honda", "configs", PAGE);
        List<JsonNode> configs = configPages.stream().flatMap(List::stream).toList();
        List<String> keys = configs.stream()
                .map(config -> config.get("config_key").asString())
                .toList();
        assertThat(keys).as("pages are disjoint").doesNotHaveDuplicates();
        assertThat(keys).as("every configuration once").containsExactlyInAnyOrderElementsOf(registered.keySet());
        assertThat(configPages).hasSize((registered.size() + PAGE - 1) / PAGE);
        for (JsonNode config : configs) {
            JsonNode event = registered.get(config.get("config_key").asString());
            assertThat(config.get("model").asString())
                    .isEqualTo(event.get("model").asString());
            assertThat(config.get("trim").asString())
                    .isEqualTo(event.get("trim").asString());
            assertThat(config.get("engine_code").asString())
                    .isEqualTo(event.get("engineCode").asString());
        }

        Map<String, Long> perModel = configs.stream()
                .collect(Collectors.groupingBy(
                        config -> folded(config.get("model").asString()), TreeMap::new, Collectors.counting()));
        List<List<JsonNode>> modelPages = pages(reader, "/api/v1/models?year=2024&make=Honda", "models", PAGE);
        List<JsonNode> models = modelPages.stream().flatMap(List::stream).toList();
        assertThat(modelPages).hasSize(Math.max(1, (perModel.size() + PAGE - 1) / PAGE));
        assertThat(models.stream().map(model -> folded(model.get("model").asString())))
                .doesNotHaveDuplicates();
        assertThat(models.stream()
                        .mapToLong(model -> model.get("configurations").asLong())
                        .sum())
                .isEqualTo(registered.size());
        assertThat(models.stream()
                        .collect(Collectors.toMap(
                                model -> folded(model.get("model").asString()),
                                model -> model.get("configurations").asLong())))
                .isEqualTo(perModel);

        // the model with the most configurations, and its trims
        JsonNode largest = models.stream()
                .max(Comparator.comparingLong(
                        model -> model.get("configurations").asLong()))
                .orElseThrow();
        String model = largest.get("model").asString();
        Map<String, Long> perTrim = configs.stream()
                .filter(config -> folded(config.get("model").asString()).equals(folded(model)))
                .collect(Collectors.groupingBy(
                        config -> folded(config.get("trim").asString()), Collectors.counting()));
        String trimsRoute = "/api/v1/trims?year=2024&make=Honda&model=" + encode(model);
        List<List<JsonNode>> trimPages = pages(reader, trimsRoute, "trims", TRIM_PAGE);
        List<JsonNode> trims = trimPages.stream().flatMap(List::stream).toList();
        assertThat(trimPages).hasSize(Math.max(1, (perTrim.size() + TRIM_PAGE - 1) / TRIM_PAGE));
        assertThat(trims.stream()
                        .mapToLong(trim -> trim.get("configurations").asLong())
                        .sum())
                .isEqualTo(largest.get("configurations").asLong());
        assertThat(trims.stream()
                        .collect(Collectors.toMap(
                                trim -> folded(trim.get("trim").asString()),
                                trim -> trim.get("configurations").asLong())))
                .isEqualTo(perTrim);

        // the ETag of a page, and a conditional read of it
        for (String route : List.of(
                "/api/v1/models?year=2024&make=Honda&limit=" + PAGE,
                trimsRoute + "&limit=" + TRIM_PAGE,
                "/api/v1/configs?year=2024&make=Honda&limit=" + PAGE)) {
            HttpResponse<String> first = get(reader, route);
            String etag =
                    first.headers().firstValue("ETag").orElseThrow(() -> new AssertionError(route + " has no ETag"));
            assertThat(etag).as(route).matches("W/\"[0-9a-f]{16}\"");
            HttpResponse<String> again = get(reader, route, "If-None-Match", etag);
            assertThat(again.statusCode()).as(route).isEqualTo(304);
            assertThat(again.body()).isEmpty();
        }

        // a cursor the listing did not give (cut short, with a character added, another listing's), a limit over 1,000
        String cursor = JSON.readTree(get(reader, "/api/v1/configs?year=2024&make=Honda&limit=" + PAGE)
                        .body())
                .get("next")
                .asString()
                .replaceFirst(".*cursor=", "");
        String modelsCursor = JSON.readTree(get(reader, "/api/v1/models?year=2024&make=Honda&limit=1")
                        .body())
                .get("next")
                .asString()
                .replaceFirst(".*cursor=", "");
        for (String refused : List.of(cursor.substring(0, cursor.length() / 2), cursor + "!", modelsCursor)) {
            assertInvalidParam(
                    get(reader, "/api/v1/configs?year=2024&make=Honda&limit=" + PAGE + "&cursor=" + refused), "cursor");
        }
        for (String route :
                List.of("/api/v1/models?year=2024&make=Honda", trimsRoute, "/api/v1/configs?year=2024&make=Honda")) {
            assertInvalidParam(get(reader, route + "&limit=1001"), "limit");
        }

        // the keyless sandbox answers its own sample catalog, never the live one
        HttpResponse<String> sample = http.send(
                HttpRequest.newBuilder(URI.create(stack.url(Deployable.GATEWAY)
                                + "/api/sample/v1/configs?year=2024&make=Honda&limit=1000"))
                        .timeout(Duration.ofSeconds(10))
                        .GET()
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(sample.statusCode()).as(sample.body()).isEqualTo(200);
        assertThat(JSON.readTree(sample.body()).get("configs").findValuesAsString("config_key"))
                .doesNotContainAnyElementsOf(imported);
    }

    /**
     * Every page of a listing, {@code limit} entries at a time, following each page's {@code next} from the first
     * and checking that its {@code Link} header names the same page.
     */
    private static List<List<JsonNode>> pages(String reader, String first, String field, int limit) throws Exception {
        String path = first.substring(0, first.indexOf('?'));
        List<List<JsonNode>> pages = new ArrayList<>();
        String next = first + "&limit=" + limit;
        while (next != null) {
            HttpResponse<String> response = get(reader, next);
            assertThat(response.statusCode()).as(next + ": " + response.body()).isEqualTo(200);
            JsonNode page = JSON.readTree(response.body());
            List<JsonNode> entries = new ArrayList<>();
            page.get(field).forEach(entries::add);
            pages.add(entries);
            next = page.get("next").isNull() ? null : page.get("next").asString();
            assertThat(response.headers().firstValue("Link"))
                    .as(first)
                    .isEqualTo(Optional.ofNullable(next).map(link -> "<" + link + ">; rel=\"next\""));
            if (next != null) {
                assertThat(entries).as(first).hasSize(limit);
                assertThat(next).startsWith(path + "?").contains("&limit=" + limit + "&cursor=");
            } else {
                assertThat(entries).as(first).hasSizeBetween(pages.size() == 1 ? 0 : 1, limit);
            }
            assertThat(pages.size()).as("pages of %s", first).isLessThan(1_000);
        }
        return pages;
    }

    /** The spec's 400: JSON with the code and a message, decorated by the gateway. */
    private static void assertInvalidParam(HttpResponse<String> response, String parameter) {
        assertThat(response.statusCode()).as(response.body()).isEqualTo(400);
        assertThat(response.headers().firstValue("Content-Type"))
                .hasValueSatisfying(type -> assertThat(type).startsWith("application/json"));
        JsonNode error = JSON.readTree(response.body());
        assertThat(error.get("error").asString()).isEqualTo("invalid_param");
        assertThat(error.get("message").asString()).startsWith(parameter);
        assertThat(error.get("object").asString()).isEqualTo("error");
    }

    /** The configurations of 2024 HONDA the event store registered, by key, each as its event's payload. */
    private static Map<String, JsonNode> registered2024Hondas() throws SQLException {
        return registered2024Hondas(0);
    }

    /** The same, of the events stored after global index {@code after}. */
    private static Map<String, JsonNode> registered2024Hondas(long after) throws SQLException {
        Map<String, JsonNode> registered = new LinkedHashMap<>();
        try (Connection connection = stack.dataSource().getConnection();
                PreparedStatement query = connection.prepareStatement(
                        "select convert_from(payload, 'UTF8')"
                                + " from events.domainevententry where payloadtype = ? and globalindex > ? order by globalindex")) {
            query.setString(1, "dev.vspec.contracts.catalog.ConfigurationRegistered");
            query.setLong(2, after);
            try (ResultSet rows = query.executeQuery()) {
                while (rows.next()) {
                    JsonNode payload = JSON.readTree(rows.getString(1));
                    if (payload.get("year").asInt() == 2024
                            && folded(payload.get("make").asString()).equals("honda")) {
                        registered.put(payload.get("configKey").asString(), payload);
                    }
                }
            }
        }
        return registered;
    }

    private static long lastGlobalIndex() throws SQLException {
        try (Connection connection = stack.dataSource().getConnection();
                ResultSet rows = connection
                        .createStatement()
                        .executeQuery("select coalesce(max(globalindex), 0) from events.domainevententry")) {
            rows.next();
            return rows.getLong(1);
        }
    }

    private static int number(String text, String regex) {
        Matcher matcher = Pattern.compile(regex).matcher(text);
        assertThat(matcher.find()).as(text).isTrue();
        return Integer.parseInt(matcher.group(1).replace(",", ""));
    }

    /** A name as listings match it: case and inner whitespace do not matter. */
    private static String folded(String name) {
        return name.strip().replaceAll("\\s+", " ").toLowerCase(Locale.ROOT);
    }

    private static HttpResponse<String> get(String pathAndQuery) throws IOException, InterruptedException {
        return get(key, pathAndQuery);
    }

    private static HttpResponse<String> get(String apiKey, String pathAndQuery, String... headers)
            throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(stack.url(Deployable.GATEWAY) + pathAndQuery))
                .header("Authorization", "Bearer " + apiKey)
                .timeout(Duration.ofSeconds(10))
                .GET();
        if (headers.length > 0) {
            request.headers(headers);
        }
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    /** A configuration with fluids and VINs whose year/make/model/trim names it alone. */
    private static JsonNode firstConfigurationWithFluidsAndVins() {
        Map<String, Integer> trims = new HashMap<>();
        for (JsonNode config : catalog.get("configurations")) {
            trims.merge(ymmtQuery(config).toLowerCase(), 1, Integer::sum);
        }
        for (JsonNode config : catalog.get("configurations")) {
            if (config.has("fluids")
                    && !config.get("fluids").isEmpty()
                    && config.has("vins")
                    && !config.get("vins").isEmpty()
                    && trims.get(ymmtQuery(config).toLowerCase()) == 1) {
                return config;
            }
        }
        throw new AssertionError("the sample catalog has no configuration with fluids, VINs and a unique trim");
    }

    private static String configKeyOf(JsonNode config) {
        return ConfigKey.of(
                        config.get("year").asInt(),
                        config.get("make").asString(),
                        config.get("model").asString(),
                        config.get("trim").asString(),
                        config.get("engine_code").asString(),
                        config.hasNonNull("drivetrain")
                                ? config.get("drivetrain").asString()
                                : null)
                .value();
    }

    private static String ymmtQuery(JsonNode config) {
        return "year=" + config.get("year").asInt() + "&make="
                + encode(config.get("make").asString()) + "&model="
                + encode(config.get("model").asString()) + "&trim="
                + encode(config.get("trim").asString());
    }

    private static List<String> fluidSummaries(JsonNode fluids, String litresPath) {
        List<String> summaries = new ArrayList<>();
        for (JsonNode fluid : fluids) {
            summaries.add(fluid.get("type").asString() + "|"
                    + fluid.get("specification").asString() + "|"
                    + fluid.at("/" + litresPath)
                            .decimalValue()
                            .stripTrailingZeros()
                            .toPlainString());
        }
        return summaries;
    }

    private static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }
}
