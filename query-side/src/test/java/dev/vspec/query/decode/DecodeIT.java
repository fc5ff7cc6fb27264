package dev.vspec.query.decode;

import static dev.vspec.infra.jooq.read.Tables.VIN;
import static dev.vspec.infra.testing.Api.json;
import static dev.vspec.infra.testing.Api.query;
import static dev.vspec.query.ReadModelSeed.CIVIC_LX;
import static dev.vspec.query.ReadModelSeed.CIVIC_LX_VIN;
import static dev.vspec.query.ReadModelSeed.F150_2020_LARIAT_50;
import static dev.vspec.query.ReadModelSeed.F150_2020_LARIAT_50_LABEL;
import static dev.vspec.query.ReadModelSeed.F150_2020_XLT_50;
import static dev.vspec.query.ReadModelSeed.F150_2020_XLT_50_LABEL;
import static org.assertj.core.api.Assertions.assertThat;

import dev.vspec.infra.testing.Api;
import dev.vspec.query.SeededRouteIT;
import dev.vspec.query.ReadModelSeed;
import java.util.Locale;
import org.jooq.DSLContext;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

class DecodeIT extends SeededRouteIT {

    private static final String ROUTE = "/api/v1/decode";
    private static final JsonNode CIVIC_LX_VEHICLE = json("""
            {"config_key": "2019-honda-civic-lx-k20c2-fwd", "label": "2019 Honda Civic LX 2.0L K20C2",
             "year": 2019, "make": "Honda", "model": "Civic", "trim": "LX", "engine_code": "K20C2", "drivetrain": "FWD"}
            """);
    /** Not linked in read.vin; decodes (valid check digit) to 2019 Honda Civic LX K20C2 FWD. */
    private static final String UNLINKED_CIVIC_LX_VIN = "2HGFC2F59KH600001";
    /** A 2021 Tesla Model Y: decodes to make, model and year, but an EV has no engine code. */
    private static final String MODEL_Y_VIN = "5YJYGDEE5MF100001";
    /** A 2020 F-150 SuperCrew 4x4 2.7L EcoBoost: decodes fully, but no such configuration is held. */
    private static final String F150_27_2020_VIN = "1FTEW1EP9LFA00001";
    /** A 2020 F-150 SuperCrew 4x4 5.0L: Ford VINs do not encode trim, so both seeded trims match. */
    private static final String F150_50_2020_VIN = "1FTEW1E50LFA00001";

    @Override
    protected void seed(DSLContext db) {
        ReadModelSeed.seedDecodeMatches(db);
    }

    @Test
    void aHeldVinAnswersItsConfigurationAndTheDecodeWithTheCheckDigitWarning() {
        Api.Reply reply = api.get(ROUTE + query("vin", CIVIC_LX_VIN));

        assertThat(reply.ok()).isEqualTo(json("""
                {"vehicle": %s,
                 "decode": {"vin": "2HGFC2F59KH500001",
                            "check_digit": {"valid": false, "expected": "2", "corrected_vin": "2HGFC2F52KH500001"},
                            "wmi": "2HG", "vds": "FC2F5", "vis": "KH500001",
                            "manufacturer": "Honda of Canada Mfg.", "make": "Honda", "country": "Canada",
                            "vehicle_type": "passenger_car", "model_year": 2019, "model": "Civic", "trim": "LX",
                            "engine_code": "K20C2", "drivetrain": "FWD", "body": "sedan",
                            "plant_code": "H", "serial": "500001",
                            "warnings": [{"code": "check_digit_mismatch", "message": "%s"}]}}
                """.formatted(CIVIC_LX_VEHICLE, reply.body().at("/decode/warnings/0/message").asString())));
        assertThat(reply.body().at("/decode/warnings/0/message").asString()).contains("2HGFC2F52KH500001");
        assertThat(reply.headers().firstValue("Cache-Control")).contains("max-age=86400");
    }

    @Test
    void aVinThatIsNotHeldIsDecodedAndMatchedToItsConfiguration() {
        assertThat(db.fetchExists(VIN, VIN.VIN_.eq(UNLINKED_CIVIC_LX_VIN))).isFalse();

        JsonNode body = api.get(ROUTE + query("vin", UNLINKED_CIVIC_LX_VIN.toLowerCase(Locale.ROOT))).ok();

        assertThat(body.path("vehicle")).isEqualTo(CIVIC_LX_VEHICLE);
        assertThat(body.at("/decode/vin").asString()).isEqualTo(UNLINKED_CIVIC_LX_VIN);
        assertThat(body.at("/decode/check_digit")).isEqualTo(json("""
                {"valid": true, "expected": "9"}
                """));
        assertThat(body.at("/decode/warnings").isEmpty()).isTrue();
        assertThat(body.at("/decode/serial").asString()).isEqualTo("600001");
    }

