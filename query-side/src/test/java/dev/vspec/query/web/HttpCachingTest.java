package dev.vspec.query.web;

import static dev.vspec.query.ReadModelSeed.CIVIC_LX;
import static dev.vspec.query.lookup.HeldVehicle.RECORDED_HTTP_DATE;
import static dev.vspec.testing.Api.json;
import static dev.vspec.testing.Api.query;
import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.doThrow;

import dev.vspec.contracts.error.ApiException;
import dev.vspec.contracts.error.ConfigMatch;
import dev.vspec.contracts.error.ErrorCode;
import dev.vspec.contracts.identity.VehicleIdentifier;
import dev.vspec.query.QuerySideWebSlice;
import dev.vspec.query.ReadModelSeed;
import dev.vspec.query.lookup.HeldVehicle;
import dev.vspec.readmodel.GroupDocument;
import dev.vspec.testing.Api;
import dev.vspec.testing.Api.Reply;
import dev.vspec.testing.MockApi;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping;

/**
 * ETags, Last-Modified, 304s and the Cache-Control each route's data calls for; errors are never cached. Over a
 * held vehicle ({@link HeldVehicle}); the times PostgreSQL records, gzip on Tomcat and the routes that read the image
 * and service-history tables are HttpCachingIT's.
 */
class HttpCachingTest extends QuerySideWebSlice {

    private static final String CIVIC = query("config_key", CIVIC_LX);
    private static final String VIN = query("vin", ReadModelSeed.CIVIC_LX_VIN);

    @Autowired
    @Qualifier("requestMappingHandlerMapping")
    RequestMappingHandlerMapping mappings;

    @BeforeEach
    void holdTheCivic() {
        HeldVehicle.resolveEveryLookupTo(vehicles, CIVIC_LX);
    }

    @ParameterizedTest(name = "{0}{1}")
    @CsvSource(
            delimiter = '|',
            value = {
                "/api/v1/configs | config | 'private, max-age=60'",
                "/api/v1/fluids | config | 'private, max-age=86400'",
                "/api/v1/specs | config | 'private, max-age=86400'",
                "/api/v1/tires | config | 'private, max-age=86400'",
                "/api/v1/maintenance-schedule | config | 'private, max-age=86400'",
                "/api/v1/parts | config | 'private, max-age=3600'",
                "/api/v0/maintenance | config | 'private, max-age=3600'",
                "/api/v0/labor | config | 'private, max-age=86400'",
                "/api/v1/vehicle | config | 'private, max-age=86400'",
                "/api/v1/status | none | no-cache"
            })
    void everyJsonRouteAnswersItsCacheControlAndAnETag(String route, String identifier, String cacheControl) {
        Reply reply = api.get(route + (identifier.equals("config") ? CIVIC : ""));

        reply.ok();
        assertThat(reply.headers().allValues("Cache-Control")).containsExactly(cacheControl);
        assertThat(reply.header("ETag")).matches("W/\"[0-9a-f]{16}\"");
        if (!route.equals("/api/v1/status")) {
            assertThat(Api.varyFields(reply.headers()))
                    .as("an answer given to a key varies on the key's headers")
                    .contains("authorization", "x-api-key");
        }
    }

    @Test
    void aKeylessAnswerMayBeKeptByASharedCache() {
        Reply status = new MockApi(mvc).get("/api/v1/status");

        assertThat(status.headers().allValues("Cache-Control")).containsExactly("no-cache");
        assertThat(Api.varyFields(status.headers())).doesNotContain("authorization", "x-api-key");
    }

