package dev.vspec.query.web;

import static dev.vspec.infra.testing.Api.json;
import static dev.vspec.infra.testing.Api.query;
import static dev.vspec.query.ReadModelSeed.CIVIC_LX;
import static dev.vspec.query.ReadModelSeed.CIVIC_LX_VIN;
import static org.assertj.core.api.Assertions.assertThat;

import dev.vspec.infra.testing.Api.Reply;
import dev.vspec.infra.testing.Api;
import dev.vspec.query.Expected;
import dev.vspec.query.ReadModelSeed;
import dev.vspec.query.SeededRouteIT;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping;

/** ETags, 304s and the Cache-Control each route's data calls for; errors are never cached. */
class HttpCachingIT extends SeededRouteIT {

    private static final String CIVIC = query("config_key", CIVIC_LX);
    private static final String VIN = query("vin", CIVIC_LX_VIN);

    @Autowired
    @Qualifier("requestMappingHandlerMapping")
    RequestMappingHandlerMapping mappings;

    @ParameterizedTest(name = "{0}{1}")
    @CsvSource(delimiter = '|', value = {
            "/api/v1/configs | config | 'private, max-age=60'",
            "/api/v1/fluids | config | 'private, max-age=86400'",
            "/api/v1/specs | config | 'private, max-age=86400'",
            "/api/v1/tires | config | 'private, max-age=86400'",
            "/api/v1/maintenance-schedule | config | 'private, max-age=86400'",
            "/api/v1/parts | config | 'private, max-age=3600'",
            "/api/v0/maintenance | config | 'private, max-age=3600'",
            "/api/v0/labor | config | 'private, max-age=86400'",
            "/api/v0/service-history | vin | 'private, max-age=300'",
            "/api/v1/vehicle | config | 'private, max-age=86400'",
            "/api/v1/status | none | no-cache"})
    void everyJsonRouteAnswersItsCacheControlAndAnETag(String route, String identifier, String cacheControl) {
        Reply reply = api.get(route + switch (identifier) {
            case "config" -> CIVIC;
            case "vin" -> VIN;
            default -> "";
        });

        reply.ok();
        assertThat(reply.headers().allValues("Cache-Control")).containsExactly(cacheControl);
        assertThat(reply.header("ETag")).matches("W/\"[0-9a-f]{16}\"");
        if (!route.equals("/api/v1/status")) {
            assertThat(Api.varyFields(reply.headers())).as("an answer given to a key varies on the key's headers")
                    .contains("authorization", "x-api-key");
        }
    }

    @Test
    void aKeylessAnswerMayBeKeptByASharedCache() {
        Reply status = new Api(port).get("/api/v1/status");

        assertThat(status.headers().allValues("Cache-Control")).containsExactly("no-cache");
        assertThat(Api.varyFields(status.headers())).doesNotContain("authorization", "x-api-key");
    }

    @ParameterizedTest(name = "include={0}")
    @CsvSource(delimiter = '|', value = {
            "'' | 'private, max-age=86400'",
            "fluids,specs,tires,maintenance_schedule | 'private, max-age=86400'",
            "fluids,specs,tires,maintenance_schedule,parts | 'private, max-age=3600'",
            "labor,image | 'private, max-age=86400'",
            "parts,labor | 'private, max-age=3600'",
            "fluids,service_history,parts | 'private, max-age=300'"})
    void theVehicleRouteIsAsFreshAsItsShortestLivedGroup(String include, String cacheControl) {
        assertThat(api.get("/api/v1/vehicle" + VIN + "&include=" + include).header("Cache-Control")).isEqualTo(cacheControl);
    }

    @Test
    void repeatedIncludeParametersCountTogether() {
        assertThat(api.get("/api/v1/vehicle" + query("config_key", CIVIC_LX, "include", "fluids", "include", "parts"))
                .header("Cache-Control")).isEqualTo("private, max-age=3600");
    }

    @ParameterizedTest
    @CsvSource({
            "/api/v1/fluids",
            "/api/v1/parts",
            "/api/v0/maintenance",
            "/api/v0/labor",
            "/api/v1/configs",
            "/api/v1/vehicle"})
    void theETagOfAnAnswerIs304WithoutBodyAndAnotherETagIs200(String route) {
        String path = route + CIVIC + (route.equals("/api/v1/vehicle") ? "&include=fluids,specs,tires,maintenance_schedule,parts" : "");
        Reply first = api.get(path);
        first.ok();
        String etag = first.header("ETag");

        Reply again = api.getWith(path, "If-None-Match", etag);
        assertThat(again.status()).isEqualTo(304);
        assertThat(again.text()).isEmpty();
        assertThat(again.header("ETag")).isEqualTo(etag);
        assertThat(again.header("Cache-Control")).isEqualTo(first.header("Cache-Control"));

        Reply stale = api.getWith(path, "If-None-Match", "\"00000000000000000000000000000000\"");
        assertThat(stale.status()).isEqualTo(200);
        assertThat(stale.text()).isEqualTo(first.text());
        assertThat(api.getWith(path, "If-None-Match", "\"0000\", " + etag).status()).isEqualTo(304);
    }

