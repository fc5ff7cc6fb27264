package dev.vspec.query.schedule;

import static dev.vspec.query.Expected.CIVIC_LX_VEHICLE;
import static dev.vspec.query.ReadModelSeed.CIVIC_SPORT;
import static dev.vspec.testing.Api.json;
import static dev.vspec.testing.Api.query;
import static org.assertj.core.api.Assertions.assertThat;

import dev.vspec.query.Expected;
import dev.vspec.query.SeededRouteIT;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;

class ScheduleIT extends SeededRouteIT {

    private static final String ROUTE = "/api/v1/maintenance-schedule";

    @ParameterizedTest
    @FieldSource("dev.vspec.query.Expected#CIVIC_LX_MODES")
    void answersNormalAndSevereIntervalsInRecordedOrderInEveryMode(String identifier) {
        assertThat(api.get(ROUTE + identifier).ok()).isEqualTo(json("""
                {"vehicle": %s,
                 "maintenance_schedule": {
                   "normal": [
                     {"service": "engine_oil_change", "description": "Replace engine oil and filter",
                      "interval": {"miles": 7500, "kilometres": 12000, "months": 12}},
                     {"service": "tire_rotation", "description": "Rotate tires",
                      "interval": {"miles": 7500, "kilometres": 12000, "months": null}},
                     {"service": "cabin_air_filter", "description": "Replace cabin air filter",
                      "interval": {"miles": 15000, "kilometres": 24000, "months": 24}},
                     {"service": "transmission_fluid_change", "description": "Replace CVT fluid",
                      "interval": {"miles": 60000, "kilometres": 96000, "months": null}},
                     {"service": "coolant_replacement", "description": "Replace engine coolant",
                      "interval": {"miles": 120000, "kilometres": 192000, "months": 120}},
                     {"service": "brake_fluid_replacement", "description": "Replace brake fluid",
                      "interval": {"miles": null, "kilometres": null, "months": 36}}],
                   "severe": [
                     {"service": "engine_oil_change", "description": "Replace engine oil and filter",
                      "interval": {"miles": 3750, "kilometres": 6000, "months": 6}},
                     {"service": "transmission_fluid_change", "description": "Replace CVT fluid",
                      "interval": {"miles": 30000, "kilometres": 48000, "months": null}}]}}
                """.formatted(CIVIC_LX_VEHICLE)));
    }

    @Test
    void aConfigurationWithoutIntervalsAnswersBothSchedulesEmpty() {
        assertThat(api.get(ROUTE + query("config_key", CIVIC_SPORT)).ok().path("maintenance_schedule"))
                .isEqualTo(json("""
                        {"normal": [], "severe": []}
                        """));
    }

    @Test
    void anAmbiguousLookupIs409() {
        Expected.ambiguous(api.get(ROUTE + Expected.AMBIGUOUS_CIVIC));
    }
}
