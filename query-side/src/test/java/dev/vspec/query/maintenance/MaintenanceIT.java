package dev.vspec.query.maintenance;

import static dev.vspec.query.Expected.CABIN_FILTER;
import static dev.vspec.query.Expected.CABIN_FILTER_LABOR;
import static dev.vspec.query.Expected.CIVIC_LX_VEHICLE;
import static dev.vspec.query.Expected.COOLANT;
import static dev.vspec.query.Expected.CVT_FLUID;
import static dev.vspec.query.Expected.CVT_FLUID_LABOR;
import static dev.vspec.query.Expected.DRAIN_WASHER;
import static dev.vspec.query.Expected.ENGINE_OIL;
import static dev.vspec.query.Expected.OIL_CHANGE_LABOR;
import static dev.vspec.query.Expected.OIL_FILTER;
import static dev.vspec.query.Expected.TIRE_ROTATION_LABOR;
import static dev.vspec.query.ReadModelSeed.CIVIC_LX;
import static dev.vspec.query.ReadModelSeed.F150_XLT_50;
import static dev.vspec.testing.Api.json;
import static dev.vspec.testing.Api.query;
import static org.assertj.core.api.Assertions.assertThat;

import dev.vspec.query.Expected;
import dev.vspec.query.SeededRouteIT;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.FieldSource;
import tools.jackson.databind.JsonNode;

class MaintenanceIT extends SeededRouteIT {

    private static final String ROUTE = "/api/v0/maintenance";

    @ParameterizedTest
    @FieldSource("dev.vspec.query.Expected#CIVIC_LX_MODES")
    void answersTheServicesDueAtAMileageWithTheirPartsFluidsAndLaborInEveryMode(String identifier) {
        assertThat(api.get(ROUTE + identifier + "&mileage=15000").ok()).isEqualTo(json("""
                {"vehicle": %s, "schedule": "normal", "at": {"mileage": 15000, "months": null}, "status": "known",
                 "services": [
                   {"service": "engine_oil_change", "description": "Replace engine oil and filter",
                    "interval": {"miles": 7500, "kilometres": 12000, "months": 12},
                    "parts": [%s, %s], "fluids": [%s], "labor": %s},
                   {"service": "tire_rotation", "description": "Rotate tires",
                    "interval": {"miles": 7500, "kilometres": 12000, "months": null},
                    "parts": [], "fluids": [], "labor": %s},
                   {"service": "cabin_air_filter", "description": "Replace cabin air filter",
                    "interval": {"miles": 15000, "kilometres": 24000, "months": 24},
                    "parts": [%s], "fluids": [], "labor": %s}]}
                """.formatted(
                        CIVIC_LX_VEHICLE,
                        OIL_FILTER,
                        DRAIN_WASHER,
                        ENGINE_OIL,
                        OIL_CHANGE_LABOR,
                        TIRE_ROTATION_LABOR,
                        CABIN_FILTER,
                        CABIN_FILTER_LABOR)));
    }

    @Test
    void aServiceWithoutBookTimeHasNullLaborAndItsFluid() {
        JsonNode coolant = api.get(ROUTE + query("config_key", CIVIC_LX, "months", "120"))
                .ok()
                .path("services")
                .path(2);

        assertThat(coolant).isEqualTo(json("""
                {"service": "coolant_replacement", "description": "Replace engine coolant",
                 "interval": {"miles": 120000, "kilometres": 192000, "months": 120},
                 "parts": [], "fluids": [%s], "labor": null}
                """.formatted(COOLANT)));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "mileage=15000 | engine_oil_change, tire_rotation, cabin_air_filter",
                "months=36 | engine_oil_change, brake_fluid_replacement",
                "mileage=7500&months=36 | engine_oil_change, tire_rotation, brake_fluid_replacement",
                "months=120 | engine_oil_change, cabin_air_filter, coolant_replacement",
                "mileage=120000&months=1 | engine_oil_change, tire_rotation, cabin_air_filter, transmission_fluid_change, coolant_replacement",
                "schedule=normal | engine_oil_change, tire_rotation, cabin_air_filter, transmission_fluid_change, coolant_replacement, brake_fluid_replacement",
                "mileage=&months= | engine_oil_change, tire_rotation, cabin_air_filter, transmission_fluid_change, coolant_replacement, brake_fluid_replacement",
                "schedule=severe&mileage=30000 | engine_oil_change, transmission_fluid_change",
                "schedule=%20SEVERE%20&months=6 | engine_oil_change",
                "mileage=1000 | ''",
                "mileage=0&months=0 | ''",
                "mileage=007500 | engine_oil_change, tire_rotation"
            })
    void aServiceIsDueAtAPositiveMultipleOfEitherOfItsIntervals(String parameters, String expected) {
        JsonNode body = api.get(ROUTE + query("config_key", CIVIC_LX) + "&" + parameters)
                .ok();

        List<String> services = new ArrayList<>();
        body.path("services")
                .forEach(service -> services.add(service.path("service").asString()));
        assertThat(String.join(", ", services)).isEqualTo(expected);
    }

    @Test
    void withoutParametersEveryNormalServiceIsListedAndAtIsNull() {
        JsonNode body = api.get(ROUTE + query("config_key", CIVIC_LX)).ok();

        assertThat(body.path("schedule").asString()).isEqualTo("normal");
        assertThat(body.path("at")).isEqualTo(json("""
                {"mileage": null, "months": null}
                """));
        assertThat(body.path("services").size()).isEqualTo(6);
        assertThat(body.path("services").path(3).path("fluids")).isEqualTo(json("[" + CVT_FLUID + "]"));
        assertThat(body.path("services").path(3).path("labor")).isEqualTo(json(CVT_FLUID_LABOR));
    }

    @Test
    void theSevereScheduleIsNamedInTheAnswer() {
        JsonNode body = api.get(ROUTE + query("config_key", CIVIC_LX, "schedule", "severe", "months", "6"))
                .ok();

        assertThat(body.path("schedule").asString()).isEqualTo("severe");
        assertThat(body.path("at")).isEqualTo(json("""
                {"mileage": null, "months": 6}
                """));
        assertThat(body.path("services").path(0).path("interval")).isEqualTo(json("""
                {"miles": 3750, "kilometres": 6000, "months": 6}
                """));
    }

    @Test
    void aDifferentialServiceUsesBothAxleFluids() {
        JsonNode services = api.get(ROUTE + query("config_key", F150_XLT_50, "mileage", "150000"))
                .ok()
                .path("services");

        assertThat(services.size()).isEqualTo(3);
        JsonNode differential = services.path(1);
        assertThat(differential.path("service").asString()).isEqualTo("differential_fluid_change");
        assertThat(differential.path("fluids").findValuesAsString("type"))
                .containsExactly("front_differential", "rear_differential");
        assertThat(differential.path("parts").path(0).path("part_number").asString())
                .isEqualTo("XY-75W85-QL");
        assertThat(differential.path("labor").path("hours").decimalValue()).isEqualByComparingTo("1.2");
        JsonNode transferCase = services.path(2);
        assertThat(transferCase.path("fluids").findValuesAsString("type")).containsExactly("transfer_case");
        assertThat(transferCase.path("labor").isNull()).isTrue();
    }

    @Test
    void anAmbiguousLookupIs409() {
        Expected.ambiguous(api.get(ROUTE + Expected.AMBIGUOUS_CIVIC + "&mileage=15000"));
    }
}