    /** JSON is gzip-encoded for a client that accepts it: the same answer under the same (weak) ETag, varying on Accept-Encoding. */
    @ParameterizedTest
    @ValueSource(strings = {"/api/v1/fluids", "/api/v1/parts", "/api/v1/maintenance-schedule"})
    void aClientThatAcceptsGzipGetsTheSameAnswerCompressed(String route) throws IOException {
        Reply plain = api.get(route + CIVIC);
        HttpResponse<byte[]> gzipped = api.bytes(route + CIVIC, "Accept-Encoding", "gzip");

        assertThat(plain.headers().firstValue("Content-Encoding")).as("asked for none").isEmpty();
        assertThat(gzipped.statusCode()).isEqualTo(200);
        assertThat(gzipped.headers().firstValue("Content-Encoding")).hasValue("gzip");
        try (GZIPInputStream inflated = new GZIPInputStream(new ByteArrayInputStream(gzipped.body()))) {
            assertThat(Api.withoutVehicleProvenance(new String(inflated.readAllBytes(), StandardCharsets.UTF_8))).isEqualTo(plain.text());
        }
        assertThat(gzipped.body().length).isLessThan(Integer.parseInt(plain.header("Content-Length")) / 2);
        assertThat(gzipped.headers().firstValue("ETag")).hasValue(plain.header("ETag"));
        for (java.net.http.HttpHeaders headers : List.of(plain.headers(), gzipped.headers())) {
            assertThat(Api.varyFields(headers)).contains("accept-encoding", "authorization", "x-api-key");
        }
        assertThat(api.getWith(route + CIVIC, "Accept-Encoding", "gzip", "If-None-Match", plain.header("ETag")).status())
                .isEqualTo(304);
    }

    @Test
    void serviceHistoryAndStatusAnswer304Too() {
        for (String path : List.of("/api/v0/service-history" + VIN, "/api/v1/status")) {
            String etag = api.get(path).header("ETag");
            assertThat(api.getWith(path, "If-None-Match", etag).status()).as(path).isEqualTo(304);
        }
    }

    @Test
    void differentAnswersHaveDifferentETags() {
        assertThat(api.get("/api/v1/fluids" + CIVIC).header("ETag"))
                .isNotEqualTo(api.get("/api/v1/fluids" + query("config_key", ReadModelSeed.RANGE_ROVER)).header("ETag"));
    }

    @Test
    void errorsAreNoStoreWithoutETag() {
        for (Reply reply : List.of(
                api.get("/api/v1/parts"),
                api.get("/api/v1/parts" + query("config_key", "2019-honda-civic-type-r-k20c1-fwd")),
                api.get("/api/v1/parts" + Expected.AMBIGUOUS_CIVIC),
                api.get("/api/v0/maintenance" + CIVIC + "&mileage=-1"),
                api.get("/api/v1/nothing-here"))) {
            assertThat(reply.status()).isGreaterThanOrEqualTo(400);
            assertThat(reply.headers().allValues("Cache-Control")).containsExactly("no-store");
            assertThat(reply.header("ETag")).isNull();
        }
    }

    @Test
    void anInvalidIncludeIsNoStoreToo() {
        Reply reply = api.get("/api/v1/vehicle" + CIVIC + "&include=wheels");

        reply.error(400, "invalid_param");
        assertThat(reply.headers().allValues("Cache-Control")).containsExactly("no-store");
    }

    @Test
    void statusIsAFixedJsonAnswer() {
        assertThat(api.get("/api/v1/status").ok()).isEqualTo(json("""
                {"status": "ok"}
                """));
    }

    @Test
    void everyApiRouteHasACachePolicy() {
        List<String> routes = mappings.getHandlerMethods().keySet().stream()
                .flatMap(info -> info.getPatternValues().stream())
                .filter(pattern -> pattern.startsWith("/api/"))
                .toList();

        assertThat(routes).contains("/api/v1/vehicle", "/api/v0/vehicle-image", "/api/v1/status");
        assertThat(routes).allSatisfy(route -> assertThat(CachePolicy.forRoute(route, name -> null)).as(route).isPresent());
    }
}
