package dev.vspec.query.decode;

import static dev.vspec.query.ReadModelSeed.CIVIC_LX;
import static dev.vspec.query.ReadModelSeed.CIVIC_LX_VIN;
import static dev.vspec.testing.Api.query;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.vspec.access.ApiKeyStore;
import dev.vspec.access.NewKey;
import dev.vspec.contracts.access.Plan;
import dev.vspec.query.ReadModelSeed;
import dev.vspec.query.SeededRouteIT;
import dev.vspec.testing.Api;
import java.time.Duration;
import java.util.Collections;
import java.util.List;
import org.jooq.DSLContext;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** {@code /api/v1/decode/batch}: each VIN answered as the single route would, in order, each one read. */
class DecodeBatchIT extends SeededRouteIT {

    private static final String ROUTE = "/api/v1/decode/batch";
    private static final String DECODE = "/api/v1/decode";

    @Override
    protected void seed(DSLContext db) {
        ReadModelSeed.seedDecodeMatches(db);
    }

    @Test
    void answersEachVinAsTheSingleRouteDoesInTheOrderGiven() {
        List<String> vins = List.of(
                CIVIC_LX_VIN,
                "2HGFC2F59KH600001",
                "5UXTY5C07M9G00001",
                "11111111111111111",
                "1FTEW1E50LFA00001",
                "1HGCM82633A00435",
                CIVIC_LX_VIN);

        JsonNode body = api.get(ROUTE + query("vins", String.join(",", vins))).ok();

        assertThat(body.path("count").asInt()).isEqualTo(vins.size());
        assertThat(body.at("/release/data_date").asString()).isEqualTo("2026-02-17");
        JsonNode results = body.path("results");
        for (int i = 0; i < vins.size(); i++) {
            JsonNode result = results.get(i);
            assertThat(result.path("vin").asString()).isEqualTo(vins.get(i));
            Api.Reply single = api.get(DECODE + query("vin", vins.get(i)));
            assertThat(result.path("status").asInt()).as(vins.get(i)).isEqualTo(single.status());
            if (single.status() == 200) {
                assertThat(result.path("vehicle")).isEqualTo(single.body().path("vehicle"));
                assertThat(result.path("decode")).isEqualTo(single.body().path("decode"));
                assertThat(result.path("matches")).isEqualTo(single.body().path("matches"));
            } else {
                assertThat(result.at("/error/error")).isEqualTo(single.body().path("error"));
                assertThat(result.at("/error/message")).isEqualTo(single.body().path("message"));
            }
        }
        assertThat(results.get(0).at("/vehicle/config_key").asString()).isEqualTo(CIVIC_LX);
        assertThat(results.get(2).path("status").asInt()).isEqualTo(422);
        assertThat(results.get(2).at("/error/decode/model").asString()).isEqualTo("X3");
        assertThat(results.get(3).path("status").asInt()).isEqualTo(404);
        assertThat(results.get(4).path("matches").size()).isEqualTo(2);
        assertThat(results.get(5).at("/error/error").asString()).isEqualTo("invalid_vin");
    }

    /** As each single decode would be: long when every VIN has its vehicle or is refused for good, else a minute. */
    @Test
    void aBatchWithAVinNoConfigurationAnswersYetIsKeptAMinute() {
        String held = CIVIC_LX_VIN + ",2HGFC2F59KH600001";
        String refusedForGood = "5UXTY5C07M9G00001,1HGCM82633A00435";

        assertThat(api.get(ROUTE + query("vins", held + "," + refusedForGood)).header("Cache-Control"))
                .isEqualTo("private, max-age=86400");
        for (String notYetHeld : List.of("1FTEW1E50LFA00001", "1FTEW1EP9LFA00001", "11111111111111111")) {
            assertThat(api.get(ROUTE + query("vins", held + "," + notYetHeld)).header("Cache-Control"))
                    .as(notYetHeld)
                    .isEqualTo("private, max-age=60");
        }
    }

    @Test
    void everyVinCountsAsOneReadAndARefusedBatchCountsNone() {
        String key = new ApiKeyStore(db)
                .issue(new NewKey("batch quota test", Plan.ENTERPRISE, null, 1_000L, 10L, null))
                .key();
        Api keyed = new Api(port, key);

        Api.Reply three = keyed.get(ROUTE + query("vins", CIVIC_LX_VIN + ",2HGFC2F59KH600001,11111111111111111"));
        assertThat(three.status()).isEqualTo(200);
        assertThat(three.header("X-Monthly-Remaining")).isEqualTo("7");

        keyed.get(ROUTE + query("vins", CIVIC_LX_VIN + ",," + CIVIC_LX_VIN)).error(400, "invalid_param");
        await().atMost(Duration.ofSeconds(2))
                .untilAsserted(() -> assertThat(
                                keyed.get(DECODE + query("vin", CIVIC_LX_VIN)).header("X-Monthly-Remaining"))
                        .isEqualTo("6"));

        Api.Reply tooMany = keyed.get(ROUTE + query("vins", String.join(",", Collections.nCopies(7, CIVIC_LX_VIN))));
        tooMany.error(429, "read_quota_exceeded");
        assertThat(tooMany.body().path("message").asString()).contains("needs 7 reads");
        await().atMost(Duration.ofSeconds(2))
                .untilAsserted(() -> assertThat(
                                keyed.get(DECODE + query("vin", CIVIC_LX_VIN)).header("X-Monthly-Remaining"))
                        .isEqualTo("5"));
    }

    /** A hundred VINs make a batch; what is no batch: DecodeParametersTest. */
    @Test
    void aHundredVinsAreOneBatch() {
        List<String> hundred = Collections.nCopies(100, CIVIC_LX_VIN);

        assertThat(api.get(ROUTE + query("vins", String.join(",", hundred)))
                        .ok()
                        .path("count")
                        .asInt())
                .isEqualTo(100);
    }
}
