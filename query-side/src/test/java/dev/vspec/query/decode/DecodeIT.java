package dev.vspec.query.decode;

import static dev.vspec.query.ReadModelSeed.CIVIC_LX;
import static dev.vspec.query.ReadModelSeed.CIVIC_LX_VIN;
import static dev.vspec.query.ReadModelSeed.F150_2020_LARIAT_50;
import static dev.vspec.query.ReadModelSeed.F150_2020_LARIAT_50_LABEL;
import static dev.vspec.query.ReadModelSeed.F150_2020_XLT_50;
import static dev.vspec.query.ReadModelSeed.F150_2020_XLT_50_LABEL;
import static dev.vspec.query.ReadModelSeed.F150_27_2020_VIN;
import static dev.vspec.storage.jooq.read.Tables.VIN;
import static dev.vspec.testing.Api.json;
import static dev.vspec.testing.Api.query;
import static org.assertj.core.api.Assertions.assertThat;

import dev.vspec.contracts.identity.ConfigKey;
import dev.vspec.contracts.identity.Vin;
import dev.vspec.decoder.CatalogIdentity;
import dev.vspec.decoding.DecoderSource;
import dev.vspec.query.ReadModelSeed;
import dev.vspec.query.SeededRouteIT;
import dev.vspec.testing.Api;
import java.util.Locale;
import org.jooq.DSLContext;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import tools.jackson.databind.JsonNode;

/** {@code /api/v1/decode} over the real installed vPIC release. */
class DecodeIT extends SeededRouteIT {

    @Autowired
    private DecoderSource decoders;

    private static final String ROUTE = "/api/v1/decode";
    private static final JsonNode CIVIC_LX_VEHICLE = json("""
            {"config_key": "2019-honda-civic-lx-k20c2-fwd", "label": "2019 Honda Civic LX 2.0L K20C2",
             "year": 2019, "make": "Honda", "model": "Civic", "trim": "LX", "engine_code": "K20C2", "drivetrain": "FWD"}
            """);
    /** Not linked in read.vin; vPIC decodes it (valid check digit) as a 2019 Honda Civic LX, engine K20C2. */
    private static final String UNLINKED_CIVIC_LX_VIN = "2HGFC2F59KH600001";
    /** A 2021 BMW X3 xDrive30i: vPIC gives no engine model, displacement or cylinders for it, so no engine code. */
    private static final String X3_VIN = "5UXTY5C07M9G00001";
    /** A 2020 F-150 5.0L (5.0l-v8): Ford VINs do not encode trim, so both seeded trims match. */
    private static final String F150_50_2020_VIN = "1FTEW1E50LFA00001";

    @Override
    protected void seed(DSLContext db) {
        ReadModelSeed.seedDecodeMatches(db);
    }

    @Test
    void aHeldVinAnswersItsConfigurationAndVpicsDecodeWithTheCheckDigitWarning() {
        Api.Reply reply = api.get(ROUTE + query("vin", CIVIC_LX_VIN));
        JsonNode body = reply.ok();

        assertThat(body.path("vehicle")).isEqualTo(CIVIC_LX_VEHICLE);
        JsonNode decode = body.path("decode");
        assertThat(decode.path("vin").asString()).isEqualTo(CIVIC_LX_VIN);
        assertThat(decode.path("wmi").asString()).isEqualTo("2HG");
        assertThat(decode.path("manufacturer").asString())
                .isEqualTo("HONDA OF CANADA MFG., A DIVISION OF HONDA CANADA INC.");
        assertThat(decode.path("make").asString()).isEqualTo("Honda");
        assertThat(decode.path("vpic_make").asString()).isEqualTo("HONDA");
        assertThat(decode.path("model").asString()).isEqualTo("Civic");
        assertThat(decode.path("engine_displacement_l").isNumber()).isTrue();
        assertThat(decode.path("engine_displacement_l").asDouble())
                .isEqualTo(Double.parseDouble(decode.path("displacement_l").asString()));
        assertThat(decode.path("model_year").asInt()).isEqualTo(2019);
        assertThat(decode.path("trim").asString()).isEqualTo("LX");
        assertThat(decode.path("engine_code")).isEqualTo(json("""
                {"value": "K20C2", "derived": false, "basis": "vPIC engine model 'K20C2'"}
                """));
        assertThat(decode.path("check_digit")).isEqualTo(json("""
                {"valid": false, "expected": "2", "corrected_vin": "2HGFC2F52KH500001"}
                """));
        assertThat(decode.path("nhtsa_error_codes")).isEqualTo(json("[1]"));
        assertThat(decode.at("/warnings/0/code").asString()).isEqualTo("check_digit_mismatch");
        assertThat(decode.at("/warnings/0/message").asString()).contains("2HGFC2F52KH500001");
        assertThat(decode.at("/release/data_date").asString()).isEqualTo("2026-02-17");
        assertThat(decode.at("/release/sha256").asString()).hasSize(64);
        assertThat(decode.path("elements").isArray()).isTrue();
        assertThat(reply.headers().firstValue("Cache-Control")).contains("private, max-age=86400");
        assertThat(reply.headers().firstValue("Deprecation")).contains("@1796601600");
        assertThat(reply.headers().firstValue("Sunset")).contains("Thu, 01 Jul 2027 00:00:00 GMT");
        assertThat(reply.headers().allValues("Link"))
                .anySatisfy(link -> assertThat(link).contains("rel=\"deprecation\""));
    }

