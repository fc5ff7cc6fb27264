package dev.vspec.query.wholevehicle;

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

/** {@code /v1/vehicle}'s {@code include}: read leniently, refused with the allowed values, checked before the lookup. */
class IncludeParameterTest extends QuerySideWebSlice {

    private static final String ROUTE = "/api/v1/vehicle";
    private static final String ALLOWED =
            "fluids, specs, tires, maintenance_schedule, parts, labor, image, service_history";

    @Test
    void duplicatesWhitespaceCaseAndRepeatedParametersAreTolerated() {
        HeldVehicle.resolveEveryLookupTo(vehicles, CIVIC_LX);
        JsonNode expected = api.get(ROUTE + query("config_key", CIVIC_LX, "include", "fluids,parts"))
                .ok();

        assertThat(expected.propertyNames()).containsExactly("vehicle", "fluids", "parts", "coverage");
        assertThat(api.get(ROUTE + query("config_key", CIVIC_LX, "include", " parts , FLUIDS,,fluids , parts "))
                        .ok())
                .isEqualTo(expected);
        assertThat(api.get(ROUTE + query("config_key", CIVIC_LX, "include", "parts", "include", "fluids"))
                        .ok())
                .isEqualTo(expected);
    }

    @Test
    void anUnknownGroupIs400ListingTheAllowedOnes() {
        JsonNode body = api.get(ROUTE + query("config_key", CIVIC_LX, "include", "fluids,wheels,prices"))
                .error(400, "invalid_param");

        assertThat(body.path("message").asString())
                .contains("'wheels'")
                .contains("'prices'")
                .contains(ALLOWED);
        // checked before the lookup, so an ambiguous one is still a 400
        api.get(ROUTE + Expected.AMBIGUOUS_CIVIC + "&include=wheels").error(400, "invalid_param");
        verifyNoInteractions(vehicles);
    }

    @ParameterizedTest
    @CsvSource({"config_key", "year"})
    void serviceHistoryNeedsTheVinMode(String mode) {
        String identifier = mode.equals("config_key")
                ? query("config_key", CIVIC_LX)
                : query("year", "2019", "make", "Honda", "model", "Civic", "trim", "LX");

        JsonNode body =
                api.get(ROUTE + identifier + "&include=fluids,service_history").error(400, "invalid_param");

        assertThat(body.path("message").asString()).contains("service_history").contains("vin");
        api.get(ROUTE + Expected.AMBIGUOUS_CIVIC + "&include=service_history").error(400, "invalid_param");
        verifyNoInteractions(vehicles);
    }
}
