package dev.vspec.query.web;

import static dev.vspec.query.Expected.IDENTIFIER_ROUTES;
import static dev.vspec.query.ReadModelSeed.CIVIC_LX;
import static dev.vspec.query.ReadModelSeed.CIVIC_LX_VIN;
import static dev.vspec.testing.Api.query;
import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.verifyNoInteractions;

import dev.vspec.query.QuerySideWebSlice;
import dev.vspec.query.lookup.HeldVehicle;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Queries no route can answer as meant, refused before any lookup: a parameter given twice, a control character (a
 * NUL byte would reach PostgreSQL, which refuses it: a 500). HostileQueriesIT has what the lookups answer.
 */
class HostileQueriesTest extends QuerySideWebSlice {

    private static final List<String> YEAR_MAKE_MODEL_TRIM =
            List.of("year", "2019", "make", "Honda", "model", "Civic", "trim", "LX");

    static Stream<Arguments> repeatedParameters() {
        List<Arguments> cases = new ArrayList<>();
        cases.add(Arguments.of("vin", "vin=" + CIVIC_LX_VIN + "&vin=19XFC2F59KE812021", IDENTIFIER_ROUTES));
        cases.add(Arguments.of("config_key", "config_key=" + CIVIC_LX + "&config_key=" + CIVIC_LX, IDENTIFIER_ROUTES));
        for (int i = 0; i < YEAR_MAKE_MODEL_TRIM.size(); i += 2) {
            String name = YEAR_MAKE_MODEL_TRIM.get(i);
            cases.add(Arguments.of(
                    name,
                    query(YEAR_MAKE_MODEL_TRIM.toArray(String[]::new)).substring(1) + "&" + name + "="
                            + YEAR_MAKE_MODEL_TRIM.get(i + 1),
                    IDENTIFIER_ROUTES));
        }
        cases.add(Arguments.of(
                "mileage", "config_key=" + CIVIC_LX + "&mileage=5000&mileage=10000", List.of("/api/v0/maintenance")));
        cases.add(Arguments.of(
                "operation", "config_key=" + CIVIC_LX + "&operation=a&operation=b", List.of("/api/v0/labor")));
        cases.add(Arguments.of(
                "job_id",
                "job_id=enr_" + CIVIC_LX_VIN + "_1&job_id=enr_" + CIVIC_LX_VIN + "_2",
                List.of("/api/v0/enrich")));
        cases.add(Arguments.of("vin", "vin=" + CIVIC_LX_VIN + "&vin=" + CIVIC_LX_VIN, List.of("/api/v0/enrich")));
        cases.add(Arguments.of("partial_vin", "partial_vin=1HGCM826&partial_vin=1HGCM827", List.of("/api/v1/decode")));
        return cases.stream();
    }

    @ParameterizedTest(name = "{0} twice")
    @MethodSource("repeatedParameters")
    void aParameterGivenTwiceIsRefusedNamingIt(String name, String query, List<String> routes) {
        for (String route : routes) {
            assertThat(api.get(route + "?" + query)
                            .error(400, "invalid_param")
                            .path("message")
                            .asString())
                    .as(route)
                    .isEqualTo("Parameter '" + name + "' is given 2 times; send it once");
        }
        verifyNoInteractions(vehicles, decoders);
    }

    static Stream<Arguments> controlCharacters() {
        return Stream.of(
                Arguments.of("make", query("year", "2019", "make", "honda\u0000", "model", "civic")),
                Arguments.of("model", query("year", "2019", "make", "honda", "model", "ci\u0001vic")),
                Arguments.of("trim", query("year", "2019", "make", "honda", "model", "civic", "trim", "lx\u007f")),
                Arguments.of("config_key", query("config_key", CIVIC_LX + "\u0000")),
                Arguments.of("vin", query("vin", CIVIC_LX_VIN + "\u0085")),
                Arguments.of("a name", query("config_key", CIVIC_LX, "x\u0000", "1")),
                Arguments.of("job_id", query("job_id", "enr_\u0000")),
                Arguments.of("partial_vin", query("partial_vin", "1HG\u0000")),
                Arguments.of("vins", query("vins", CIVIC_LX_VIN + ",\u0000")),
                Arguments.of("include", query("config_key", CIVIC_LX, "include", "fluids\u0000")));
    }

    /** On every route, whether it reads the parameter or not. */
    @ParameterizedTest(name = "{0}: {1}")
    @MethodSource("controlCharacters")
    void aControlCharacterInAnyParameterIsRefusedBeforeAnyLookup(String name, String query) {
        List<String> routes = new ArrayList<>(IDENTIFIER_ROUTES);
        routes.addAll(List.of("/api/v0/enrich", "/api/v1/decode/batch", "/api/v1/wmi/1HG"));
        for (String route : routes) {
            String message = api.get(route + query)
                    .error(400, "invalid_param")
                    .path("message")
                    .asString();

            assertThat(message)
                    .as(route)
                    .contains("control character")
                    .endsWith("send printable text")
                    .startsWith(name.equals("a name") ? "A parameter name" : "Parameter '" + name + "'");
        }
        verifyNoInteractions(vehicles, decoders);
    }

    /** A list parameter (the whole vehicle's groups) may be given repeated; the decode batch's VINs: HostileQueriesIT. */
    @Test
    void aListMayBeGivenRepeated() {
        HeldVehicle.resolveEveryLookupTo(vehicles, CIVIC_LX);

        assertThat(api.get("/api/v1/vehicle?config_key=" + CIVIC_LX + "&include=fluids&include=specs")
                        .ok()
                        .propertyNames())
                .containsExactly("vehicle", "fluids", "specs", "coverage");
    }
}
