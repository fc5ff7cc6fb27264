package dev.vspec.sandbox.web;

import static dev.vspec.sandbox.ReferenceVehicle.CONFIG_KEY;
import static dev.vspec.sandbox.ReferenceVehicle.VIN;
import static dev.vspec.sandbox.SandboxAnswers.assertDecorated;
import static dev.vspec.sandbox.SandboxAnswers.assertLimitHeaders;
import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.verifyNoInteractions;

import dev.vspec.sandbox.SandboxWebSlice;
import dev.vspec.testing.Api;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;

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
                "/api/sample/v0/enrich|missing_param",
                "/api/sample/v1/parts?config_key=" + CONFIG_KEY + "&category=filter|invalid_param",
                "/api/sample/v1/vehicle?config_key=" + CONFIG_KEY + "&includes=fluids|invalid_param",
                "/api/sample/v1/fluids?vin=" + VIN + "&config_key=" + CONFIG_KEY + "|missing_param"
            })
    void badInputIs400AsOnTheLiveApi(String pathAndQuery, String code) {
        assertDecorated(api.get(pathAndQuery).error(400, code), code);
        verifyNoInteractions(vehicles);
    }

    /** The rules of the live API's parameters, with the live API's words (UnknownParametersTest, IdentifierErrorsTest). */
    @Test
    void unknownParametersAndTwoModesAreNamedAsOnTheLiveApi() {
        JsonNode unknown = api.get("/api/sample/v1/parts?config_key=" + CONFIG_KEY + "&category=filter")
                .error(400, "invalid_param");
        JsonNode twoModes = api.get("/api/sample/v1/fluids?vin=" + VIN + "&config_key=" + CONFIG_KEY)
                .error(400, "missing_param");

        assertThat(unknown.path("param").asString()).isEqualTo("category");
        assertThat(unknown.path("message").asString())
                .isEqualTo(
                        "Unknown parameter 'category': this route takes vin, year, make, model, trim and config_key");
        assertThat(twoModes.path("param").asString()).isEqualTo("vin,config_key");
    }

    /** The sandbox takes no writes, so no message of its suggests one, and the routes they name are its own. */
    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({
        "POST, /api/sample/v0/enrich, 403, write_disabled",
        "DELETE, /api/sample/v0/webhooks/1, 403, write_disabled",
        "GET, /api/sample/v0/enrich, 400, missing_param",
        "GET, /api/sample/v1/fluids?config_key=" + CONFIG_KEY + "&enrich=1, 400, invalid_param",
        "GET, /api/sample/v1/nothing-here, 404, not_found"
    })
    void noMessageSuggestsAWriteOrNamesALiveRoute(String method, String pathAndQuery, int status, String code) {
        String message = api.sendWith(method, pathAndQuery)
                .error(status, code)
                .path("message")
                .asString();

        assertThat(message).doesNotContain("POST").doesNotContainPattern("/api/v[0-9]");
        verifyNoInteractions(vehicles);
    }

    @Test
    void aPathNoRouteTakesIsNamedAsTheClientAskedIt() {
        assertThat(api.get("/api/sample/v1/nothing-here")
                        .error(404, "not_found")
                        .path("message")
                        .asString())
                .isEqualTo("No route GET /api/sample/v1/nothing-here");
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
