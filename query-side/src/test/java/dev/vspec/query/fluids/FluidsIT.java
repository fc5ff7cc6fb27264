package dev.vspec.query.fluids;

import static dev.vspec.query.ReadModelSeed.CIVIC_EX;
import static dev.vspec.query.ReadModelSeed.CIVIC_EX_LABEL;
import static dev.vspec.query.ReadModelSeed.CIVIC_LX;
import static dev.vspec.query.ReadModelSeed.CIVIC_LX_LABEL;
import static dev.vspec.query.ReadModelSeed.CIVIC_LX_VIN;
import static dev.vspec.query.ReadModelSeed.CIVIC_SPORT;
import static dev.vspec.query.ReadModelSeed.CIVIC_SPORT_LABEL;
import static dev.vspec.query.ReadModelSeed.F150_XLT_27_4X2;
import static dev.vspec.query.ReadModelSeed.F150_XLT_27_4X4;
import static dev.vspec.query.ReadModelSeed.F150_XLT_27_LABEL;
import static dev.vspec.query.ReadModelSeed.F150_XLT_50;
import static dev.vspec.query.ReadModelSeed.F150_XLT_50_LABEL;
import static dev.vspec.query.ReadModelSeed.RANGE_ROVER_VIN;
import static dev.vspec.testing.Api.json;
import static dev.vspec.testing.Api.query;
import static org.assertj.core.api.Assertions.assertThat;

import dev.vspec.query.ReadModelSeed;
import dev.vspec.query.SeededRouteIT;
import java.util.Locale;
import org.jooq.DSLContext;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

class FluidsIT extends SeededRouteIT {

    private static final String ROUTE = "/api/v1/fluids";
    private static final JsonNode CIVIC_LX_FLUIDS = json("""
            {"vehicle": {"config_key": "2019-honda-civic-lx-k20c2-fwd", "label": "2019 Honda Civic LX 2.0L K20C2",
                         "year": 2019, "make": "Honda", "model": "Civic", "trim": "LX",
                         "engine_code": "K20C2", "drivetrain": "FWD"},
             "fluids": [
               {"type": "engine_oil", "specification": "SAE 0W-20, API SN",
                "capacity": {"litres": 4.40, "us_quarts": 4.65}, "notes": "With filter change"},
               {"type": "coolant", "specification": "Honda Type 2 Long Life Coolant",
                "capacity": {"litres": 6.10, "us_quarts": 6.45}, "notes": null},
               {"type": "transmission", "specification": "Honda HCF-2 CVT fluid",
                "capacity": {"litres": null, "us_quarts": null}, "notes": "Drain and fill only"}]}
            """);

    @Override
    protected void seed(DSLContext db) {
        ReadModelSeed.seed(db);
    }

    @Test
    void byConfigKeyAnswersTheVehicleAndItsFluidsInRecordedOrder() {
        assertThat(api.get(ROUTE + query("config_key", CIVIC_LX)).ok()).isEqualTo(CIVIC_LX_FLUIDS);
    }

    @Test
    void byVinAnswersTheLinkedConfiguration() {
        assertThat(api.get(ROUTE + query("vin", CIVIC_LX_VIN)).ok()).isEqualTo(CIVIC_LX_FLUIDS);
        assertThat(api.get(ROUTE + query("vin", CIVIC_LX_VIN.toLowerCase(Locale.ROOT)))
                        .ok())
                .isEqualTo(CIVIC_LX_FLUIDS);
    }

    @Test
    void byYearMakeModelTrimIgnoresCaseAndWhitespace() {
        assertThat(api.get(ROUTE + query("year", "2019", "make", "Honda", "model", "Civic", "trim", "LX"))
                        .ok())
                .isEqualTo(CIVIC_LX_FLUIDS);
        assertThat(api.get(ROUTE + query("year", " 2019 ", "make", "  hONDA ", "model", "CIVIC", "trim", " lx "))
                        .ok())
                .isEqualTo(CIVIC_LX_FLUIDS);
    }

