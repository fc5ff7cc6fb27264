package dev.vspec.sandbox;

import static dev.vspec.sandbox.ReferenceVehicle.AMBIGUOUS_YMM;
import static dev.vspec.sandbox.ReferenceVehicle.CONFIG_KEY;
import static dev.vspec.sandbox.ReferenceVehicle.JOB_ID;
import static dev.vspec.sandbox.ReferenceVehicle.JOB_VIN;
import static dev.vspec.sandbox.ReferenceVehicle.UNKNOWN_VIN;
import static dev.vspec.sandbox.ReferenceVehicle.UNSUPPORTED_VIN;
import static dev.vspec.sandbox.ReferenceVehicle.VIN;
import static dev.vspec.sandbox.ReferenceVehicle.YMMT;
import static org.assertj.core.api.Assertions.assertThat;

import dev.vspec.access.ApiKeys;
import dev.vspec.contracts.enrichment.EnrichmentCompleted;
import dev.vspec.contracts.enrichment.EnrichmentScheduled;
import dev.vspec.decoding.DecoderSource;
import dev.vspec.events.kafka.EventTopicProperties;
import dev.vspec.projections.AllProjections;
import dev.vspec.projections.runtime.EventReplay;
import dev.vspec.query.QuerySideApplication;
import dev.vspec.sandbox.sample.ReferenceStream;
import dev.vspec.sandbox.sample.ReferenceStream.ReferenceEvent;
import dev.vspec.sandbox.sample.SampleSchema;
import dev.vspec.testing.Api;
import dev.vspec.testing.ApiDocument;
import dev.vspec.testing.ApiDocument.Operation;
import dev.vspec.testing.ApiDocument.Side;
import dev.vspec.testing.DecoderReady;
import dev.vspec.testing.TestKeys;
import dev.vspec.testing.database.TestDatabase;
import java.net.http.HttpResponse;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.sql.DataSource;
import org.jooq.DSLContext;
import org.jooq.SQLDialect;
import org.jooq.impl.DSL;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import tools.jackson.databind.JsonNode;

/**
 * The sandbox answers in the live API's shape. A live query side and a sandbox run on one database;
 * the live read tables and job table are filled with the same reference stream, by the same
 * projection and job code, that the sandbox was built from; then every read route is asked the same thing
 * on both and the JSON structures (field names, nesting, value types, filled or empty lists) must
 * be the same.
 */
class SandboxShapeIT {

    private static final String IMAGE_ROUTE = "/v0/vehicle-image";
    /** Asked for the reference VIN's WMI. */
    private static final String WMI_ROUTE = "/v1/wmi/{wmi}";

    private static TestDatabase database;
    private static ConfigurableApplicationContext sandbox;
    private static ConfigurableApplicationContext live;
    private static Api liveApi;

    @BeforeAll
    static void startLiveAndSandboxOverTheSameStream() {
        database = TestDatabase.createWithVpic("vspec_shape");
        String[] datasource = {
            "--spring.datasource.url=" + database.url(),
            "--spring.datasource.username=" + database.user(),
            "--spring.datasource.password=" + database.password(),
            "--server.port=0",
            "--spring.main.banner-mode=off"
        };
        sandbox = SandboxApplication.application().run(datasource);
        DSLContext sql = DSL.using(sandbox.getBean(DataSource.class), SQLDialect.POSTGRES);
        String key = TestKeys.fullAccess(sql);
        long keyId = sql.fetchOne("SELECT id FROM access.api_key WHERE key_hash = ?", ApiKeys.hash(key))
                .get(0, Long.class);
        ReferenceStream stream = sandbox.getBean(ReferenceStream.class);
        EventReplay.apply(sql, AllProjections.list(), stream.recorded());
        SampleSchema.keepJobs(
                sql,
                stream.events().stream().map(event -> scheduledBy(event, keyId)).toList());
        // as the relay records a job's completion on the topic; the replay above applied all of it already
        stream.events().stream()
                .filter(event -> event.event() instanceof EnrichmentCompleted)
                .forEach(event -> sql.execute(
                        "INSERT INTO events.job_published_offsets (job_id, topic, partition, next_offset) "
                                + "VALUES (?, ?, 0, 0)",
                        event.envelope().aggregateId(),
                        EventTopicProperties.DEFAULT_TOPIC));
        live = QuerySideApplication.application().run(datasource);
        liveApi = new Api(port(live), key);
        // one decoder serves both contexts; it loads the installed vPIC release in the background
        DecoderReady.await(live.getBean(DecoderSource.class));
    }

