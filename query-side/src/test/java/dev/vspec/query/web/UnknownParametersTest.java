package dev.vspec.query.web;

import static dev.vspec.query.ReadModelSeed.CIVIC_LX;
import static dev.vspec.query.ReadModelSeed.CIVIC_LX_VIN;
import static dev.vspec.testing.Api.query;
import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.verifyNoInteractions;

import dev.vspec.query.QuerySideWebSlice;
import dev.vspec.testing.ApiDocument;
import dev.vspec.testing.ApiDocument.Operation;
import dev.vspec.testing.ApiDocument.Side;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.JsonNode;

/**
 * A query parameter a read does not take is refused before anything is read, never ignored: what the document lists
 * for the read passes, and so do the identifier modes on a route that takes an identifier (one that takes fewer
 * refuses the others itself).
 */
class UnknownParametersTest extends QuerySideWebSlice {

    static Stream<Operation> reads() {
        return ApiDocument.bundle().operationsOf(Side.QUERY).stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("reads")
    void everyReadRefusesAParameterItDoesNotTakeNamingItButNotItsValue(Operation read) {
        JsonNode refusal = api.get(read.examplePath() + query("utm_source", "newsletter-42"))
                .error(400, "invalid_param");

        String message = refusal.path("message").asString();

        assertThat(refusal.path("param").asString()).isEqualTo("utm_source");
        assertThat(message)
                .startsWith("Unknown parameter 'utm_source': this route takes ")
                .doesNotContain("newsletter-42");
        read.parameters("query").forEach(taken -> assertThat(message).contains(taken));
        verifyNoInteractions(vehicles, decoders);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "/api/v1/vehicle?config_key=" + CIVIC_LX + "&includes=fluids|includes"
                        + "|this route takes vin, year, make, model, trim, config_key and include",
                "/api/v1/parts?config_key=" + CIVIC_LX + "&category=filter|category"
                        + "|this route takes vin, year, make, model, trim and config_key",
                "/api/v0/labor?config_key=" + CIVIC_LX + "&operations=tire_rotation|operations"
                        + "|this route takes vin, year, make, model, trim, config_key and operation",
                "/api/v1/decode/batch?vins=" + CIVIC_LX_VIN + "&vin=" + CIVIC_LX_VIN + "|vin|this route takes vins",
                "/api/v0/enrich?config_key=" + CIVIC_LX + "|config_key|this route takes job_id and vin",
                "/api/v1/years?year=2019|year|this route takes limit and cursor",
                "/api/v1/status?verbose=1|verbose|this route takes no query parameters"
            })
    void theRefusalListsWhatTheRouteTakes(String pathAndQuery, String unknown, String takes) {
        JsonNode refusal = api.get(pathAndQuery).error(400, "invalid_param");

        assertThat(refusal.path("param").asString()).isEqualTo(unknown);
        assertThat(refusal.path("message").asString()).isEqualTo("Unknown parameter '" + unknown + "': " + takes);
    }

    /** The service history takes a VIN alone, and says so for the other modes, as the specification has it. */
    @Test
    void theIdentifierModesReachARouteThatTakesFewer() {
        assertThat(api.get("/api/v0/service-history" + query("config_key", CIVIC_LX))
                        .error(400, "missing_param")
                        .path("param")
                        .asString())
                .isEqualTo("vin");
    }

    @Test
    void aNameAnAnswerMayNotRepeatIsRefusedWithoutIt() {
        JsonNode refusal = api.get("/api/v1/fluids?config_key=" + CIVIC_LX + "&%3Cscript%3E=1")
                .error(400, "invalid_param");

        assertThat(refusal.has("param")).isFalse();
        assertThat(refusal.path("message").asString())
                .isEqualTo("A query parameter's name is not one this route takes;"
                        + " this route takes vin, year, make, model, trim and config_key")
                .doesNotContain("script");
    }

    /** Keys go in headers: a key in the URL is refused as one, before any route's parameters are judged. */
    @ParameterizedTest
    @CsvSource({"apikey, anything", "token, vsk_live_0123456789abcdefghijABCDEFGHIJ01abcdef"})
    void aKeyShapedParameterStaysAnInvalidKey(String name, String value) {
        api.get("/api/v1/fluids?config_key=" + CIVIC_LX + "&" + name + "=" + value)
                .error(401, "invalid_api_key");
    }

    @Test
    void aHeadRequestIsJudgedAsItsGet() {
        assertThat(api.sendWith("HEAD", "/api/v1/fluids?config_key=" + CIVIC_LX + "&fluid=oil")
                        .status())
                .isEqualTo(400);
        verifyNoInteractions(vehicles);
    }
}
