package dev.vspec.query.web;

import static dev.vspec.query.ReadModelSeed.CIVIC_LX;
import static dev.vspec.query.ReadModelSeed.CIVIC_LX_VIN;
import static dev.vspec.query.ReadModelSeed.F150_27_2020_VIN;
import static dev.vspec.query.ReadModelSeed.SEEDED;
import static dev.vspec.query.ReadModelSeed.price;
import static dev.vspec.storage.jooq.read.Tables.CONFIGURATION;
import static dev.vspec.storage.jooq.read.Tables.PARTS_DOCUMENT;
import static dev.vspec.testing.Api.query;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.vspec.contracts.catalog.Fluid;
import dev.vspec.contracts.catalog.Part;
import dev.vspec.contracts.catalog.PartPriced;
import dev.vspec.contracts.catalog.SpecItem;
import dev.vspec.query.ReadModelSeed;
import dev.vspec.query.SeededRouteIT;
import dev.vspec.readmodel.FluidView;
import dev.vspec.readmodel.GroupDocument;
import dev.vspec.readmodel.PartView;
import dev.vspec.readmodel.Provenance;
import dev.vspec.readmodel.SpecView;
import dev.vspec.testing.Api;
import dev.vspec.testing.Api.Reply;
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

/**
 * HTTP caching where the full stack shows it: Last-Modified from the times PostgreSQL records (and moves), Tomcat's
 * gzip under the same ETag, and the routes that read the image and service-history tables. The rules over a held
 * vehicle (Cache-Control per route, ETags and 304s, If-Modified-Since, errors never cached) are HttpCachingTest's.
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

    /** The service history reads its table; every other route's Cache-Control and ETag: HttpCachingTest. */
    @Test
    void theServiceHistoryAnswersItsCacheControlAndAnETag() {
        Reply reply = api.get("/api/v0/service-history" + VIN);

        reply.ok();
        assertThat(reply.headers().allValues("Cache-Control")).containsExactly("private, max-age=300");
        assertThat(reply.header("ETag")).matches("W/\"[0-9a-f]{16}\"");
        assertThat(Api.varyFields(reply.headers()))
                .as("an answer given to a key varies on the key's headers")
                .contains("authorization", "x-api-key");
    }

    /** The groups whose values read their own tables; the stored groups: HttpCachingTest. */
    @ParameterizedTest(name = "include={0}")
    @CsvSource(
            delimiter = '|',
            value = {"labor,image | 'private, max-age=86400'", "fluids,service_history,parts | 'private, max-age=300'"})
    void theVehicleRouteIsAsFreshAsItsShortestLivedGroup(String include, String cacheControl) {
        assertThat(api.get("/api/v1/vehicle" + VIN + "&include=" + include).header("Cache-Control"))
                .isEqualTo(cacheControl);
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
    void theServiceHistoryAnswers304Too() {
        String path = "/api/v0/service-history" + VIN;
        String etag = api.get(path).header("ETag");

        assertThat(api.getWith(path, "If-None-Match", etag).status()).isEqualTo(304);
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
                SpecView.of(
                        List.of(new SpecItem("engine", "displacement", "1.5", "L")),
                        Provenance.parse(recorded(SPECS_RECORDED).source())),
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

    /** By VIN, with the service history, whose record PostgreSQL keeps; by config_key: HttpCachingTest. */
    @ParameterizedTest
    @ValueSource(strings = {"/api/v0/service-history", "/api/v1/vehicle"})
    void everyJsonRouteAboutOneVinSaysWhenItsFactsWereRecorded(String route) {
        Reply reply = api.get(route
                + VIN
                + (route.equals("/api/v1/vehicle")
                        ? "&include=fluids,specs,tires,maintenance_schedule,parts,labor,image,service_history"
                        : ""));

        reply.ok();
        assertThat(reply.header("Last-Modified")).isEqualTo(SEEDED_DATE);
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

    private static Provenance recorded(OffsetDateTime at) {
        return new Provenance(SEEDED.source(), SEEDED.rank(), at);
    }
}