    @AfterAll
    static void stop() {
        if (live != null) {
            live.close();
        }
        if (sandbox != null) {
            sandbox.close();
        }
        if (database != null) {
            database.drop();
        }
    }

    /** The live job was scheduled by the live key, so the key may poll it. */
    private static ReferenceEvent scheduledBy(ReferenceEvent event, long keyId) {
        if (event.event() instanceof EnrichmentScheduled scheduled) {
            return new ReferenceEvent(
                    event.envelope(),
                    new EnrichmentScheduled(scheduled.jobId(), scheduled.vin(), keyId, scheduled.at()));
        }
        return event;
    }

    /** One case per read route answering JSON, and more where identifier modes differ; the image is {@link #IMAGE_ROUTE}. */
    static Stream<Arguments> readRoutes() {
        return Stream.of(
                Arguments.of("/v1/decode", "vin=" + VIN),
                Arguments.of("/v1/decode", "partial_vin=" + VIN.substring(0, 11)),
                Arguments.of("/v1/decode/batch", "vins=" + VIN + "," + JOB_VIN),
                Arguments.of(WMI_ROUTE, null),
                Arguments.of("/v1/configs", AMBIGUOUS_YMM),
                Arguments.of("/v1/configs", "year=2019&make=honda&limit=1"),
                Arguments.of("/v1/years", null),
                Arguments.of("/v1/makes", "year=2019"),
                Arguments.of("/v1/models", "year=2019&make=honda"),
                Arguments.of("/v1/trims", "year=2019&make=honda&model=civic"),
                Arguments.of(
                        "/v1/vehicle",
                        "vin=" + VIN
                                + "&include=fluids,specs,tires,maintenance_schedule,parts,labor,image,service_history"),
                Arguments.of("/v1/vehicle", "config_key=" + CONFIG_KEY),
                Arguments.of("/v1/fluids", "vin=" + VIN),
                Arguments.of("/v1/specs", YMMT),
                Arguments.of("/v1/tires", "config_key=" + CONFIG_KEY),
                Arguments.of("/v1/maintenance-schedule", "vin=" + VIN),
                Arguments.of("/v1/parts", "config_key=" + CONFIG_KEY),
                Arguments.of("/v1/recalls", "year=2018&make=honda&model=accord"),
                Arguments.of("/v1/recalls", "vin=" + VIN),
                Arguments.of("/v0/maintenance", "vin=" + VIN + "&mileage=30000"),
                Arguments.of("/v0/labor", "config_key=" + CONFIG_KEY),
                Arguments.of("/v0/service-history", "vin=" + VIN),
                Arguments.of("/v0/enrich", "job_id=" + JOB_ID),
                Arguments.of("/v0/enrich", "vin=" + JOB_VIN),
                Arguments.of("/v1/status", null));
    }

    @ParameterizedTest(name = "{0}?{1}")
    @MethodSource("readRoutes")
    void everyReadRouteAnswersInTheLiveShape(String route, String query) {
        String pathAndQuery = route.replace("{wmi}", VIN.substring(0, 3)) + (query == null ? "" : "?" + query);
        JsonNode liveAnswer = liveApi.get("/api" + pathAndQuery).ok();
        JsonNode sandboxAnswer =
                sandboxClient().get("/api/sample" + pathAndQuery).ok();

        assertThat(structure(sandboxAnswer)).isEqualTo(structure(liveAnswer));
    }

