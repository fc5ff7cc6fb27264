package dev.vspec.query.web;

import static dev.vspec.query.ReadModelSeed.CIVIC_LX;
import static dev.vspec.query.ReadModelSeed.CIVIC_LX_VIN;
import static dev.vspec.testing.Api.query;
import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.verifyNoInteractions;

import dev.vspec.query.Expected;
import dev.vspec.query.QuerySideWebSlice;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.JsonNode;

/** Every identifier-taking route refuses a bad identifier with the contract's 400 before reading anything. */
class IdentifierErrorsTest extends QuerySideWebSlice {

    /** Every route that takes the three identifier modes; the decode's own identifier errors: DecodeParametersTest. */
    private static final List<String> ROUTES = Expected.IDENTIFIER_ROUTES.stream()
            .filter(route -> !route.equals("/api/v1/decode"))
            .toList();

    static Stream<Arguments> badIdentifiers() {
        List<Arguments> cases = List.of(
                Arguments.of("VIN of 16 characters", query("vin", "2HGFC2F59KH50000"), "invalid_vin"),
                Arguments.of("VIN of 18 characters", query("vin", "2HGFC2F59KH5000011"), "invalid_vin"),
                Arguments.of("VIN with I", query("vin", "2HGFC2F59KH5I0001"), "invalid_vin"),
                Arguments.of("VIN with O", query("vin", "2HGFC2F59KH5O0001"), "invalid_vin"),
                Arguments.of("VIN with Q", query("vin", "2HGFC2F59KH5Q0001"), "invalid_vin"),
                Arguments.of("VIN with an inner space", query("vin", "2HGFC2F59 KH50001"), "invalid_vin"),
                Arguments.of("no identifier", "", "missing_param"),
                Arguments.of("only blank parameters", query("vin", " ", "config_key", ""), "missing_param"),
                Arguments.of("vin and config_key", query("vin", CIVIC_LX_VIN, "config_key", CIVIC_LX), "missing_param"),
                Arguments.of(
                        "vin and year/make/model",
                        query("vin", CIVIC_LX_VIN, "year", "2019", "make", "Honda", "model", "Civic"),
                        "missing_param"),
                Arguments.of(
                        "config_key and year/make/model",
                        query("config_key", CIVIC_LX, "year", "2019", "make", "Honda", "model", "Civic"),
                        "missing_param"),
                Arguments.of("year and make only", query("year", "2019", "make", "Honda"), "missing_param"),
                Arguments.of(
                        "make, model and trim without year",
                        query("make", "Honda", "model", "Civic", "trim", "LX"),
                        "missing_param"),
                Arguments.of("trim alone", query("trim", "LX"), "missing_param"),
                Arguments.of("two-digit year", query("year", "19", "make", "Honda", "model", "Civic"), "invalid_param"),
                Arguments.of(
                        "non-numeric year", query("year", "abcd", "make", "Honda", "model", "Civic"), "invalid_param"),
                Arguments.of(
                        "year out of range", query("year", "1700", "make", "Honda", "model", "Civic"), "invalid_param"),
                Arguments.of("config_key longer than any key", query("config_key", "k".repeat(161)), "invalid_param"),
                Arguments.of("query string that is not UTF-8", "?vin=%C3%28", "invalid_param"));
        return ROUTES.stream()
                .flatMap(route -> cases.stream()
                        // /v1/configs lists the configurations of a year and make (ListingsIT)
                        .filter(c -> !(route.equals("/api/v1/configs") && c.get()[0].equals("year and make only")))
                        .map(c -> {
                            Object[] values = c.get();
                            return Arguments.of(route, values[0], values[1], values[2]);
                        }));
    }

    static Stream<String> routes() {
        return ROUTES.stream();
    }

    /** Still missing_param, as the specification has it, now naming the parameters that make up the modes. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("routes")
    void twoModesAtOnceNameEveryIdentifierParameterSent(String route) {
        assertThat(api.get(route + query("config_key", CIVIC_LX, "vin", CIVIC_LX_VIN))
                        .error(400, "missing_param")
                        .path("param")
                        .asString())
                .isEqualTo("vin,config_key");
        assertThat(api.get(route + query("config_key", CIVIC_LX, "model", "Civic", "make", "Honda", "year", "2019"))
                        .error(400, "missing_param")
                        .path("param")
                        .asString())
                .isEqualTo("year,make,model,config_key");
        verifyNoInteractions(vehicles);
    }

    @ParameterizedTest(name = "{0}: {1}")
    @MethodSource("badIdentifiers")
    void badIdentifierIs400(String route, String description, String query, String code) {
        JsonNode body = api.get(route + query).error(400, code);

        assertThat(body.has("matches")).isFalse();
        verifyNoInteractions(vehicles);
    }
}
