package dev.vspec.query.recalls;

import static dev.vspec.storage.jooq.read.Tables.RECALL_FILE;
import static dev.vspec.testing.Api.query;
import static org.assertj.core.api.Assertions.assertThat;

import dev.vspec.query.ReadModelSeed;
import dev.vspec.query.SeededRouteIT;
import dev.vspec.testing.Api;
import dev.vspec.testing.TestKeys;
import java.util.ArrayList;
import java.util.List;
import org.jooq.DSLContext;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * {@code GET /api/v1/recalls} over the recalls of the sandbox's reference stream (real rows of NHTSA's sample file:
 * the 2018 Honda Accord's five records of four campaigns, the 2023 Ford Ranger's one), by every identifier mode, and
 * {@code include=recalls}.
 */
class RecallsIT extends SeededRouteIT {

    private static final String ROUTE = "/api/v1/recalls";
    /** A real 2018 Honda Accord VIN (of public test fixtures), which no configuration here holds. */
    private static final String ACCORD_VIN = "1HGCV2E36JX254447";
    /** Newest report first; 18V629000 names two components. */
    private static final List<String> ACCORD_CAMPAIGNS =
            List.of("23V858000", "23V158000", "20V314000", "18V629000", "18V629000");

    private static final String ACCORD_2018 = "2018-honda-accord-ex-k24w-fwd";

    /** The coverage is this route's subject: read with a client that keeps it. */
    private Api withCoverage() {
        return new Api(port, TestKeys.fullAccess(db));
    }

    @Override
    protected void seed(DSLContext db) {
        ReadModelSeed.seedGroups(db);
        ReadModelSeed.seedRecalls(db);
        ReadModelSeed.configuration(
                db, ACCORD_2018, 2018, "Honda", "Accord", "EX", "K24W", "FWD", "2018 Honda Accord EX 1.5L Turbo");
    }

    @Test
    void aYearMakeAndModelAnswersItsCampaignsNewestReportFirstWithoutAHeldConfiguration() {
        JsonNode answer = api.get(ROUTE + query("year", "2018", "make", "honda", "model", "ACCORD", "trim", "Sport"))
                .ok();

        assertThat(campaigns(answer)).isEqualTo(ACCORD_CAMPAIGNS);
        assertThat(answer.path("vehicle").toString())
                .isEqualTo(
                        "{\"year\":2018,\"make\":\"honda\",\"model\":\"ACCORD\",\"identified_by\":\"year_make_model\","
                                + "\"config_key\":null,\"matched_as\":{\"make\":\"HONDA\",\"model\":\"ACCORD\"}}");
        JsonNode seatBelts = answer.path("recalls").get(1);
        assertThat(seatBelts.path("component").asString()).isEqualTo("SEAT BELTS:FRONT:BUCKLE ASSEMBLY");
        assertThat(seatBelts.path("potentially_affected").asLong()).isEqualTo(448_613);
        assertThat(seatBelts.path("report_received").asString()).isEqualTo("2023-03-09");
        assertThat(seatBelts.path("do_not_drive").asBoolean(true)).isFalse();
        assertThat(seatBelts.path("source").path("sha256").asString())
                .isEqualTo("95ea21e5b4b4ed2a500e653b7679f4a47cc91ecb2abc298222691a3dcbe869de");
    }

    @Test
    void theCoverageSaysWhatTheFilesAreAndThatEmptyIsNotSafe() {
        JsonNode coverage = withCoverage()
                .get(ROUTE + query("year", "2018", "make", "Honda", "model", "Accord"))
                .ok()
                .path("coverage")
                .path("recalls");

        assertThat(coverage.path("status").asString()).isEqualTo("recorded");
        JsonNode source = coverage.path("source");
        assertThat(source.path("kind").asString()).isEqualTo("nhtsa");
        assertThat(source.path("market").asString()).isEqualTo("US");
        assertThat(source.path("data_date").asString()).isEqualTo("2025-08-28");
        assertThat(source.path("files").get(0).path("name").asString()).isEqualTo("nhtsa-recalls-sample.txt");
        assertThat(source.path("notice").asString())
                .contains("not that the vehicle is safe")
                .contains("not in this data");
        assertThat(coverage.path("recorded_at").asString()).isEqualTo("2026-11-21T07:40:12.538Z");
    }