    @Test
    void theImageIsTheLiveImage() {
        HttpResponse<byte[]> liveImage = liveApi.bytes("/api" + IMAGE_ROUTE + "?vin=" + VIN);
        HttpResponse<byte[]> sandboxImage = sandboxClient().bytes("/api/sample" + IMAGE_ROUTE + "?vin=" + VIN);

        assertThat(sandboxImage.statusCode()).isEqualTo(liveImage.statusCode()).isEqualTo(200);
        assertThat(sandboxImage.headers().firstValue("Content-Type"))
                .isEqualTo(liveImage.headers().firstValue("Content-Type"));
        assertThat(sandboxImage.body()).isEqualTo(liveImage.body());
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource(
            delimiter = '|',
            value = {
                "409|/v1/fluids?" + AMBIGUOUS_YMM,
                "422|/v1/fluids?vin=" + UNSUPPORTED_VIN,
                "404|/v1/fluids?vin=" + UNKNOWN_VIN,
                "400|/v1/fluids?vin=BAD",
                "400|/v0/enrich?job_id=" + JOB_ID + "&vin=" + JOB_VIN
            })
    void errorsAreTheLiveErrorsDecorated(int status, String pathAndQuery) {
        JsonNode liveError = liveApi.get("/api" + pathAndQuery).json(status);
        JsonNode sandboxError =
                sandboxClient().get("/api/sample" + pathAndQuery).json(status);

        assertThat(sandboxError.path("error")).isEqualTo(liveError.path("error"));
        Map<String, String> liveFields = fields(liveError);
        Map<String, String> sandboxFields = fields(sandboxError);
        assertThat(sandboxFields).containsAllEntriesOf(liveFields);
        assertThat(sandboxFields.keySet()).containsAll(Set.of("object", "docs"));
        assertThat(difference(sandboxFields.keySet(), liveFields.keySet())).isSubsetOf("object", "docs", "available");
    }

    /** The reads of the API's document, which the live query side's handlers are checked against (ReadRoutesDocumentIT). */
    @Test
    void theCasesCoverEveryReadRouteOfTheLiveApi() {
        Set<String> liveReads = ApiDocument.bundle().operationsOf(Side.QUERY).stream()
                .map(Operation::path)
                .collect(Collectors.toCollection(TreeSet::new));
        Set<String> covered = readRoutes()
                .map(arguments -> (String) arguments.get()[0])
                .collect(Collectors.toCollection(TreeSet::new));
        covered.add(IMAGE_ROUTE);

        assertThat(covered).as("a read route without a shape case here").isEqualTo(liveReads);
    }

    /**
     * Field names, nesting and value types; an array is the set of its elements' structures, so a
     * filled list and an empty one differ, and the order of list entries does not count.
     */
    static String structure(JsonNode node) {
        if (node.isObject()) {
            Map<String, String> fields = new TreeMap<>();
            node.properties().forEach(field -> fields.put(field.getKey(), structure(field.getValue())));
            return fields.entrySet().stream()
                    .map(field -> field.getKey() + ":" + field.getValue())
                    .collect(Collectors.joining(",", "{", "}"));
        }
        if (node.isArray()) {
            return node
                    .valueStream()
                    .map(SandboxShapeIT::structure)
                    .collect(Collectors.toCollection(TreeSet::new))
                    .stream()
                    .collect(Collectors.joining("|", "[", "]"));
        }
        return node.isNumber() ? "number" : node.getNodeType().name().toLowerCase();
    }

    private static Map<String, String> fields(JsonNode error) {
        Map<String, String> fields = new TreeMap<>();
        error.properties().stream()
                .filter(field -> !field.getKey().equals("request_id"))
                .forEach(field -> fields.put(field.getKey(), structure(field.getValue())));
        return fields;
    }

    private static Set<String> difference(Set<String> all, Set<String> some) {
        Set<String> rest = new TreeSet<>(all);
        rest.removeAll(some);
        return rest;
    }

    private static SandboxClient sandboxClient() {
        return new SandboxClient(port(sandbox), SandboxHttpIT.uniqueAddress());
    }

    private static int port(ConfigurableApplicationContext context) {
        return ((WebServerApplicationContext) context).getWebServer().getPort();
    }
}