    @Test
    void aSingleMatchResolvesWithoutTrimAndInnerWhitespaceIsFolded() {
        JsonNode body = api.get(ROUTE + query("year", "2020", "make", "LAND   rover", "model", "range rover\tsport"))
                .ok();

        assertThat(body).isEqualTo(json("""
                {"vehicle": {"config_key": "2020-land-rover-range-rover-sport-hse-pt306",
                             "label": "2020 Land Rover Range Rover Sport HSE 3.0L PT306",
                             "year": 2020, "make": "Land Rover", "model": "Range Rover Sport", "trim": "HSE",
                             "engine_code": "PT306", "drivetrain": null},
                 "fluids": [{"type": "engine_oil", "specification": "SAE 0W-20, JLR STJLR.03.5007",
                             "capacity": {"litres": 7.00, "us_quarts": 7.40}, "notes": null}]}
                """));
        assertThat(api.get(ROUTE + query("vin", RANGE_ROVER_VIN)).ok()).isEqualTo(body);
    }

    @Test
    void capacitiesAreJsonNumbers() {
        JsonNode capacity = api.get(ROUTE + query("config_key", CIVIC_LX))
                .ok()
                .path("fluids")
                .path(0)
                .path("capacity");

        assertThat(capacity.path("litres").isNumber()).isTrue();
        assertThat(capacity.path("litres").decimalValue()).isEqualByComparingTo("4.4");
        assertThat(capacity.path("us_quarts").isNumber()).isTrue();
    }

    @Test
    void aConfigurationWithoutRecordedFluidsAnswersAnEmptyList() {
        JsonNode body = api.get(ROUTE + query("config_key", CIVIC_SPORT)).ok();

        assertThat(body.path("vehicle").path("config_key").asString()).isEqualTo(CIVIC_SPORT);
        assertThat(body.path("fluids").isArray()).isTrue();
        assertThat(body.path("fluids").size()).isZero();
    }

    @Test
    void severalTrimsOfOneYearMakeModelAnswer409WithEveryCandidateByLabel() {
        JsonNode body = api.get(ROUTE + query("year", "2019", "make", "honda", "model", "civic"))
                .error(409, "multiple_matches");

        assertThat(body.path("matches")).isEqualTo(json("""
                [{"config_key": "%s", "label": "%s"},
                 {"config_key": "%s", "label": "%s"},
                 {"config_key": "%s", "label": "%s"}]
                """.formatted(
                        CIVIC_EX, CIVIC_EX_LABEL, CIVIC_LX, CIVIC_LX_LABEL, CIVIC_SPORT, CIVIC_SPORT_LABEL)));
        assertThat(body.path("message").asString()).contains("config_key").contains("trim");
    }

    @Test
    void aTrimThatStillMatchesSeveralEnginesAnswers409OrderedByLabelThenKey() {
        JsonNode body = api.get(ROUTE + query("year", "2019", "make", "Ford", "model", "f-150", "trim", "xlt"))
                .error(409, "multiple_matches");

        assertThat(body.path("matches")).isEqualTo(json("""
                [{"config_key": "%s", "label": "%s"},
                 {"config_key": "%s", "label": "%s"},
                 {"config_key": "%s", "label": "%s"}]
                """.formatted(
                        F150_XLT_27_4X2,
                        F150_XLT_27_LABEL,
                        F150_XLT_27_4X4,
                        F150_XLT_27_LABEL,
                        F150_XLT_50,
                        F150_XLT_50_LABEL)));
    }

    @Test
    void anUnknownVinIsNotFoundAndCanBeEnriched() {
        JsonNode body = api.get(ROUTE + query("vin", "1FTEW1EP5KFA00000")).error(404, "not_found");

        assertThat(body.path("message").asString())
                .contains("1FTEW1EP5KFA00000")
                .contains("POST /api/v0/enrich");
        assertThat(body.has("matches")).isFalse();
    }

    @Test
    void anUnknownConfigKeyIsNotFound() {
        JsonNode body = api.get(ROUTE + query("config_key", "2019-honda-civic-type-r-k20c1-fwd"))
                .error(404, "not_found");

        assertThat(body.path("message").asString()).contains("2019-honda-civic-type-r-k20c1-fwd");
    }

    @Test
    void anUnknownYearMakeModelOrTrimIsNotFound() {
        api.get(ROUTE + query("year", "2018", "make", "Honda", "model", "Civic"))
                .error(404, "not_found");
        api.get(ROUTE + query("year", "2019", "make", "Honda", "model", "Accord"))
                .error(404, "not_found");
        api.get(ROUTE + query("year", "2019", "make", "Honda", "model", "Civic", "trim", "Type R"))
                .error(404, "not_found");
    }
}
