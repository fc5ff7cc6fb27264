package dev.vspec.query.wholevehicle;

import static dev.vspec.query.Expected.CIVIC_LX_VEHICLE;
import static dev.vspec.query.ReadModelSeed.CIVIC_LX;
import static dev.vspec.query.ReadModelSeed.CIVIC_LX_IMAGE;
import static dev.vspec.query.ReadModelSeed.CIVIC_LX_IMAGE_TYPE;
import static dev.vspec.query.ReadModelSeed.CIVIC_LX_VIN;
import static dev.vspec.query.ReadModelSeed.RANGE_ROVER;
import static dev.vspec.testing.Api.json;
import static dev.vspec.testing.Api.query;
import static org.assertj.core.api.Assertions.assertThat;

import dev.vspec.query.Expected;
import dev.vspec.query.ReadModelSeed;
import dev.vspec.query.SeededRouteIT;
import dev.vspec.testing.Api;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.FieldSource;
import tools.jackson.databind.JsonNode;

class VehicleIT extends SeededRouteIT {

    private static final String ROUTE = "/api/v1/vehicle";
    private static final String ALLOWED =
            "fluids, specs, tires, maintenance_schedule, parts, labor, image, service_history";

    @ParameterizedTest
    @FieldSource("dev.vspec.query.Expected#CIVIC_LX_MODES")
    void withoutIncludeAnswersOnlyTheVehicleInEveryMode(String identifier) {
        assertThat(api.get(ROUTE + identifier).ok()).isEqualTo(json("{\"vehicle\": " + CIVIC_LX_VEHICLE + "}"));
        assertThat(api.get(ROUTE + identifier + "&include=").ok())
                .isEqualTo(json("{\"vehicle\": " + CIVIC_LX_VEHICLE + "}"));
        assertThat(api.get(ROUTE + identifier + "&include=%20,%20,").ok())
                .isEqualTo(json("{\"vehicle\": " + CIVIC_LX_VEHICLE + "}"));
    }

    /** The include= value of a group is exactly what the group's own route answers under that key. */
    @ParameterizedTest(name = "{0} by {1}")
    @CsvSource({
        "fluids, /api/v1/fluids",
        "specs, /api/v1/specs",
        "tires, /api/v1/tires",
        "maintenance_schedule, /api/v1/maintenance-schedule",
        "parts, /api/v1/parts",
        "labor, /api/v0/labor",
        "service_history, /api/v0/service-history"
    })
    void eachGroupEqualsItsOwnRoute(String group, String route) {
        for (String identifier :
                group.equals("service_history") ? List.of(query("vin", CIVIC_LX_VIN)) : Expected.CIVIC_LX_MODES) {
            JsonNode own = api.get(route + identifier).ok();
            JsonNode included =
                    api.get(ROUTE + identifier + "&include=" + group).ok();

            assertThat(included.propertyNames()).containsExactly("vehicle", group);
            assertThat(own.path(group).isMissingNode()).isFalse();
            assertThat(included.path(group)).isEqualTo(own.path(group));
            assertThat(included.path("vehicle")).isEqualTo(own.path("vehicle"));
        }
    }

    @ParameterizedTest
    @FieldSource("dev.vspec.query.Expected#CIVIC_LX_MODES")
    void theImageGroupDescribesWhatTheImageRouteAnswers(String identifier) {
        JsonNode image = api.get(ROUTE + identifier + "&include=image").ok().path("image");
        HttpResponse<byte[]> own = api.bytes("/api/v0/vehicle-image" + identifier);

        assertThat(image)
                .isEqualTo(json("""
                {"content_type": "%s", "etag": "\\"%s\\"", "href": "/api/v0/vehicle-image?config_key=%s"}
                """.formatted(CIVIC_LX_IMAGE_TYPE, ReadModelSeed.sha256(CIVIC_LX_IMAGE), CIVIC_LX)));
        assertThat(own.headers().firstValue("Content-Type"))
                .hasValue(image.path("content_type").asString());
        assertThat(own.headers().firstValue("ETag")).hasValue(image.path("etag").asString());
        HttpResponse<byte[]> linked = api.bytes(image.path("href").asString());
        assertThat(linked.body()).isEqualTo(own.body()).isEqualTo(CIVIC_LX_IMAGE);
    }

