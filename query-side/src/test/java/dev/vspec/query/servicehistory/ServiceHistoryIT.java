package dev.vspec.query.servicehistory;

import static dev.vspec.query.Expected.CIVIC_LX_VEHICLE;
import static dev.vspec.query.ReadModelSeed.CIVIC_LX_VIN;
import static dev.vspec.query.ReadModelSeed.RANGE_ROVER_VIN;
import static dev.vspec.testing.Api.json;
import static dev.vspec.testing.Api.query;
import static org.assertj.core.api.Assertions.assertThat;

import dev.vspec.query.SeededRouteIT;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

class ServiceHistoryIT extends SeededRouteIT {

    private static final String ROUTE = "/api/v0/service-history";

    @Test
    void aVinAnswersItsVisitsOldestFirst() {
        JsonNode expected = json("""
                {"vehicle": %s, "vin": "%s",
                 "service_history": [
                   {"performed_on": "2019-09-14", "odometer": {"miles": 7480, "km": 12038}, "performed_by": "dealer",
                    "services": ["engine_oil_change", "tire_rotation"]},
                   {"performed_on": "2020-09-20", "odometer": {"miles": 15102, "km": 24305}, "performed_by": "independent",
                    "services": ["engine_oil_change", "tire_rotation", "cabin_air_filter"]},
                   {"performed_on": "2021-10-02", "odometer": {"miles": null, "km": 36512}, "performed_by": "owner",
                    "services": ["cabin_air_filter"]}]}
                """.formatted(CIVIC_LX_VEHICLE, CIVIC_LX_VIN));

        assertThat(api.get(ROUTE + query("vin", CIVIC_LX_VIN)).ok()).isEqualTo(expected);
        assertThat(api.get(ROUTE + query("vin", CIVIC_LX_VIN.toLowerCase(Locale.ROOT)))
                        .ok())
                .isEqualTo(expected);
    }

    @Test
    void aHeldVinWithoutRecordsAnswersAnEmptyList() {
        JsonNode body = api.get(ROUTE + query("vin", RANGE_ROVER_VIN)).ok();

        assertThat(body.path("vin").asString()).isEqualTo(RANGE_ROVER_VIN);
        assertThat(body.path("service_history")).isEqualTo(json("[]"));
    }

    @Test
    void aVinNotHeldIsNotFound() {
        api.get(ROUTE + query("vin", "1FTEW1EP5KFA00000")).error(404, "not_found");
    }

    @Test
    void historyIsPrivateToTheCaller() {
        assertThat(api.get(ROUTE + query("vin", CIVIC_LX_VIN)).header("Cache-Control"))
                .isEqualTo("private, max-age=300");
    }
}
