package dev.vspec.query.tires;

import static dev.vspec.query.Expected.CIVIC_LX_VEHICLE;
import static dev.vspec.query.ReadModelSeed.CIVIC_SPORT;
import static dev.vspec.query.ReadModelSeed.F150_XLT_50;
import static dev.vspec.testing.Api.json;
import static dev.vspec.testing.Api.query;
import static org.assertj.core.api.Assertions.assertThat;

import dev.vspec.query.Expected;
import dev.vspec.query.SeededRouteIT;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;

class TiresIT extends SeededRouteIT {

    private static final String ROUTE = "/api/v1/tires";

    @ParameterizedTest
    @FieldSource("dev.vspec.query.Expected#CIVIC_LX_MODES")
    void answersTheFitmentWithLoadSpeedAndPressureInEveryMode(String identifier) {
        assertThat(api.get(ROUTE + identifier).ok()).isEqualTo(json("""
                {"vehicle": %s,
                 "tires": [{"axle": "both", "size": "215/55R16", "load_index": 93, "speed_rating": "H",
                            "pressure": {"kpa": 221, "psi": 32}}]}
                """.formatted(CIVIC_LX_VEHICLE)));
    }

    @Test
    void axlesComeInRecordedOrder() {
        assertThat(api.get(ROUTE + query("config_key", F150_XLT_50)).ok().path("tires"))
                .isEqualTo(json("""
                [{"axle": "front", "size": "275/65R18", "load_index": 116, "speed_rating": "T", "pressure": {"kpa": 241, "psi": 35}},
                 {"axle": "rear", "size": "275/65R18", "load_index": 116, "speed_rating": "T", "pressure": {"kpa": 241, "psi": 35}}]
                """));
    }

    @Test
    void aConfigurationWithoutTiresAnswersAnEmptyList() {
        assertThat(api.get(ROUTE + query("config_key", CIVIC_SPORT)).ok().path("tires"))
                .isEqualTo(json("[]"));
    }

    @Test
    void anAmbiguousLookupIs409() {
        Expected.ambiguous(api.get(ROUTE + Expected.AMBIGUOUS_CIVIC));
    }
}
