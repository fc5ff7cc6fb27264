package dev.vspec.query.parts;

import static dev.vspec.query.Expected.CABIN_FILTER;
import static dev.vspec.query.Expected.CIVIC_LX_VEHICLE;
import static dev.vspec.query.Expected.DRAIN_WASHER;
import static dev.vspec.query.Expected.OIL_FILTER;
import static dev.vspec.query.Expected.WIPER;
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

class PartsIT extends SeededRouteIT {

    private static final String ROUTE = "/api/v1/parts";

    @ParameterizedTest
    @FieldSource("dev.vspec.query.Expected#CIVIC_LX_MODES")
    void answersThePartsInRecordedOrderWithCurrentPriceAndHistoryInEveryMode(String identifier) {
        assertThat(api.get(ROUTE + identifier).ok())
                .isEqualTo(json("""
                {"vehicle": %s, "parts": [%s, %s, %s, %s]}
                """.formatted(CIVIC_LX_VEHICLE, OIL_FILTER, DRAIN_WASHER, CABIN_FILTER, WIPER)));
    }

    @Test
    void amountsAreDecimalStringsWithTwoPlacesAndDatesAreIso() {
        JsonNode price = api.get(ROUTE + query("config_key", CIVIC_LX))
                .ok()
                .path("parts")
                .path(1)
                .path("price");

        assertThat(price.path("amount").isString()).isTrue();
        assertThat(price.path("amount").asString()).isEqualTo("1.10");
        assertThat(price.path("as_of").asString()).isEqualTo("2026-02-01");
    }

    @Test
    void aConfigurationWithoutPartsAnswersAnEmptyList() {
        assertThat(api.get(ROUTE + query("config_key", CIVIC_SPORT)).ok().path("parts"))
                .isEqualTo(json("[]"));
    }

    @Test
    void anAmbiguousLookupIs409() {
        Expected.ambiguous(api.get(ROUTE + Expected.AMBIGUOUS_CIVIC));
    }
}
