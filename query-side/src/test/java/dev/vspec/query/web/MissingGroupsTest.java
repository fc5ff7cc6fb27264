package dev.vspec.query.web;

import static dev.vspec.query.ReadModelSeed.CIVIC_LX;
import static dev.vspec.testing.Api.json;
import static dev.vspec.testing.Api.query;
import static org.assertj.core.api.Assertions.assertThat;

import dev.vspec.query.QuerySideWebSlice;
import dev.vspec.query.lookup.HeldVehicle;
import dev.vspec.readmodel.Group;
import dev.vspec.testing.Api.Reply;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import tools.jackson.databind.JsonNode;

/**
 * Unknown is not empty: every answer holding groups' values shows their own coverage beside them, a missing group
 * makes the answer short-lived (a minute, private as before), and {@code /v0/maintenance} says when the schedule
 * is unknown. Over a held vehicle ({@link HeldVehicle}) whose groups are recorded with empty values, or missing;
 * the same over PostgreSQL is CoverageIT's, the image and the service history (their own tables) too.
 */
class MissingGroupsTest extends QuerySideWebSlice {

    private static final String CIVIC = query("config_key", CIVIC_LX);
    private static final JsonNode MISSING = json("{\"status\": \"missing\"}");
    private static final Set<Group> EVERY_GROUP = EnumSet.allOf(Group.class);

