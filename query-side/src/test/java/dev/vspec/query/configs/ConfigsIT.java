package dev.vspec.query.configs;

import static dev.vspec.query.ReadModelSeed.CIVIC_EX;
import static dev.vspec.query.ReadModelSeed.CIVIC_EX_LABEL;
import static dev.vspec.query.ReadModelSeed.CIVIC_LX;
import static dev.vspec.query.ReadModelSeed.CIVIC_LX_ALIAS;
import static dev.vspec.query.ReadModelSeed.CIVIC_LX_LABEL;
import static dev.vspec.query.ReadModelSeed.CIVIC_LX_VIN;
import static dev.vspec.query.ReadModelSeed.CIVIC_SPORT;
import static dev.vspec.query.ReadModelSeed.CIVIC_SPORT_LABEL;
import static dev.vspec.query.ReadModelSeed.F150_XLT_27_4X2;
import static dev.vspec.query.ReadModelSeed.F150_XLT_27_4X4;
import static dev.vspec.query.ReadModelSeed.F150_XLT_27_LABEL;
import static dev.vspec.query.ReadModelSeed.F150_XLT_50;
import static dev.vspec.query.ReadModelSeed.F150_XLT_50_LABEL;
import static dev.vspec.query.ReadModelSeed.RANGE_ROVER;
import static dev.vspec.query.ReadModelSeed.RANGE_ROVER_LABEL;
import static dev.vspec.testing.Api.json;
import static dev.vspec.testing.Api.query;
import static org.assertj.core.api.Assertions.assertThat;

import dev.vspec.query.ReadModelSeed;
import dev.vspec.query.SeededRouteIT;
import org.jooq.DSLContext;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

class ConfigsIT extends SeededRouteIT {

    private static final String ROUTE = "/api/v1/configs";
    private static final JsonNode ONLY_CIVIC_LX = json("""
            {"configs": [{"config_key": "%s", "label": "%s"}]}
            """.formatted(CIVIC_LX, CIVIC_LX_LABEL));

    @Override
    protected void seed(DSLContext db) {
        ReadModelSeed.seed(db);
    }

    @Test
    void anAmbiguousYearMakeModelAnswers200WithTheListA409Carries() {
        String civic = query("year", "2019", "make", "Honda", "model", "Civic");

        JsonNode body = api.get(ROUTE + civic).ok();

        assertThat(body).isEqualTo(json("""
                {"configs": [{"config_key": "%s", "label": "%s"},
                             {"config_key": "%s", "label": "%s"},
                             {"config_key": "%s", "label": "%s"}]}
                """.formatted(
                        CIVIC_EX, CIVIC_EX_LABEL, CIVIC_LX, CIVIC_LX_LABEL, CIVIC_SPORT, CIVIC_SPORT_LABEL)));
        assertThat(api.get("/api/v1/fluids" + civic)
                        .error(409, "multiple_matches")
                        .path("matches"))
                .isEqualTo(body.path("configs"));
    }

    @Test
    void trimNarrowsTheList() {
        assertThat(api.get(ROUTE + query("year", "2019", "make", "Honda", "model", "Civic", "trim", "LX"))
                        .ok())
                .isEqualTo(ONLY_CIVIC_LX);
        assertThat(api.get(ROUTE + query("year", "2019", "make", "FORD", "model", " F-150 ", "trim", "Xlt"))
                        .ok())
                .isEqualTo(json("""
                        {"configs": [{"config_key": "%s", "label": "%s"},
                                     {"config_key": "%s", "label": "%s"},
                                     {"config_key": "%s", "label": "%s"}]}
                        """.formatted(
                                F150_XLT_27_4X2,
                                F150_XLT_27_LABEL,
                                F150_XLT_27_4X4,
                                F150_XLT_27_LABEL,
                                F150_XLT_50,
                                F150_XLT_50_LABEL)));
    }

    @Test
    void makeAndModelMatchIgnoringCaseAndWhitespace() {
        assertThat(api.get(ROUTE + query("year", "2020", "make", " land  ROVER", "model", "Range Rover  sport "))
                        .ok())
                .isEqualTo(json("""
                        {"configs": [{"config_key": "%s", "label": "%s"}]}
                        """.formatted(RANGE_ROVER, RANGE_ROVER_LABEL)));
    }

    @Test
    void aVinListsItsOneConfiguration() {
        assertThat(api.get(ROUTE + query("vin", CIVIC_LX_VIN)).ok()).isEqualTo(ONLY_CIVIC_LX);
    }

    @Test
    void aConfigKeyListsItself() {
        assertThat(api.get(ROUTE + query("config_key", CIVIC_LX)).ok()).isEqualTo(ONLY_CIVIC_LX);
    }

    /** The key a later vPIC release derives for a held vehicle answers it, under the key the catalog holds it by. */
    @Test
    void anAliasListsTheConfigurationItNames() {
        assertThat(api.get(ROUTE + query("config_key", CIVIC_LX_ALIAS)).ok()).isEqualTo(ONLY_CIVIC_LX);
        assertThat(api.get("/api/v1/fluids" + query("config_key", CIVIC_LX_ALIAS))
                        .ok()
                        .path("vehicle")
                        .path("config_key")
                        .asString())
                .isEqualTo(CIVIC_LX);
    }

    @Test
    void noCandidateIsNotFoundInEveryMode() {
        JsonNode vin = api.get(ROUTE + query("vin", "1FTEW1EP5KFA00000")).error(404, "not_found");
        assertThat(vin.path("message").asString()).contains("1FTEW1EP5KFA00000").contains("POST /api/v0/enrich");

        api.get(ROUTE + query("config_key", "2019-honda-civic-si-k20c2-fwd")).error(404, "not_found");
        api.get(ROUTE + query("year", "2019", "make", "Honda", "model", "Civic", "trim", "Si"))
                .error(404, "not_found");
        api.get(ROUTE + query("year", "2021", "make", "Honda", "model", "Civic"))
                .error(404, "not_found");
    }
}
