package dev.vspec.query.specs;

import static dev.vspec.query.Expected.CIVIC_LX_VEHICLE;
import static dev.vspec.query.ReadModelSeed.CIVIC_SPORT;
import static dev.vspec.query.ReadModelSeed.SEEDED_SOURCE_JSON;
import static dev.vspec.testing.Api.json;
import static dev.vspec.testing.Api.query;
import static org.assertj.core.api.Assertions.assertThat;

import dev.vspec.query.Expected;
import dev.vspec.query.SeededRouteIT;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;
import tools.jackson.databind.JsonNode;

class SpecsIT extends SeededRouteIT {

    private static final String ROUTE = "/api/v1/specs";

    @ParameterizedTest
    @FieldSource("dev.vspec.query.Expected#CIVIC_LX_MODES")
    void answersTheSpecSheetInRecordedOrderInEveryMode(String identifier) {
        assertThat(api.get(ROUTE + identifier).ok())
                .isEqualTo(json("""
                {"vehicle": %s,
                 "specs": [
                   {"section": "engine", "name": "displacement", "value": "2.0", "unit": "L", "source": %2$s},
                   {"section": "engine", "name": "cylinders", "value": "4", "unit": null, "source": %2$s},
                   {"section": "engine", "name": "power", "value": "158", "unit": "hp", "source": %2$s},
                   {"section": "transmission", "name": "type", "value": "CVT", "unit": null, "source": %2$s}]}
                """.formatted(CIVIC_LX_VEHICLE, SEEDED_SOURCE_JSON)));
    }

    @Test
    void aConfigurationWithoutASpecSheetAnswersAnEmptyList() {
        JsonNode specs = api.get(ROUTE + query("config_key", CIVIC_SPORT)).ok().path("specs");

        assertThat(specs.isArray()).isTrue();
        assertThat(specs.size()).isZero();
    }

    @Test
    void anAmbiguousLookupIs409() {
        Expected.ambiguous(api.get(ROUTE + Expected.AMBIGUOUS_CIVIC));
    }
}