    @Test
    void aWrongCheckDigitOnAVinThatIsNotHeldIsStillA200WithTheWarning() {
        JsonNode body = api.get(ROUTE + query("vin", "2HGFC2F51KH600001")).ok();

        assertThat(body.path("vehicle")).isEqualTo(CIVIC_LX_VEHICLE);
        assertThat(body.at("/decode/check_digit")).isEqualTo(json("""
                {"valid": false, "expected": "9", "corrected_vin": "2HGFC2F59KH600001"}
                """));
        assertThat(body.at("/decode/warnings/0/code").asString()).isEqualTo("check_digit_mismatch");
    }

    @Test
    void aDecodedVinWithoutAnEngineCodeIsUnsupportedOnEveryRoute() {
        for (String route : new String[] {ROUTE, "/api/v1/configs", "/api/v1/fluids"}) {
            JsonNode error = api.get(route + query("vin", MODEL_Y_VIN)).error(422, "unsupported_vehicle");

            assertThat(error.path("message").asString())
                    .contains(MODEL_Y_VIN, "2021 Tesla Model Y", "no engine code", "not retryable");
        }
    }

    @Test
    void aDecodedVinThatMatchesNoConfigurationIsNotFoundWithTheWayToEnrichIt() {
        JsonNode error = api.get(ROUTE + query("vin", F150_27_2020_VIN)).error(404, "not_found");

        assertThat(error.path("message").asString())
                .contains(F150_27_2020_VIN, "2020 Ford F-150 2.7 EcoBoost 4x4", "POST /v0/enrich");
    }

    @Test
    void aVinTheDecoderCannotReadIsNotFound() {
        JsonNode error = api.get(ROUTE + query("vin", "11111111111111111")).error(404, "not_found");

        assertThat(error.path("message").asString()).contains("11111111111111111", "POST /v0/enrich");
    }

    @Test
    void aDecodedVinMatchingSeveralConfigurationsIs409AndConfigsListsThem() {
        JsonNode matches = json("""
                [{"config_key": "%s", "label": "%s"}, {"config_key": "%s", "label": "%s"}]
                """.formatted(F150_2020_LARIAT_50, F150_2020_LARIAT_50_LABEL, F150_2020_XLT_50, F150_2020_XLT_50_LABEL));

        JsonNode conflict = api.get(ROUTE + query("vin", F150_50_2020_VIN)).error(409, "multiple_matches");

        assertThat(conflict.path("matches")).isEqualTo(matches);
        assertThat(conflict.path("message").asString()).contains(F150_50_2020_VIN).doesNotContain("trim");
        assertThat(api.get("/api/v1/configs" + query("vin", F150_50_2020_VIN)).ok().path("configs")).isEqualTo(matches);
        assertThat(api.get("/api/v1/configs" + query("vin", UNLINKED_CIVIC_LX_VIN)).ok()).isEqualTo(json("""
                {"configs": [{"config_key": "2019-honda-civic-lx-k20c2-fwd", "label": "2019 Honda Civic LX 2.0L K20C2"}]}
                """));
    }

    @Test
    void byConfigKeyThereIsNothingToDecode() {
        Api.Reply reply = api.get(ROUTE + query("config_key", CIVIC_LX));

        assertThat(reply.ok()).isEqualTo(json("""
                {"vehicle": %s, "decode": null}
                """.formatted(CIVIC_LX_VEHICLE)));
        assertThat(reply.headers().firstValue("Cache-Control")).contains("max-age=86400");
    }

    @Test
    void byYearMakeModelTrimThereIsNothingToDecode() {
        assertThat(api.get(ROUTE + query("year", "2019", "make", "honda", "model", "CIVIC", "trim", "lx")).ok())
                .isEqualTo(json("""
                        {"vehicle": %s, "decode": null}
                        """.formatted(CIVIC_LX_VEHICLE)));
    }

    @Test
    void errorsOfTheOtherModesAreTheResolversOwn() {
        api.get(ROUTE + query("year", "2019", "make", "Honda", "model", "Civic")).error(409, "multiple_matches");
        api.get(ROUTE + query("config_key", "2019-honda-civic-si-k20c2-fwd")).error(404, "not_found");
        api.get(ROUTE + query("vin", "2HGFC2F59KH60000")).error(400, "invalid_vin");
        api.get(ROUTE).error(400, "missing_param");
    }
}
