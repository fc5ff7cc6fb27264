package dev.vspec.query.decode;

import static dev.vspec.query.ReadModelSeed.CIVIC_LX_VIN;
import static dev.vspec.testing.Api.query;
import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.verifyNoInteractions;

import dev.vspec.query.QuerySideWebSlice;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The decoding routes' parameters, refused before vPIC is asked: a VIN, a partial VIN's mode, a WMI's shape, a batch's
 * list. What the installed release answers is DecodeIT's, WmiIT's and DecodeBatchIT's.
 */
class DecodeParametersTest extends QuerySideWebSlice {

    @Test
    void aVinThatIsNoVinOrNoIdentifierIsRefused() {
        api.get("/api/v1/decode" + query("vin", "2HGFC2F59KH60000")).error(400, "invalid_vin");
        api.get("/api/v1/decode" + query("vin", "2HGFC2F59KH60000O")).error(400, "invalid_vin");
        api.get("/api/v1/decode").error(400, "missing_param");
        verifyNoInteractions(decoders, vehicles);
    }

    @Test
    void aPartialVinIsAModeOfItsOwnAndNeverBlank() {
        api.get("/api/v1/decode" + query("partial_vin", "1HGCM826", "vin", "1HGCM82633A004352"))
                .error(400, "invalid_param");
        api.get("/api/v1/decode" + query("partial_vin", "")).error(400, "invalid_param");
        verifyNoInteractions(decoders, vehicles);
    }

    @Test
    void aWmiOfAnotherShapeIsRefused() {
        api.get("/api/v1/wmi/1H").error(400, "invalid_param");
        api.get("/api/v1/wmi/1HO").error(400, "invalid_param");
        api.get("/api/v1/wmi/1G9").error(400, "invalid_param");
        api.get("/api/v1/wmi/" + "A".repeat(300)).error(400, "invalid_param");
        verifyNoInteractions(decoders);
    }

    @Test
    void aBatchTakesOneToAHundredVinsInVinsAlone() {
        List<String> hundredAndOne = new ArrayList<>(Collections.nCopies(101, CIVIC_LX_VIN));

        assertThat(api.get("/api/v1/decode/batch" + query("vins", String.join(",", hundredAndOne)))
                        .error(400, "invalid_param")
                        .path("message")
                        .asString())
                .contains("at most 100", "101");
        api.get("/api/v1/decode/batch").error(400, "missing_param");
        api.get("/api/v1/decode/batch" + query("vins", "")).error(400, "invalid_param");
        api.get("/api/v1/decode/batch" + query("vins", CIVIC_LX_VIN + ",")).error(400, "invalid_param");
        api.get("/api/v1/decode/batch" + query("vin", CIVIC_LX_VIN)).error(400, "invalid_param");
        verifyNoInteractions(decoders);
    }
}
