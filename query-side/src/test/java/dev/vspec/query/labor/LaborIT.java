package dev.vspec.query.labor;

import static dev.vspec.query.Expected.CABIN_FILTER_LABOR;
import static dev.vspec.query.Expected.CIVIC_LX_VEHICLE;
import static dev.vspec.query.Expected.CVT_FLUID_LABOR;
import static dev.vspec.query.Expected.FRONT_PADS_LABOR;
import static dev.vspec.query.Expected.OIL_CHANGE_LABOR;
import static dev.vspec.query.Expected.TIRE_ROTATION_LABOR;
import static dev.vspec.query.ReadModelSeed.CIVIC_EX;
import static dev.vspec.query.ReadModelSeed.CIVIC_LX;
import static dev.vspec.query.ReadModelSeed.CIVIC_SPORT;
import static dev.vspec.testing.Api.json;
import static dev.vspec.testing.Api.query;
import static org.assertj.core.api.Assertions.assertThat;

import dev.vspec.query.Expected;
import dev.vspec.query.SeededRouteIT;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;
import tools.jackson.databind.JsonNode;

class LaborIT extends SeededRouteIT {

    private static final String ROUTE = "/api/v0/labor";

    @ParameterizedTest
    @FieldSource("dev.vspec.query.Expected#CIVIC_LX_MODES")
    void answersEveryOperationInRecordedOrderInEveryMode(String identifier) {
        assertThat(api.get(ROUTE + identifier).ok()).isEqualTo(json("""
                {"vehicle": %s, "labor": [%s, %s, %s, %s, %s]}
                """.formatted(
                        CIVIC_LX_VEHICLE,
                        OIL_CHANGE_LABOR,
                        TIRE_ROTATION_LABOR,
                        CABIN_FILTER_LABOR,
                        CVT_FLUID_LABOR,
                        FRONT_PADS_LABOR)));
    }

    @ParameterizedTest
    @FieldSource("dev.vspec.query.Expected#CIVIC_LX_MODES")
    void anOperationNarrowsTheListToIt(String identifier) {
        assertThat(api.get(ROUTE + identifier + "&operation=cabin_air_filter").ok())
                .isEqualTo(json("""
                {"vehicle": %s, "labor": [%s]}
                """.formatted(CIVIC_LX_VEHICLE, CABIN_FILTER_LABOR)));
    }

    @Test
    void theOperationIgnoresCaseAndSurroundingSpaces() {
        assertThat(api.get(ROUTE + query("config_key", CIVIC_LX, "operation", " Brake_Pads_Front "))
                        .ok()
                        .path("labor"))
                .isEqualTo(json("[" + FRONT_PADS_LABOR + "]"));
    }

    @Test
    void hoursAreJsonNumbers() {
        JsonNode hours = api.get(ROUTE + query("config_key", CIVIC_LX))
                .ok()
                .path("labor")
                .path(4)
                .path("hours");

        assertThat(hours.isNumber()).isTrue();
        assertThat(hours.decimalValue()).isEqualByComparingTo("1.3");
    }

    @Test
    void anUnknownOperationIs404ListingTheVehiclesOperations() {
        JsonNode body = api.get(ROUTE + query("config_key", CIVIC_LX, "operation", "timing_belt"))
                .error(404, "not_found");

        assertThat(body.path("message").asString())
                .contains("timing_belt")
                .contains(
                        "engine_oil_change, tire_rotation, cabin_air_filter, transmission_fluid_change, brake_pads_front");
    }

    @Test
    void anOperationOnAVehicleWhoseLaborTimesAreNotKnownIs404SayingSo() {
        JsonNode body = api.get(ROUTE + query("config_key", CIVIC_SPORT, "operation", "engine_oil_change"))
                .error(404, "not_found");

        assertThat(body.path("message").asString()).contains("holds no labor times for it yet");
        assertThat(api.get(ROUTE + query("config_key", CIVIC_SPORT)).ok().path("labor"))
                .isEqualTo(json("[]"));
    }

    @Test
    void anOperationOnAVehicleRecordedWithoutLaborTimesIs404SayingNoneAreRecorded() {
        JsonNode body = api.get(ROUTE + query("config_key", CIVIC_EX, "operation", "engine_oil_change"))
                .error(404, "not_found");

        assertThat(body.path("message").asString()).contains("its operations: none recorded");
    }

    @Test
    void anAmbiguousLookupIs409() {
        Expected.ambiguous(api.get(ROUTE + Expected.AMBIGUOUS_CIVIC));
        Expected.ambiguous(api.get(ROUTE + Expected.AMBIGUOUS_CIVIC + "&operation=engine_oil_change"));
    }
}