    @Test
    void aVinThatIsNotHeldIsDecodedAndMatchedToItsConfiguration() {
        assertThat(db.fetchExists(VIN, VIN.VIN_.eq(UNLINKED_CIVIC_LX_VIN))).isFalse();

        JsonNode body = api.get(ROUTE + query("vin", UNLINKED_CIVIC_LX_VIN.toLowerCase(Locale.ROOT)))
                .ok();

        assertThat(body.path("vehicle")).isEqualTo(CIVIC_LX_VEHICLE);
        assertThat(body.at("/decode/vin").asString()).isEqualTo(UNLINKED_CIVIC_LX_VIN);
        assertThat(body.at("/decode/check_digit")).isEqualTo(json("""
                {"valid": true, "expected": "9"}
                """));
        assertThat(body.at("/decode/warnings").isEmpty()).isTrue();
        assertThat(body.at("/decode/nhtsa_error_codes")).isEqualTo(json("[0]"));
        assertThat(body.has("matches")).isFalse();
    }

    @Test
    void aDecodedVinWithoutAnEngineCodeIsUnsupportedWithItsDecode() {
        JsonNode error = api.get(ROUTE + query("vin", X3_VIN)).error(422, "unsupported_vehicle");

        assertThat(error.path("message").asString()).contains(X3_VIN, "2021 BMW X3", "no engine code", "not retryable");
        assertThat(error.at("/decode/model").asString()).isEqualTo("X3");
        assertThat(error.at("/decode/engine_code").isNull()).isTrue();
        for (String route : new String[] {"/api/v1/configs", "/api/v1/fluids"}) {
            api.get(route + query("vin", X3_VIN)).error(422, "unsupported_vehicle");
        }
    }

    @Test
    void aDecodedVinThatMatchesNoConfigurationDecodesWithoutAVehicleAndIsNotFoundElsewhere() {
        Api.Reply reply = api.get(ROUTE + query("vin", F150_27_2020_VIN));
        JsonNode body = reply.ok();

        assertThat(body.path("vehicle").isNull()).isTrue();
        assertThat(reply.header("Cache-Control"))
                .as("an enrichment or an import may add its configuration at any moment")
                .isEqualTo("private, max-age=60");
        assertThat(body.at("/decode/engine_code/value").asString()).isEqualTo("2.7l-v6");
        JsonNode error =
                api.get("/api/v1/fluids" + query("vin", F150_27_2020_VIN)).error(404, "not_found");
        assertThat(error.path("message").asString())
                .contains(F150_27_2020_VIN, "2020 Ford F-150", "2.7l-v6", "POST /api/v0/enrich");
    }

    @Test
    void aWmiVpicDoesNotKnowIsNotFound() {
        JsonNode error = api.get(ROUTE + query("vin", "11111111111111111")).error(404, "not_found");

        assertThat(error.path("message").asString()).contains("WMI 111", "11111111111111111");
        api.get("/api/v1/fluids" + query("vin", "11111111111111111")).error(404, "not_found");
    }

    @Test
    void aDecodedVinMatchingSeveralConfigurationsListsThemHereAndIs409Elsewhere() {
        JsonNode matches = json("""
                [{"config_key": "%s", "label": "%s"}, {"config_key": "%s", "label": "%s"}]
                """.formatted(
                        F150_2020_LARIAT_50, F150_2020_LARIAT_50_LABEL, F150_2020_XLT_50, F150_2020_XLT_50_LABEL));

        Api.Reply reply = api.get(ROUTE + query("vin", F150_50_2020_VIN));
        JsonNode decoded = reply.ok();
        assertThat(decoded.path("vehicle").isNull()).isTrue();
        assertThat(reply.header("Cache-Control")).isEqualTo("private, max-age=60");
        assertThat(decoded.path("matches")).isEqualTo(matches);

        JsonNode conflict =
                api.get("/api/v1/fluids" + query("vin", F150_50_2020_VIN)).error(409, "multiple_matches");
        assertThat(conflict.path("matches")).isEqualTo(matches);
        assertThat(conflict.path("message").asString())
                .contains(F150_50_2020_VIN)
                .doesNotContain("trim");
        assertThat(api.get("/api/v1/configs" + query("vin", F150_50_2020_VIN))
                        .ok()
                        .path("configs"))
                .isEqualTo(matches);
        assertThat(api.get("/api/v1/configs" + query("vin", UNLINKED_CIVIC_LX_VIN))
                        .ok())
                .isEqualTo(json("""
                {"configs": [{"config_key": "2019-honda-civic-lx-k20c2-fwd", "label": "2019 Honda Civic LX 2.0L K20C2"}]}
                """));
    }