    @Test
    void theDoNotDriveAdvisoryIsShown() {
        JsonNode ranger = api.get(ROUTE + query("year", "2023", "make", "Ford", "model", "Ranger"))
                .ok()
                .path("recalls");

        assertThat(ranger).hasSize(1);
        assertThat(ranger.get(0).path("campaign_number").asString()).isEqualTo("23V283000");
        assertThat(ranger.get(0).path("do_not_drive").asBoolean()).isTrue();
        assertThat(ranger.get(0).path("park_outside").asBoolean(true)).isFalse();
    }

    @Test
    void aVinNothingLinksAnswersByItsDecode() {
        JsonNode answer = api.get(ROUTE + query("vin", ACCORD_VIN)).ok();

        assertThat(campaigns(answer)).isEqualTo(ACCORD_CAMPAIGNS);
        assertThat(answer.path("vehicle").path("identified_by").asString()).isEqualTo("vin_decode");
        assertThat(answer.path("vehicle").path("year").asInt()).isEqualTo(2018);
    }

    @Test
    void aVinWithoutCampaignsAnswersAnEmptyListThatSaysWhatItCovers() {
        Api.Reply reply = withCoverage().get(ROUTE + query("vin", "KM8K2CAB4PU001140"));

        JsonNode answer = reply.ok();
        assertThat(answer.path("recalls")).isEmpty();
        assertThat(answer.path("vehicle").path("model").asString()).isEqualTo("Kona");
        assertThat(answer.path("coverage").path("recalls").path("status").asString())
                .isEqualTo("recorded");
        assertThat(reply.header("Cache-Control")).isEqualTo("private, max-age=3600");
    }

    @Test
    void aConfigKeyAnswersByItsConfiguration() {
        JsonNode answer = api.get(ROUTE + query("config_key", ACCORD_2018)).ok();

        assertThat(campaigns(answer)).isEqualTo(ACCORD_CAMPAIGNS);
        assertThat(answer.path("vehicle").path("identified_by").asString()).isEqualTo("configuration");
        assertThat(answer.path("vehicle").path("config_key").asString()).isEqualTo(ACCORD_2018);
    }

    @Test
    void whatNamesNoModelIsNotFound() {
        api.get(ROUTE + query("config_key", "2018-honda-accord-touring-k20c4-fwd"))
                .error(404, "not_found");
        api.get(ROUTE + query("vin", "XTA210990Y2766389")).error(404, "not_found");
        api.get(ROUTE + query("year", "2018", "make", "Honda")).error(400, "missing_param");
        api.get(ROUTE + query("year", "2018", "make", "Honda", "model", "Accord", "component", "fuel"))
                .error(400, "invalid_param");
    }

    @Test
    void beforeAnyFileIsImportedTheListIsNotKnownAndKeptBriefly() {
        db.deleteFrom(RECALL_FILE).execute();
        try {
            Api.Reply reply = withCoverage().get(ROUTE + query("year", "2019", "make", "Honda", "model", "Civic"));

            assertThat(reply.ok().path("coverage").toString()).isEqualTo("{\"recalls\":{\"status\":\"missing\"}}");
            assertThat(reply.header("Cache-Control")).isEqualTo("private, max-age=60");
        } finally {
            ReadModelSeed.seedRecalls(db);
        }
    }

    @Test
    void includeRecallsAddsWhatTheRouteAnswersForTheConfiguration() {
        JsonNode recalls =
                withCoverage().get(ROUTE + query("config_key", ACCORD_2018)).ok();
        Api.Reply reply =
                withCoverage().get("/api/v1/vehicle" + query("config_key", ACCORD_2018, "include", "recalls,fluids"));

        JsonNode vehicle = reply.ok();
        assertThat(vehicle.path("recalls")).isEqualTo(recalls.path("recalls"));
        assertThat(vehicle.path("coverage").path("recalls"))
                .isEqualTo(recalls.path("coverage").path("recalls"));
        assertThat(vehicle.path("coverage").path("fluids").path("status").asString())
                .isEqualTo("missing");
        assertThat(reply.header("Cache-Control")).isEqualTo("private, max-age=60");
    }

    private static List<String> campaigns(JsonNode answer) {
        List<String> campaigns = new ArrayList<>();
        answer.path("recalls")
                .forEach(recall -> campaigns.add(recall.path("campaign_number").asString()));
        return campaigns;
    }
}