    @Test
    void theImageGroupIsNullWhereTheImageRouteIsNoImage() {
        JsonNode body = api.get(ROUTE + query("config_key", RANGE_ROVER, "include", "image"))
                .ok();

        assertThat(body.has("image")).isTrue();
        assertThat(body.path("image").isNull()).isTrue();
        api.get("/api/v0/vehicle-image" + query("config_key", RANGE_ROVER)).error(404, "no_image");
    }

    @Test
    void everyGroupAtOnceEqualsEachGroupAlone() {
        String vin = query("vin", CIVIC_LX_VIN);
        JsonNode all =
                api.get(ROUTE + vin + "&include=" + ALLOWED.replace(" ", "")).ok();

        assertThat(all.propertyNames())
                .containsExactly(
                        "vehicle",
                        "fluids",
                        "specs",
                        "tires",
                        "maintenance_schedule",
                        "parts",
                        "labor",
                        "image",
                        "service_history");
        for (String group : ALLOWED.split(", ")) {
            assertThat(all.path(group))
                    .as(group)
                    .isEqualTo(api.get(ROUTE + vin + "&include=" + group).ok().path(group));
        }
    }

    /** A client that accepts gzip gets the same bytes compressed, with a validator of their own. */
    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "config_key | fluids,specs,tires,maintenance_schedule,parts",
                "vin | fluids,labor,image,service_history",
                "config_key | ''"
            })
    void gzipIsTheSameAnswerCompressed(String mode, String include) throws IOException {
        String path = ROUTE + query(mode, mode.equals("vin") ? CIVIC_LX_VIN : CIVIC_LX, "include", include);
        HttpResponse<byte[]> plain = api.bytes(path);
        HttpResponse<byte[]> gzip = api.bytes(path, "Accept-Encoding", "gzip, deflate, br");

        assertThat(plain.statusCode()).isEqualTo(200);
        assertThat(gzip.statusCode()).isEqualTo(200);
        assertThat(plain.headers().firstValue("Content-Encoding")).isEmpty();
        assertThat(gzip.headers().firstValue("Content-Encoding")).hasValue("gzip");
        assertThat(plain.headers().allValues("Vary"))
                .anySatisfy(vary -> assertThat(vary).containsIgnoringCase("Accept-Encoding"));
        assertThat(gzip.headers().allValues("Vary"))
                .anySatisfy(vary -> assertThat(vary).containsIgnoringCase("Accept-Encoding"));
        assertThat(gunzip(gzip.body())).isEqualTo(plain.body());
        assertThat(gzip.body().length).isLessThan(plain.body().length + 40);
        assertThat(json(Api.withoutVehicleProvenance(new String(plain.body(), StandardCharsets.UTF_8))))
                .isEqualTo(api.get(path).ok());

        String gzipTag = gzip.headers().firstValue("ETag").orElseThrow();
        assertThat(gzipTag).isNotEqualTo(plain.headers().firstValue("ETag").orElseThrow());
        assertThat(api.bytes(path, "Accept-Encoding", "gzip", "If-None-Match", gzipTag)
                        .statusCode())
                .isEqualTo(304);
        assertThat(api.bytes(path, "Accept-Encoding", "gzip;q=0").headers().firstValue("Content-Encoding"))
                .isEmpty();
    }

    @Test
    void anAmbiguousLookupIs409WithOrWithoutInclude() {
        Expected.ambiguous(api.get(ROUTE + Expected.AMBIGUOUS_CIVIC));
        Expected.ambiguous(api.get(ROUTE + Expected.AMBIGUOUS_CIVIC + "&include=fluids,parts"));
    }

    @Test
    void anUnknownVehicleIsNotFound() {
        api.get(ROUTE + query("config_key", "2019-honda-civic-type-r-k20c1-fwd", "include", "fluids"))
                .error(404, "not_found");
    }

    private static byte[] gunzip(byte[] gzip) throws IOException {
        try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(gzip))) {
            return in.readAllBytes();
        }
    }
}
