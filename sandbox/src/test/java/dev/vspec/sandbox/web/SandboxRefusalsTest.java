package dev.vspec.sandbox.web;

import static dev.vspec.sandbox.ReferenceVehicle.CONFIG_KEY;
import static dev.vspec.sandbox.ReferenceVehicle.VIN;
import static dev.vspec.sandbox.SandboxAnswers.assertDecorated;
import static dev.vspec.sandbox.SandboxAnswers.assertLimitHeaders;
import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.verifyNoInteractions;

import dev.vspec.infra.testing.Api;
import dev.vspec.sandbox.SandboxWebSlice;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What the sandbox refuses before any read, decorated as the site's errors: bad input as on the live API, every write,
 * every path outside {@code /api/sample}. What it answers over schema sample is SandboxRoutesIT's.
 */
class SandboxRefusalsTest extends SandboxWebSlice {

    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource(
            delimiter = '|',
            value = {
                "/api/sample/v1/fluids?vin=BAD|invalid_vin",
                "/api/sample/v1/fluids|missing_param",
                "/api/sample/v1/fluids?year=2019&make=honda%00&model=civic|invalid_param",
                "/api/sample/v0/labor?config_key=" + CONFIG_KEY + "&operation=%01|invalid_param",
                "/api/sample/v1/fluids?vin=" + VIN + "&vin=" + VIN + "|invalid_param",
                "/api/sample/v1/tires?config_key=" + CONFIG_KEY + "&config_key=" + CONFIG_KEY + "|invalid_param",
                "/api/sample/v1/fluids?year=2019&make=Honda|missing_param",
                "/api/sample/v0/maintenance?config_key=" + CONFIG_KEY + "&mileage=-4|invalid_param",
                "/api/sample/v0/enrich|missing_param"
            })
    void badInputIs400AsOnTheLiveApi(String pathAndQuery, String code) {
        assertDecorated(api.get(pathAndQuery).error(400, code), code);
        verifyNoInteractions(vehicles);
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({
        "POST, /api/sample/v0/enrich",
        "PUT, /api/sample/v0/enrich",
        "DELETE, /api/sample/v1/fluids",
        "PATCH, /api/sample/v1/fluids",
        "POST, /api/sample/request-access",
        "POST, /api/sample/v1/fluids"
    })
    void everyWriteIs403WriteDisabled(String method, String path) {
        Api.Reply reply = api.sendWith(method, path, "Content-Type", "application/json");

        assertDecorated(reply.error(403, "write_disabled"), "write_disabled");
        assertThat(reply.header("Allow")).isEqualTo("GET, HEAD, OPTIONS");
        assertLimitHeaders(reply);
    }

    @ParameterizedTest
    @ValueSource(strings = {"/api/v1/fluids?vin=" + VIN, "/", "/api/samples/v1/fluids?vin=" + VIN, "/error"})
    void pathsOutsideTheSandboxAre404(String pathAndQuery) {
        Api.Reply reply = api.get(pathAndQuery);

        assertDecorated(reply.error(404, "not_found"), "not_found");
        assertThat(reply.body().path("message").asString()).contains("/api/sample");
        verifyNoInteractions(vehicles);
    }
}