    /** With image or service_history the answer reads their tables: HttpCachingIT. */
    @ParameterizedTest(name = "include={0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "'' | 'private, max-age=86400'",
                "fluids,specs,tires,maintenance_schedule | 'private, max-age=86400'",
                "fluids,specs,tires,maintenance_schedule,parts | 'private, max-age=3600'",
                "parts,labor | 'private, max-age=3600'"
            })
    void theVehicleRouteIsAsFreshAsItsShortestLivedGroup(String include, String cacheControl) {
        assertThat(api.get("/api/v1/vehicle" + VIN + "&include=" + include).header("Cache-Control"))
                .isEqualTo(cacheControl);
    }

    @Test
    void repeatedIncludeParametersCountTogether() {
        assertThat(api.get("/api/v1/vehicle" + query("config_key", CIVIC_LX, "include", "fluids", "include", "parts"))
                        .header("Cache-Control"))
                .isEqualTo("private, max-age=3600");
    }

    @ParameterizedTest
    @CsvSource({
        "/api/v1/fluids",
        "/api/v1/parts",
        "/api/v0/maintenance",
        "/api/v0/labor",
        "/api/v1/configs",
        "/api/v1/vehicle"
    })
    void theETagOfAnAnswerIs304WithoutBodyAndAnotherETagIs200(String route) {
        String path = route
                + CIVIC
                + (route.equals("/api/v1/vehicle") ? "&include=fluids,specs,tires,maintenance_schedule,parts" : "");
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
        assertThat(api.getWith(path, "If-None-Match", "\"0000\", " + etag).status())
                .isEqualTo(304);
    }

    @Test
    void theStatusAnswers304Too() {
        String etag = api.get("/api/v1/status").header("ETag");

        assertThat(api.getWith("/api/v1/status", "If-None-Match", etag).status())
                .isEqualTo(304);
    }

    @Test
    void differentAnswersHaveDifferentETags() {
        String civic = api.get("/api/v1/fluids" + CIVIC).header("ETag");
        HeldVehicle.resolveEveryLookupTo(vehicles, ReadModelSeed.RANGE_ROVER);

        assertThat(api.get("/api/v1/fluids" + query("config_key", ReadModelSeed.RANGE_ROVER))
                        .header("ETag"))
                .isNotEqualTo(civic);
    }

    @Test
    void errorsAreNoStoreWithoutETag() {
        List<Reply> errors = new ArrayList<>(List.of(
                api.get("/api/v1/parts"),
                api.get("/api/v0/maintenance" + CIVIC + "&mileage=-1"),
                api.get("/api/v1/nothing-here")));
        doThrow(new ApiException(ErrorCode.NOT_FOUND, "No enriched vehicle config matches"))
                .when(vehicles)
                .resolve(any(VehicleIdentifier.class), any(GroupDocument[].class));
        errors.add(api.get("/api/v1/parts" + query("config_key", "2019-honda-civic-type-r-k20c1-fwd")));
        doThrow(new ApiException(
                        ErrorCode.MULTIPLE_MATCHES,
                        "2 configurations match",
                        List.of(new ConfigMatch("a", "A"), new ConfigMatch("b", "B"))))
                .when(vehicles)
                .resolve(any(VehicleIdentifier.class), any(GroupDocument[].class));
        errors.add(api.get("/api/v1/parts" + query("year", "2019", "make", "Honda", "model", "Civic")));

        for (Reply reply : errors) {
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

    /** The VIN mode and the service history read PostgreSQL: HttpCachingIT. */
    @ParameterizedTest
    @ValueSource(
            strings = {
                "/api/v1/fluids",
                "/api/v1/specs",
                "/api/v1/tires",
                "/api/v1/maintenance-schedule",
                "/api/v1/parts",
                "/api/v0/labor",
                "/api/v0/maintenance",
                "/api/v1/vehicle"
            })
    void everyJsonRouteAboutOneVehicleSaysWhenItsFactsWereRecorded(String route) {
        Reply reply = api.get(route
                + CIVIC
                + (route.equals("/api/v1/vehicle")
                        ? "&include=fluids,specs,tires,maintenance_schedule,parts,labor"
                        : ""));

        reply.ok();
        assertThat(reply.header("Last-Modified")).isEqualTo(RECORDED_HTTP_DATE);
    }

    @Test
    void theRoutesSendingLastModifiedAreThoseAboutOneResolvedVehicle() {
        assertThat(LastModified.ROUTES)
                .containsExactlyInAnyOrder(
                        "/api/v1/fluids",
                        "/api/v1/specs",
                        "/api/v1/tires",
                        "/api/v1/maintenance-schedule",
                        "/api/v1/parts",
                        "/api/v1/recalls",
                        "/api/v0/labor",
                        "/api/v0/maintenance",
                        "/api/v0/service-history",
                        "/api/v0/vehicle-image",
                        "/api/v1/vehicle");
    }

    @Test
    void ifModifiedSinceTheLastChangeIs304WithTheHeadersOfThe200() {
        String path = "/api/v1/fluids" + CIVIC;
        Reply first = api.get(path);

        for (String since :
                List.of(RECORDED_HTTP_DATE, "Sat, 21 Nov 2026 07:27:37 GMT", "Fri, 01 Jan 2027 00:00:00 GMT")) {
            Reply again = api.getWith(path, "If-Modified-Since", since);
            assertThat(again.status()).as(since).isEqualTo(304);
            assertThat(again.text()).isEmpty();
            assertThat(again.header("ETag")).isEqualTo(first.header("ETag"));
            assertThat(again.header("Last-Modified")).isEqualTo(RECORDED_HTTP_DATE);
            assertThat(again.header("Cache-Control")).isEqualTo(first.header("Cache-Control"));
            assertThat(Api.varyFields(again.headers())).contains("authorization", "x-api-key");
        }
        Reply before = api.getWith(path, "If-Modified-Since", "Sat, 21 Nov 2026 07:27:35 GMT");
        assertThat(before.status()).isEqualTo(200);
        assertThat(before.text()).isEqualTo(first.text());
    }

    /** The whole vehicle gzips its answer itself, spliced from its documents: its own bytes, its own ETag. */
    @Test
    void theGzippedVehicleAnswerIs304WithItsOwnETag() {
        String path = "/api/v1/vehicle" + query("config_key", CIVIC_LX, "include", "fluids,specs");
        Reply gzipped = api.getWith(path, "Accept-Encoding", "gzip");

        Reply again = api.getWith(path, "Accept-Encoding", "gzip", "If-Modified-Since", RECORDED_HTTP_DATE);

        assertThat(gzipped.header("Content-Encoding")).isEqualTo("gzip");
        assertThat(again.status()).isEqualTo(304);
        assertThat(again.header("ETag")).isEqualTo(gzipped.header("ETag"));
        assertThat(again.header("ETag")).isNotEqualTo(api.get(path).header("ETag"));
        assertThat(Api.varyFields(again.headers())).contains("accept-encoding", "authorization", "x-api-key");
    }

    /** RFC 9110, 13.2.2: If-None-Match, when sent, decides alone. */
    @Test
    void ifNoneMatchTakesPrecedenceOverIfModifiedSince() {
        String path = "/api/v1/fluids" + CIVIC;
        String etag = api.get(path).header("ETag");

        assertThat(api.getWith(path, "If-None-Match", "\"00000000\"", "If-Modified-Since", RECORDED_HTTP_DATE)
                        .status())
                .isEqualTo(200);
        assertThat(api.getWith(path, "If-None-Match", etag, "If-Modified-Since", "Thu, 01 Jan 2026 00:00:00 GMT")
                        .status())
                .isEqualTo(304);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "yesterday",
                "Sun, 32 Nov 2026 08:00:00 GMT",
                "Mon, 31 Nov 2026 08:00:00 GMT",
                "1795246056",
                "Sat, 21 Nov 2026",
                ""
            })
    void anIfModifiedSinceThatIsNoDateIsIgnored(String since) {
        Reply reply = api.getWith("/api/v1/fluids" + CIVIC, "If-Modified-Since", since);

        reply.ok();
        assertThat(reply.header("Last-Modified")).isEqualTo(RECORDED_HTTP_DATE);
    }

    @Test
    void errorsHaveNoLastModified() {
        for (Reply reply : List.of(
                api.get("/api/v0/labor" + CIVIC + "&operation=timing_belt"),
                api.get("/api/v0/maintenance" + CIVIC + "&mileage=-1"))) {
            assertThat(reply.status()).isGreaterThanOrEqualTo(400);
            assertThat(reply.header("Last-Modified")).isNull();
        }
    }

    @Test
    void everyApiRouteHasACachePolicy() {
        List<String> routes = mappings.getHandlerMethods().keySet().stream()
                .flatMap(info -> info.getPatternValues().stream())
                .filter(pattern -> pattern.startsWith("/api/"))
                .toList();

        assertThat(routes).contains("/api/v1/vehicle", "/api/v0/vehicle-image", "/api/v1/status");
        assertThat(routes)
                .allSatisfy(route -> assertThat(CachePolicy.forRoute(route, name -> null))
                        .as(route)
                        .isPresent());
    }
}
