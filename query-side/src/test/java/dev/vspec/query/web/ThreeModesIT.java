package dev.vspec.query.web;

import static dev.vspec.query.Expected.CIVIC_LX_MODES;
import static org.assertj.core.api.Assertions.assertThat;

import dev.vspec.query.SeededRouteIT;
import dev.vspec.testing.Api;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;

/**
 * Every vehicle route answers the same bytes whichever identifier mode names the vehicle; each route's IT has its 409
 * for an ambiguous one.
 */
class ThreeModesIT extends SeededRouteIT {

    @ParameterizedTest
    @FieldSource("dev.vspec.query.Expected#VEHICLE_ROUTES")
    void everyModeGetsTheSameAnswer(String route) {
        HttpResponse<byte[]> byKey = api.bytes(route + CIVIC_LX_MODES.get(0));
        assertThat(byKey.statusCode()).isEqualTo(200);
        assertThat(byKey.body()).isNotEmpty();
        for (String identifier : CIVIC_LX_MODES.subList(1, CIVIC_LX_MODES.size())) {
            HttpResponse<byte[]> other = api.bytes(route + identifier);

            assertThat(other.statusCode()).as(identifier).isEqualTo(200);
            if (identifier.startsWith("?vin=") && other.body().length > 0 && other.body()[0] == '{') {
                // A VIN's coverage also says whether its service history is recorded; the rest is the same.
                assertThat(Api.withoutVehicleProvenance(new String(other.body(), StandardCharsets.UTF_8)))
                        .as(identifier)
                        .isEqualTo(Api.withoutVehicleProvenance(new String(byKey.body(), StandardCharsets.UTF_8)));
                assertThat(new String(other.body(), StandardCharsets.UTF_8))
                        .contains("\"service_history\":{\"status\":");
                continue;
            }
            assertThat(other.body()).as(identifier).isEqualTo(byKey.body());
            assertThat(other.headers().firstValue("ETag"))
                    .isEqualTo(byKey.headers().firstValue("ETag"));
        }
    }
}
