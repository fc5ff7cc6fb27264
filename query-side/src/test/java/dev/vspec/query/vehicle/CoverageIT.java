package dev.vspec.query.vehicle;

import static dev.vspec.query.ReadModelSeed.CIVIC_EX;
import static dev.vspec.query.ReadModelSeed.CIVIC_LX;
import static dev.vspec.query.ReadModelSeed.CIVIC_LX_VIN;
import static dev.vspec.query.ReadModelSeed.CIVIC_SPORT;
import static dev.vspec.query.ReadModelSeed.RANGE_ROVER_VIN;
import static dev.vspec.query.ReadModelSeed.SEEDED_SOURCE_JSON;
import static dev.vspec.storage.jooq.read.Tables.FLUIDS_DOCUMENT;
import static dev.vspec.testing.Api.json;
import static dev.vspec.testing.Api.query;
import static org.assertj.core.api.Assertions.assertThat;

import dev.vspec.query.SeededRouteIT;
import dev.vspec.readmodel.Group;
import dev.vspec.testing.Api;
import dev.vspec.testing.TestKeys;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * The vehicle block says which groups the catalog holds for the vehicle, from which source, since when; an answer
 * holding groups shows theirs beside them, and one holding a missing group is kept a minute.
 */
class CoverageIT extends SeededRouteIT {

    private static final JsonNode RECORDED = json("""
            {"status": "recorded", "source": %s, "recorded_at": "2026-11-21T07:27:36.776Z"}""".formatted(SEEDED_SOURCE_JSON));
    private static final JsonNode MISSING = json("{\"status\": \"missing\"}");
    private static final List<String> GROUPS =
            List.of("fluids", "specs", "tires", "maintenance_schedule", "parts", "labor", "image");

    private Api provenance;

    @BeforeEach
    void readProvenanceToo() {
        provenance = new Api(port, TestKeys.fullAccess(db));
    }

    @Test
    void aConfigurationWithNoGroupsAnswersEmptyValuesWithEveryGroupMissing() {
        JsonNode answer = provenance
                .get("/api/v1/fluids" + query("config_key", CIVIC_SPORT))
                .ok();

        assertThat(answer.path("fluids").isArray()).isTrue();
        assertThat(answer.path("fluids").size()).isZero();
        JsonNode vehicle = answer.path("vehicle");
        assertThat(vehicle.path("source")).isEqualTo(json(SEEDED_SOURCE_JSON));
        assertThat(names(vehicle.path("coverage")))
                .as("in the API's group order, no service_history without a VIN")
                .containsExactlyElementsOf(GROUPS);
        GROUPS.forEach(group ->
                assertThat(vehicle.path("coverage").path(group)).as(group).isEqualTo(MISSING));
    }

    @Test
    void recordedGroupsSayTheirSourceAndWhenAndAVinAlsoCoversItsServiceHistory() {
        JsonNode byKey = provenance
                .get("/api/v1/vehicle" + query("config_key", CIVIC_LX))
                .ok()
                .path("vehicle")
                .path("coverage");
        JsonNode byVin = provenance
                .get("/api/v1/vehicle" + query("vin", CIVIC_LX_VIN))
                .ok()
                .path("vehicle")
                .path("coverage");

        GROUPS.forEach(group -> assertThat(byKey.path(group)).as(group).isEqualTo(RECORDED));
        assertThat(names(byVin))
                .containsExactlyElementsOf(List.of(
                        "fluids",
                        "specs",
                        "tires",
                        "maintenance_schedule",
                        "parts",
                        "labor",
                        "image",
                        "service_history"));
        assertThat(byVin.path("service_history")).isEqualTo(RECORDED);
    }

    @Test
    void includeAnswersTheGroupRoutesStoredBytesAndTheSameVehicleBlock() {
        String stored = db.select(FLUIDS_DOCUMENT.BODY)
                .from(FLUIDS_DOCUMENT)
                .where(FLUIDS_DOCUMENT.CONFIG_KEY.eq(CIVIC_LX))
                .fetchSingle()
                .value1();

        Api.Reply route = provenance.get("/api/v1/fluids" + query("config_key", CIVIC_LX));
        Api.Reply included = provenance.get("/api/v1/vehicle" + query("config_key", CIVIC_LX, "include", "fluids"));

        assertThat(route.text()).contains("\"fluids\":" + stored);
        assertThat(included.text()).contains("\"fluids\":" + stored);
        assertThat(included.ok().path("vehicle")).isEqualTo(route.ok().path("vehicle"));
        assertThat(included.body().path("coverage")).isEqualTo(route.body().path("coverage"));
    }

    /** What the brief's enriched-from-vPIC-alone car answers: every group unknown, said so, and kept a minute. */
    @Test
    void everyRouteOfAConfigurationWithoutGroupsSaysTheyAreMissingAndIsKeptAMinute() {
        for (Group group :
                List.of(Group.FLUIDS, Group.SPECS, Group.TIRES, Group.MAINTENANCE_SCHEDULE, Group.PARTS, Group.LABOR)) {
            Api.Reply reply = provenance.get(group.route() + query("config_key", CIVIC_SPORT));
            assertThat(reply.ok().path("coverage"))
                    .as(group.route())
                    .isEqualTo(json("{\"%s\": %s}".formatted(group.key(), MISSING)));
            assertThat(reply.header("Cache-Control")).as(group.route()).isEqualTo("private, max-age=60");
        }
        Api.Reply maintenance =
                provenance.get("/api/v0/maintenance" + query("config_key", CIVIC_SPORT, "mileage", "30000"));
        assertThat(maintenance.ok().path("status").asString()).isEqualTo("unknown");
        assertThat(maintenance.body().path("services")).isEmpty();
        assertThat(maintenance.header("Cache-Control")).isEqualTo("private, max-age=60");
        Api.Reply whole =
                provenance.get("/api/v1/vehicle" + query("config_key", CIVIC_SPORT, "include", "labor,image"));
        assertThat(whole.ok().path("image").isNull()).isTrue();
        assertThat(whole.body().path("coverage"))
                .isEqualTo(json("{\"labor\": %s, \"image\": %s}".formatted(MISSING, MISSING)));
        assertThat(whole.header("Cache-Control")).isEqualTo("private, max-age=60");
    }

    @Test
    void aGroupRecordedAsNoneIsAnEmptyListThatIsRecordedAndKeptLong() {
        Api.Reply labor = provenance.get("/api/v0/labor" + query("config_key", CIVIC_EX));

        assertThat(labor.ok().path("labor")).isEqualTo(json("[]"));
        assertThat(labor.body().path("coverage")).isEqualTo(json("{\"labor\": %s}".formatted(RECORDED)));
        assertThat(labor.header("Cache-Control")).isEqualTo("private, max-age=86400");
    }

    @Test
    void aVinsServiceHistoryIsMissingUntilItIsRecorded() {
        Api.Reply unrecorded = provenance.get("/api/v0/service-history" + query("vin", RANGE_ROVER_VIN));
        Api.Reply recorded = provenance.get("/api/v0/service-history" + query("vin", CIVIC_LX_VIN));

        assertThat(unrecorded.ok().path("coverage")).isEqualTo(json("{\"service_history\": %s}".formatted(MISSING)));
        assertThat(unrecorded.header("Cache-Control")).isEqualTo("private, max-age=60");
        assertThat(recorded.ok().path("coverage")).isEqualTo(json("{\"service_history\": %s}".formatted(RECORDED)));
        assertThat(recorded.header("Cache-Control")).isEqualTo("private, max-age=300");
    }

    private static List<String> names(JsonNode object) {
        return object.propertyNames().stream().toList();
    }
}
