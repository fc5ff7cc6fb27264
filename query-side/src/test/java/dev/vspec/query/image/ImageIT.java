package dev.vspec.query.image;

import static dev.vspec.query.ReadModelSeed.CIVIC_LX_IMAGE;
import static dev.vspec.query.ReadModelSeed.CIVIC_LX_IMAGE_TYPE;
import static dev.vspec.query.ReadModelSeed.RANGE_ROVER;
import static dev.vspec.query.ReadModelSeed.RANGE_ROVER_VIN;
import static dev.vspec.testing.Api.query;
import static org.assertj.core.api.Assertions.assertThat;

import dev.vspec.query.Expected;
import dev.vspec.query.ReadModelSeed;
import dev.vspec.query.SeededRouteIT;
import dev.vspec.testing.Api;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;
import tools.jackson.databind.JsonNode;

class ImageIT extends SeededRouteIT {

    private static final String ROUTE = "/api/v0/vehicle-image";
    private static final String ETAG = "\"" + ReadModelSeed.sha256(CIVIC_LX_IMAGE) + "\"";

    @ParameterizedTest
    @FieldSource("dev.vspec.query.Expected#CIVIC_LX_MODES")
    void answersTheBytesWithTheirContentTypeAndTheirHashAsETagInEveryMode(String identifier) {
        HttpResponse<byte[]> image = api.bytes(ROUTE + identifier, "Accept", "image/*");

        assertThat(image.statusCode()).isEqualTo(200);
        assertThat(image.body()).isEqualTo(CIVIC_LX_IMAGE);
        assertThat(image.headers().firstValue("Content-Type")).hasValue(CIVIC_LX_IMAGE_TYPE);
        assertThat(image.headers().firstValue("ETag")).hasValue(ETAG);
        assertThat(image.headers().firstValue("Cache-Control")).hasValue("private, max-age=604800, immutable");
    }

    @Test
    void aRenderOpenedOnItsOwnIsTakenForItsTypeAndRunsNothing() {
        HttpResponse<byte[]> image = api.bytes(ROUTE + query("config_key", ReadModelSeed.CIVIC_LX));

        assertThat(image.headers().firstValue("X-Content-Type-Options")).hasValue("nosniff");
        assertThat(image.headers().firstValue("Content-Security-Policy"))
                .hasValue("default-src 'none'; style-src 'unsafe-inline'; sandbox");
    }

    @Test
    void aClientAskingForJsonStillGetsTheImage() {
        HttpResponse<byte[]> image =
                api.bytes(ROUTE + query("config_key", ReadModelSeed.CIVIC_LX), "Accept", "application/json");

        assertThat(image.statusCode()).isEqualTo(200);
        assertThat(image.body()).isEqualTo(CIVIC_LX_IMAGE);
    }

    @Test
    void theSameETagIs304WithoutBytes() {
        HttpResponse<byte[]> image =
                api.bytes(ROUTE + query("config_key", ReadModelSeed.CIVIC_LX), "If-None-Match", ETAG);

        assertThat(image.statusCode()).isEqualTo(304);
        assertThat(image.body()).isEmpty();
        assertThat(image.headers().firstValue("ETag")).hasValue(ETAG);
        assertThat(image.headers().firstValue("Cache-Control")).hasValue("private, max-age=604800, immutable");
    }

    @Test
    void anotherETagGetsTheBytes() {
        HttpResponse<byte[]> image =
                api.bytes(ROUTE + query("config_key", ReadModelSeed.CIVIC_LX), "If-None-Match", "\"0000\"");

        assertThat(image.statusCode()).isEqualTo(200);
        assertThat(image.body()).isEqualTo(CIVIC_LX_IMAGE);
    }

    @Test
    void aVehicleWithoutARenderIs404NoImageAsJsonInEveryMode() {
        for (String identifier : new String[] {
            query("config_key", RANGE_ROVER),
            query("vin", RANGE_ROVER_VIN),
            query("year", "2020", "make", "Land Rover", "model", "Range Rover Sport")
        }) {
            Api.Reply reply = api.getWith(ROUTE + identifier, "Accept", "image/*");
            JsonNode body = reply.error(404, "no_image");

            assertThat(body.path("message").asString()).contains(RANGE_ROVER);
            assertThat(reply.headers().allValues("Cache-Control")).containsExactly("no-store");
            assertThat(reply.header("ETag")).isNull();
            assertThat(reply.header("Last-Modified")).isNull();
        }
    }

    @Test
    void anUnknownVehicleIsNotFoundRatherThanNoImage() {
        api.get(ROUTE + query("config_key", "2019-honda-civic-type-r-k20c1-fwd"))
                .error(404, "not_found");
    }

    @Test
    void anAmbiguousLookupIs409() {
        Expected.ambiguous(api.get(ROUTE + Expected.AMBIGUOUS_CIVIC));
    }
}