    @ParameterizedTest(name = "{0}")
    @CsvSource({
        "/api/v1/fluids, fluids",
        "/api/v1/specs, specs",
        "/api/v1/tires, tires",
        "/api/v1/maintenance-schedule, maintenance_schedule",
        "/api/v1/parts, parts",
        "/api/v0/labor, labor"
    })
    void aMissingGroupSaysSoBesideItsEmptyValueAndIsKeptAMinute(String route, String group) {
        HeldVehicle.resolveEveryLookupTo(vehicles, CIVIC_LX, EVERY_GROUP);

        Reply reply = api.get(route + CIVIC);

        JsonNode answer = reply.ok();
        assertThat(answer.propertyNames()).containsExactly("vehicle", group, "coverage");
        assertThat(answer.path("coverage").propertyNames()).containsExactly(group);
        assertThat(answer.path("coverage").path(group)).isEqualTo(MISSING);
        assertThat(reply.headers().allValues("Cache-Control")).containsExactly("private, max-age=60");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({
        "/api/v1/fluids, fluids, 'private, max-age=86400'",
        "/api/v1/parts, parts, 'private, max-age=3600'",
        "/api/v0/labor, labor, 'private, max-age=86400'"
    })
    void aGroupRecordedAsNoneSaysWhereFromAndKeepsItsRoutesLifetime(String route, String group, String cacheControl) {
        HeldVehicle.resolveEveryLookupTo(vehicles, CIVIC_LX);

        Reply reply = api.get(route + CIVIC);

        JsonNode coverage = reply.ok().path("coverage");
        assertThat(reply.body().path(group)).isEmpty();
        assertThat(coverage.propertyNames()).containsExactly(group);
        assertThat(coverage.path(group).path("status").asString()).isEqualTo("recorded");
        assertThat(coverage.path(group).path("source").path("name").asString()).isEqualTo("catalog.json");
        assertThat(coverage.path(group).path("recorded_at").asString()).isEqualTo("2026-11-21T07:27:36.776Z");
        assertThat(reply.header("Cache-Control")).isEqualTo(cacheControl);
    }

    @Test
    void onlyTheGroupsAnAnswerHoldsDecideItsLifetime() {
        HeldVehicle.resolveEveryLookupTo(vehicles, CIVIC_LX, EnumSet.of(Group.LABOR));

        assertThat(api.get("/api/v1/fluids" + CIVIC).header("Cache-Control")).isEqualTo("private, max-age=86400");
        assertThat(api.get("/api/v0/labor" + CIVIC).header("Cache-Control")).isEqualTo("private, max-age=60");
        Reply recorded = api.get("/api/v1/vehicle" + CIVIC + "&include=specs,fluids");
        assertThat(recorded.ok().path("coverage").propertyNames()).containsExactly("fluids", "specs");
        assertThat(recorded.header("Cache-Control")).isEqualTo("private, max-age=86400");
        Reply withLabor = api.get("/api/v1/vehicle" + CIVIC + "&include=fluids,labor");
        assertThat(withLabor.ok().path("coverage").path("labor")).isEqualTo(MISSING);
        assertThat(withLabor.header("Cache-Control")).isEqualTo("private, max-age=60");
    }

    @Test
    void theVehicleBlockAloneHoldsNoGroupAndKeepsItsLifetime() {
        HeldVehicle.resolveEveryLookupTo(vehicles, CIVIC_LX, EVERY_GROUP);

        Reply reply = api.get("/api/v1/vehicle" + CIVIC);

        assertThat(reply.ok().propertyNames()).containsExactly("vehicle", "coverage");
        assertThat(reply.body().path("coverage")).isEqualTo(json("{}"));
        assertThat(reply.body().at("/vehicle/coverage/fluids")).isEqualTo(MISSING);
        assertThat(reply.header("Cache-Control")).isEqualTo("private, max-age=86400");
    }

    @Test
    void includeShowsTheCoverageOfEachGroupAsItsOwnRouteDoes() {
        HeldVehicle.resolveEveryLookupTo(vehicles, CIVIC_LX, EnumSet.of(Group.TIRES, Group.PARTS));

        JsonNode included = api.get("/api/v1/vehicle" + CIVIC + "&include=parts,tires,fluids")
                .ok()
                .path("coverage");

        assertThat(included.propertyNames()).containsExactly("fluids", "tires", "parts");
        for (String group : included.propertyNames()) {
            String route = Group.valueOf(group.toUpperCase(Locale.ROOT)).route();
            assertThat(included.path(group))
                    .as(group)
                    .isEqualTo(api.get(route + CIVIC).ok().path("coverage").path(group));
        }
    }

    @Test
    void maintenanceWithoutARecordedScheduleSaysWhatIsDueIsUnknown() {
        HeldVehicle.resolveEveryLookupTo(vehicles, CIVIC_LX, EnumSet.of(Group.MAINTENANCE_SCHEDULE));

        Reply reply = api.get("/api/v0/maintenance" + CIVIC + "&mileage=30000");

        JsonNode answer = reply.ok();
        assertThat(answer.path("status").asString()).isEqualTo("unknown");
        assertThat(answer.path("services")).isEmpty();
        assertThat(answer.path("coverage").propertyNames())
                .containsExactly("fluids", "maintenance_schedule", "parts", "labor");
        assertThat(answer.at("/coverage/maintenance_schedule")).isEqualTo(MISSING);
        assertThat(reply.header("Cache-Control")).isEqualTo("private, max-age=60");
    }

    @Test
    void maintenanceOfARecordedScheduleWithNothingDueIsKnown() {
        HeldVehicle.resolveEveryLookupTo(vehicles, CIVIC_LX);

        Reply reply = api.get("/api/v0/maintenance" + CIVIC + "&mileage=30000");

        assertThat(reply.ok().path("status").asString()).isEqualTo("known");
        assertThat(reply.body().path("services")).isEmpty();
        assertThat(reply.header("Cache-Control")).isEqualTo("private, max-age=3600");
    }

    @Test
    void aKnownScheduleWithAMissingGroupBesideItIsKnownButShortLived() {
        HeldVehicle.resolveEveryLookupTo(vehicles, CIVIC_LX, EnumSet.of(Group.LABOR));

        Reply reply = api.get("/api/v0/maintenance" + CIVIC);

        assertThat(reply.ok().path("status").asString()).isEqualTo("known");
        assertThat(reply.body().at("/coverage/labor")).isEqualTo(MISSING);
        assertThat(reply.header("Cache-Control")).isEqualTo("private, max-age=60");
    }

    @Test
    void anOperationOfLaborTimesThatAreMissingIsNotFoundSayingTheyAreNotKnown() {
        HeldVehicle.resolveEveryLookupTo(vehicles, CIVIC_LX, EnumSet.of(Group.LABOR));

        JsonNode error = api.get("/api/v0/labor" + CIVIC + "&operation=engine_oil_change")
                .error(404, "not_found");

        assertThat(error.path("message").asString())
                .contains("engine_oil_change", "no labor times", "missing")
                .doesNotContain("none recorded");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"/api/v1/fluids", "/api/v0/maintenance", "/api/v1/vehicle"})
    void aShortLivedAnswerIs304ForItsETagWithTheSameLifetime(String route) {
        HeldVehicle.resolveEveryLookupTo(vehicles, CIVIC_LX, EVERY_GROUP);
        String path = route + CIVIC + (route.equals("/api/v1/vehicle") ? "&include=fluids,parts" : "");
        Reply first = api.get(path);

        Reply again = api.getWith(path, "If-None-Match", first.header("ETag"));

        assertThat(again.status()).isEqualTo(304);
        assertThat(again.headers().allValues("Cache-Control")).containsExactly("private, max-age=60");
        assertThat(again.header("ETag")).isEqualTo(first.header("ETag"));
    }
}
