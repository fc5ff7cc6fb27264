package dev.vspec.query.web;

import static dev.vspec.infra.jooq.read.Tables.CONFIGURATION;
import static dev.vspec.infra.jooq.read.Tables.PARTS_DOCUMENT;
import static dev.vspec.infra.testing.Api.json;
import static dev.vspec.infra.testing.Api.query;
import static dev.vspec.query.ReadModelSeed.CIVIC_LX;
import static dev.vspec.query.ReadModelSeed.CIVIC_LX_VIN;
import static dev.vspec.query.ReadModelSeed.F150_27_2020_VIN;
import static dev.vspec.query.ReadModelSeed.SEEDED;
import static dev.vspec.query.ReadModelSeed.price;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.vspec.contracts.catalog.Fluid;
import dev.vspec.contracts.catalog.Part;
import dev.vspec.contracts.catalog.PartPriced;
import dev.vspec.contracts.catalog.SpecItem;
import dev.vspec.infra.testing.Api;
import dev.vspec.infra.testing.Api.Reply;
import dev.vspec.query.Expected;
import dev.vspec.query.ReadModelSeed;
import dev.vspec.query.SeededRouteIT;
import dev.vspec.readmodel.FluidView;
import dev.vspec.readmodel.GroupDocument;
import dev.vspec.readmodel.PartView;
import dev.vspec.readmodel.Provenance;
import dev.vspec.readmodel.SpecView;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.math.BigDecimal;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.zip.GZIPInputStream;
import org.jooq.DSLContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping;

/**
 * ETags, Last-Modified, 304s and the Cache-Control each route's data calls for; errors are never cached.
 */
class HttpCachingIT extends SeededRouteIT {

    private static final String CIVIC = query("config_key", CIVIC_LX);
    private static final String VIN = query("vin", CIVIC_LX_VIN);
    /** When every fact of the seeded catalog was recorded, as Last-Modified says it. */
    private static final String SEEDED_DATE = "Sat, 21 Nov 2026 07:27:36 GMT";

    /** A configuration of its own whose facts were recorded at different times, its specs last. */
    private static final String DATED = "2021-honda-accord-lx-l15be-fwd";

    private static final OffsetDateTime REGISTERED = OffsetDateTime.parse("2026-01-05T10:00:00.400Z");
    private static final OffsetDateTime PARTS_LISTED = OffsetDateTime.parse("2026-01-10T09:15:00.120Z");
    private static final OffsetDateTime FLUIDS_RECORDED = OffsetDateTime.parse("2026-01-20T11:45:00.900Z");
    private static final OffsetDateTime SPECS_RECORDED = OffsetDateTime.parse("2026-02-01T08:00:00.250Z");
    /** The latest of them, in whole seconds. */
    private static final String LATEST = "Sun, 01 Feb 2026 08:00:00 GMT";

    private static final Part FILTER =
            new Part("15400-PLM-A02", "Engine oil filter", "filter", "Honda", 1, "engine_oil_change");
    private static final Duration CHANGE_VISIBLE = Duration.ofSeconds(5);

