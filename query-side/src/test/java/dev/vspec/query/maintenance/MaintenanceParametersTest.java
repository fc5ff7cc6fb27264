package dev.vspec.query.maintenance;

import static dev.vspec.query.ReadModelSeed.CIVIC_LX;
import static dev.vspec.testing.Api.query;
import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.verifyNoInteractions;

import dev.vspec.query.Expected;
import dev.vspec.query.QuerySideWebSlice;
import dev.vspec.query.lookup.HeldVehicle;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import tools.jackson.databind.JsonNode;

/** {@code /v0/maintenance}'s own parameters: mileage, months and schedule, checked before the lookup. */
class MaintenanceParametersTest extends QuerySideWebSlice {

    private static final String ROUTE = "/api/v0/maintenance";

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "mileage=-5 | mileage",
                "mileage=1.5 | mileage",
                "mileage=abc | mileage",
                "mileage=%2B100 | mileage",
                "mileage=2000001 | 2000000",
                "mileage=99999999999999 | 2000000",
                "months=601 | 600",
                "months=twelve | months",
                "schedule=weekly | schedule"
            })
    void aBadParameterIs400InvalidParamNamingIt(String parameters, String mentioned) {
        JsonNode body = api.get(ROUTE + query("config_key", CIVIC_LX) + "&" + parameters)
                .error(400, "invalid_param");

        assertThat(body.path("message").asString()).contains(mentioned);
        // Parameters are checked before the lookup: an ambiguous one does not turn the 400 into a 409.
        api.get(ROUTE + Expected.AMBIGUOUS_CIVIC + "&" + parameters).error(400, "invalid_param");
        verifyNoInteractions(vehicles);
    }

    @Test
    void theLimitsThemselvesAreAccepted() {
        HeldVehicle.resolveEveryLookupTo(vehicles, CIVIC_LX);

        api.get(ROUTE + query("config_key", CIVIC_LX, "mileage", "2000000", "months", "600"))
                .ok();
    }
}