    /**
     * Every VIN of a vehicle names the configuration registered from its decode, though another agrees with
     * the decode too. Sample data: a published 2023 Hyundai Kona VIN, its configuration as enrichment registers
     * it, and an operator's configuration of it that differs only in the drivetrain.
     */
    @Test
    void theConfigurationRegisteredFromExactlyTheDecodeIsTheVins() {
        String kona = "KM8K2CAB4PU001140";
        CatalogIdentity decoded =
                CatalogIdentity.of(decoders.require().decode(Vin.parse(kona))).orElseThrow();
        String sibling = decoded.drivetrain() == null ? "FWD" : null;
        ReadModelSeed.configuration(
                db,
                decoded.configKey(),
                decoded.year(),
                decoded.make(),
                decoded.model(),
                decoded.trim(),
                decoded.engineCode(),
                decoded.drivetrain(),
                decoded.label());
        ReadModelSeed.configuration(
                db,
                ConfigKey.of(
                                decoded.year(),
                                decoded.make(),
                                decoded.model(),
                                decoded.trim(),
                                decoded.engineCode(),
                                sibling)
                        .value(),
                decoded.year(),
                decoded.make(),
                decoded.model(),
                decoded.trim(),
                decoded.engineCode(),
                sibling,
                decoded.label() + " (operator's)");

        assertThat(api.get(ROUTE + query("vin", kona))
                        .ok()
                        .at("/vehicle/config_key")
                        .asString())
                .isEqualTo(decoded.configKey());
        assertThat(api.get("/api/v1/fluids" + query("vin", kona))
                        .ok()
                        .at("/vehicle/config_key")
                        .asString())
                .isEqualTo(decoded.configKey());
        assertThat(api.get("/api/v1/configs"
                                + query(
                                        "year",
                                        "" + decoded.year(),
                                        "make",
                                        decoded.make(),
                                        "model",
                                        decoded.model(),
                                        "trim",
                                        decoded.trim()))
                        .ok()
                        .path("configs"))
                .hasSize(2);
    }

    @Test
    void byConfigKeyThereIsNothingToDecode() {
        Api.Reply reply = api.get(ROUTE + query("config_key", CIVIC_LX));

        assertThat(reply.ok()).isEqualTo(json("""
                {"vehicle": %s, "decode": null}
                """.formatted(CIVIC_LX_VEHICLE)));
        assertThat(reply.headers().firstValue("Cache-Control")).contains("private, max-age=86400");
    }

    @Test
    void byYearMakeModelTrimThereIsNothingToDecode() {
        assertThat(api.get(ROUTE + query("year", "2019", "make", "honda", "model", "CIVIC", "trim", "lx"))
                        .ok())
                .isEqualTo(json("""
                        {"vehicle": %s, "decode": null}
                        """.formatted(CIVIC_LX_VEHICLE)));
    }

    @Test
    void errorsOfTheOtherModesAreTheResolversOwn() {
        api.get(ROUTE + query("year", "2019", "make", "Honda", "model", "Civic"))
                .error(409, "multiple_matches");
        api.get(ROUTE + query("config_key", "2019-honda-civic-si-k20c2-fwd")).error(404, "not_found");
    }

    @Test
    void aPartialVinAnswersWhatItsKnownPositionsDetermine() {
        JsonNode partial =
                api.get(ROUTE + query("partial_vin", "1hgcm826*3a")).ok().path("partial_decode");

        assertThat(partial.path("partial_vin").asString()).isEqualTo("1HGCM826*3A******");
        assertThat(partial.path("model_year").asInt()).isEqualTo(2003);
        assertThat(partial.at("/determined_fields/model").asString()).isEqualTo("Accord");
        assertThat(partial.at("/determined_fields/make").asString()).isEqualTo("Honda");
        assertThat(partial.at("/determined_fields/vpic_make").asString()).isEqualTo("HONDA");
        assertThat(partial.at("/determined_fields/doors").isInt()).isTrue();
        assertThat(partial.at("/determined/Make").asString()).isEqualTo("HONDA");
        assertThat(partial.at("/release/data_date").asString()).isEqualTo("2026-02-17");

        JsonNode open = api.get(ROUTE + query("partial_vin", "1HGCM8")).ok().path("partial_decode");
        assertThat(open.path("model_year").isNull()).isTrue();
        assertThat(open.path("model_years").isEmpty()).isFalse();
    }

    @Test
    void aPartialVinThatCannotBeReadIsABadParameter() {
        api.get(ROUTE + query("partial_vin", "1HGCM82633A004352")).error(400, "invalid_param");
        api.get(ROUTE + query("partial_vin", "1H")).error(400, "invalid_param");
        api.get(ROUTE + query("partial_vin", "1HGCM8O6")).error(400, "invalid_param");
        api.get(ROUTE + query("partial_vin", "111CM826")).error(404, "not_found");
    }
}