    @Autowired
    @Qualifier("requestMappingHandlerMapping")
    RequestMappingHandlerMapping mappings;

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
                "/api/v0/service-history | vin | 'private, max-age=300'",
                "/api/v1/vehicle | config | 'private, max-age=86400'",
                "/api/v1/status | none | no-cache"
            })
    void everyJsonRouteAnswersItsCacheControlAndAnETag(String route, String identifier, String cacheControl) {
        Reply reply = api.get(route
                + switch (identifier) {
                    case "config" -> CIVIC;
                    case "vin" -> VIN;
                    default -> "";
                });

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
        Reply status = new Api(port).get("/api/v1/status");

        assertThat(status.headers().allValues("Cache-Control")).containsExactly("no-cache");
        assertThat(Api.varyFields(status.headers())).doesNotContain("authorization", "x-api-key");
    }

    @ParameterizedTest(name = "include={0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "'' | 'private, max-age=86400'",
                "fluids,specs,tires,maintenance_schedule | 'private, max-age=86400'",
                "fluids,specs,tires,maintenance_schedule,parts | 'private, max-age=3600'",
                "labor,image | 'private, max-age=86400'",
                "parts,labor | 'private, max-age=3600'",
                "fluids,service_history,parts | 'private, max-age=300'"
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

    /** JSON is gzip-encoded for a client that accepts it: the same answer under the same (weak) ETag, varying on Accept-Encoding. */
    @ParameterizedTest
    @ValueSource(strings = {"/api/v1/fluids", "/api/v1/parts", "/api/v1/maintenance-schedule"})
    void aClientThatAcceptsGzipGetsTheSameAnswerCompressed(String route) throws IOException {
        Reply plain = api.get(route + CIVIC);
        HttpResponse<byte[]> gzipped = api.bytes(route + CIVIC, "Accept-Encoding", "gzip");

        assertThat(plain.headers().firstValue("Content-Encoding"))
                .as("asked for none")
                .isEmpty();
        assertThat(gzipped.statusCode()).isEqualTo(200);
        assertThat(gzipped.headers().firstValue("Content-Encoding")).hasValue("gzip");
        try (GZIPInputStream inflated = new GZIPInputStream(new ByteArrayInputStream(gzipped.body()))) {
            assertThat(Api.withoutVehicleProvenance(new String(inflated.readAllBytes(), StandardCharsets.UTF_8)))
                    .isEqualTo(plain.text());
        }
        assertThat(gzipped.body().length).isLessThan(Integer.parseInt(plain.header("Content-Length")) / 2);
        assertThat(gzipped.headers().firstValue("ETag")).hasValue(plain.header("ETag"));
        for (java.net.http.HttpHeaders headers : List.of(plain.headers(), gzipped.headers())) {
            assertThat(Api.varyFields(headers)).contains("accept-encoding", "authorization", "x-api-key");
        }
        assertThat(api.getWith(route + CIVIC, "Accept-Encoding", "gzip", "If-None-Match", plain.header("ETag"))
                        .status())
                .isEqualTo(304);
    }

    @Test
    void serviceHistoryAndStatusAnswer304Too() {
        for (String path : List.of("/api/v0/service-history" + VIN, "/api/v1/status")) {
            String etag = api.get(path).header("ETag");
            assertThat(api.getWith(path, "If-None-Match", etag).status())
                    .as(path)
                    .isEqualTo(304);
        }
    }

    @Test
    void differentAnswersHaveDifferentETags() {
        assertThat(api.get("/api/v1/fluids" + CIVIC).header("ETag"))
                .isNotEqualTo(api.get("/api/v1/fluids" + query("config_key", ReadModelSeed.RANGE_ROVER))
                        .header("ETag"));
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

    @Override
    protected void seed(DSLContext db) {
        super.seed(db);
        ReadModelSeed.configuration(
                db, DATED, 2021, "Honda", "Accord", "LX", "L15BE", "FWD", "2021 Honda Accord LX 1.5L Turbo");
        db.update(CONFIGURATION)
                .set(CONFIGURATION.RECORDED_AT, REGISTERED)
                .where(CONFIGURATION.CONFIG_KEY.eq(DATED))
                .execute();
        GroupDocument.FLUIDS.write(
                db,
                DATED,
                FluidView.of(List.of(
                        new Fluid("engine_oil", "SAE 0W-20", new BigDecimal("4.2"), new BigDecimal("4.4"), null))),
                recorded(FLUIDS_RECORDED));
        GroupDocument.SPECS.write(
                db,
                DATED,
                SpecView.of(List.of(new SpecItem("engine", "displacement", "1.5", "L"))),
                recorded(SPECS_RECORDED));
        ReadModelSeed.parts(db, DATED, PartView.of(List.of(FILTER), List.of()), recorded(PARTS_LISTED), PARTS_LISTED);
    }

    /** Every answer about a vehicle shows the record of each of its groups (its coverage), so the latest of them dates it. */
    @ParameterizedTest
    @ValueSource(strings = {"/api/v1/fluids", "/api/v1/specs", "/api/v1/parts", "/api/v1/vehicle"})
    void anAnswerAboutAVehicleWasLastModifiedWhenTheLatestFactItShowsWasRecorded(String route) {
        Reply reply = api.get(route + query("config_key", DATED));

        reply.ok();
        assertThat(reply.header("Last-Modified")).isEqualTo(LATEST);
        assertThat(api.get("/api/v1/vehicle" + query("config_key", DATED, "include", "fluids,specs,parts"))
                        .header("Last-Modified"))
                .isEqualTo(LATEST);
    }

    @ParameterizedTest
    @CsvSource({
        "/api/v1/fluids, config",
        "/api/v1/specs, config",
        "/api/v1/tires, config",
        "/api/v1/maintenance-schedule, config",
        "/api/v1/parts, config",
        "/api/v0/labor, config",
        "/api/v0/maintenance, config",
        "/api/v0/service-history, vin",
        "/api/v1/vehicle, config",
        "/api/v1/vehicle, vin"
    })
    void everyJsonRouteAboutOneVehicleSaysWhenItsFactsWereRecorded(String route, String identifier) {
        Reply reply = api.get(route
                + (identifier.equals("vin") ? VIN : CIVIC)
                + (route.equals("/api/v1/vehicle")
                        ? "&include=fluids,specs,tires,maintenance_schedule,parts,labor,image"
                                + (identifier.equals("vin") ? ",service_history" : "")
                        : ""));

        reply.ok();
        assertThat(reply.header("Last-Modified")).isEqualTo(SEEDED_DATE);
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
                        "/api/v0/labor",
                        "/api/v0/maintenance",
                        "/api/v0/service-history",
                        "/api/v0/vehicle-image",
                        "/api/v1/vehicle");
    }

    @Test
    void theImageWasLastModifiedWhenItsRenderWasRecorded() {
        HttpResponse<byte[]> image = api.bytes("/api/v0/vehicle-image" + CIVIC);
        assertThat(image.statusCode()).isEqualTo(200);
        assertThat(image.headers().firstValue("Last-Modified")).hasValue(SEEDED_DATE);

        HttpResponse<byte[]> again = api.bytes("/api/v0/vehicle-image" + CIVIC, "If-Modified-Since", SEEDED_DATE);
        assertThat(again.statusCode()).isEqualTo(304);
        assertThat(again.body()).isEmpty();
        assertThat(again.headers().firstValue("ETag")).isEqualTo(image.headers().firstValue("ETag"));
        assertThat(again.headers().firstValue("Cache-Control"))
                .isEqualTo(image.headers().firstValue("Cache-Control"));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "/api/v1/decode?vin=" + CIVIC_LX_VIN,
                "/api/v1/wmi/1hg",
                "/api/v1/configs?config_key=" + CIVIC_LX,
                "/api/v1/years",
                "/api/v1/makes?year=2019",
                "/api/v1/status"
            })
    void answersThatAreNoStoredFactsHaveNoLastModified(String path) {
        Reply reply = api.get(path);

        reply.ok();
        assertThat(reply.header("Last-Modified")).isNull();
        assertThat(api.getWith(path, "If-Modified-Since", SEEDED_DATE).status())
                .as("nothing to compare with")
                .isEqualTo(200);
    }

    /** What matched a VIN no import linked is a decode by the installed vPIC release: no recorded time dates it. */
    @Test
    void aVinResolvedByItsDecodeHasNoLastModified() {
        String decoded = "2020-ford-f-150-xlt-2-7l-v6-decoded";
        try {
            ReadModelSeed.configuration(
                    db, decoded, 2020, "Ford", "F-150", "XLT", "2.7l-v6", null, "2020 Ford F-150 XLT 2.7L V6");

            await().atMost(CHANGE_VISIBLE).untilAsserted(() -> {
                Reply reply = api.get("/api/v1/fluids" + query("vin", F150_27_2020_VIN));
                assertThat(reply.ok().at("/vehicle/config_key").asString()).isEqualTo(decoded);
                assertThat(reply.header("Last-Modified")).isNull();
            });
        } finally {
            db.deleteFrom(CONFIGURATION)
                    .where(CONFIGURATION.CONFIG_KEY.eq(decoded))
                    .execute();
        }
    }

    /**
     * A price recorded after the parts list changes the parts answer but not the list's recorded_at: the parts
     * projection keeps when the document last changed beside it. Answers without the parts are unchanged.
     */
    @Test
    void aLaterPriceMovesThePartsAnswersLastModifiedAndNoOther() {
        String parts = "/api/v1/parts" + query("config_key", DATED);
        String withParts = "/api/v1/vehicle" + query("config_key", DATED, "include", "parts");
        assertThat(api.get(parts).header("Last-Modified")).isEqualTo(LATEST);

        try {
            // what the parts projection writes on PartPriced: the body rendered again, changed when the price was
            // recorded
            partsDocument(
                    List.of(price(DATED, FILTER.partNumber(), "11.25", "2026-03-10")),
                    OffsetDateTime.parse("2026-03-10T12:30:45.900Z"));

            String priced = "Tue, 10 Mar 2026 12:30:45 GMT";
            await().atMost(CHANGE_VISIBLE)
                    .untilAsserted(() ->
                            assertThat(api.get(parts).header("Last-Modified")).isEqualTo(priced));
            assertThat(api.get(parts).ok().at("/parts/0/price/amount").asString())
                    .isEqualTo("11.25");
            assertThat(api.get(withParts).header("Last-Modified")).isEqualTo(priced);
            assertThat(api.getWith(parts, "If-Modified-Since", LATEST).status()).isEqualTo(200);
            assertThat(api.getWith(parts, "If-Modified-Since", priced).status()).isEqualTo(304);
            for (String unpriced : List.of("/api/v1/fluids", "/api/v1/vehicle")) {
                assertThat(api.get(unpriced + query("config_key", DATED)).header("Last-Modified"))
                        .as(unpriced)
                        .isEqualTo(LATEST);
            }
        } finally {
            // the other tests read the seeded document
            partsDocument(List.of(), PARTS_LISTED);
            await().atMost(CHANGE_VISIBLE)
                    .untilAsserted(() ->
                            assertThat(api.get(parts).header("Last-Modified")).isEqualTo(LATEST));
        }
    }

    private void partsDocument(List<PartPriced> prices, OffsetDateTime changedAt) {
        db.update(PARTS_DOCUMENT)
                .set(PARTS_DOCUMENT.BODY, GroupDocument.PARTS.render(PartView.of(List.of(FILTER), prices)))
                .set(PARTS_DOCUMENT.CHANGED_AT, changedAt)
                .where(PARTS_DOCUMENT.CONFIG_KEY.eq(DATED))
                .execute();
    }

    @Test
    void ifModifiedSinceTheLastChangeIs304WithTheHeadersOfThe200() {
        String path = "/api/v1/fluids" + query("config_key", DATED);
        Reply first = api.get(path);

        for (String since : List.of(LATEST, "Sun, 01 Feb 2026 08:00:01 GMT", "Fri, 01 Jan 2027 00:00:00 GMT")) {
            Reply again = api.getWith(path, "If-Modified-Since", since);
            assertThat(again.status()).as(since).isEqualTo(304);
            assertThat(again.text()).isEmpty();
            assertThat(again.header("ETag")).isEqualTo(first.header("ETag"));
            assertThat(again.header("Last-Modified")).isEqualTo(LATEST);
            assertThat(again.header("Cache-Control")).isEqualTo(first.header("Cache-Control"));
            assertThat(Api.varyFields(again.headers())).contains("authorization", "x-api-key");
        }
        Reply before = api.getWith(path, "If-Modified-Since", "Sun, 01 Feb 2026 07:59:59 GMT");
        assertThat(before.status()).isEqualTo(200);
        assertThat(before.text()).isEqualTo(first.text());
    }

    @Test
    void theGzippedVehicleAnswerIs304WithItsOwnETag() throws IOException {
        String path = "/api/v1/vehicle" + query("config_key", DATED, "include", "fluids,specs");
        HttpResponse<byte[]> gzipped = api.bytes(path, "Accept-Encoding", "gzip");

        HttpResponse<byte[]> again = api.bytes(path, "Accept-Encoding", "gzip", "If-Modified-Since", LATEST);

        assertThat(again.statusCode()).isEqualTo(304);
        assertThat(again.headers().firstValue("ETag"))
                .isEqualTo(gzipped.headers().firstValue("ETag"));
        assertThat(Api.varyFields(again.headers())).contains("accept-encoding", "authorization", "x-api-key");
    }

    /** RFC 9110, 13.2.2: If-None-Match, when sent, decides alone. */
    @Test
    void ifNoneMatchTakesPrecedenceOverIfModifiedSince() {
        String path = "/api/v1/fluids" + query("config_key", DATED);
        String etag = api.get(path).header("ETag");

        assertThat(api.getWith(path, "If-None-Match", "\"00000000\"", "If-Modified-Since", LATEST)
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
                "Sun, 32 Feb 2026 08:00:00 GMT",
                "Mon, 30 Feb 2026 08:00:00 GMT",
                "1769932800",
                "Sun, 01 Feb 2026",
                ""
            })
    void anIfModifiedSinceThatIsNoDateIsIgnored(String since) {
        String path = "/api/v1/fluids" + query("config_key", DATED);

        Reply reply = api.getWith(path, "If-Modified-Since", since);

        reply.ok();
        assertThat(reply.header("Last-Modified")).isEqualTo(LATEST);
    }

    @Test
    void errorsHaveNoLastModified() {
        for (Reply reply : List.of(
                api.get("/api/v0/labor" + CIVIC + "&operation=timing_belt"),
                api.get("/api/v0/vehicle-image" + query("config_key", DATED)),
                api.get("/api/v0/maintenance" + CIVIC + "&mileage=-1"))) {
            assertThat(reply.status()).isGreaterThanOrEqualTo(400);
            assertThat(reply.header("Last-Modified")).isNull();
        }
    }

    private static Provenance recorded(OffsetDateTime at) {
        return new Provenance(SEEDED.source(), SEEDED.rank(), at);
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
