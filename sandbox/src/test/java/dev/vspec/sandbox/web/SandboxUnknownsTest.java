package dev.vspec.sandbox.web;

import static dev.vspec.sandbox.ReferenceVehicle.CONFIG_KEY;
import static org.assertj.core.api.Assertions.assertThat;

import dev.vspec.query.lookup.HeldVehicle;
import dev.vspec.readmodel.Group;
import dev.vspec.sandbox.SandboxWebSlice;
import dev.vspec.testing.Api;
import java.util.EnumSet;
import org.junit.jupiter.api.Test;

/**
 * The sandbox answers unknowns as the live API does: each group's coverage beside it, {@code status} on
 * {@code /v0/maintenance}, and a minute's lifetime for an answer holding a missing group, keyless and so not private.
 */
class SandboxUnknownsTest extends SandboxWebSlice {

    private static final String KEY = "?config_key=" + CONFIG_KEY;

    @Test
    void aMissingGroupIsSaidAndKeptAMinuteByAnyCache() {
        HeldVehicle.resolveEveryLookupTo(vehicles, CONFIG_KEY, EnumSet.of(Group.TIRES, Group.MAINTENANCE_SCHEDULE));

        Api.Reply tires = api.get("/api/sample/v1/tires" + KEY);
        Api.Reply maintenance = api.get("/api/sample/v0/maintenance" + KEY + "&mileage=30000");

        assertThat(tires.ok().at("/coverage/tires/status").asString()).isEqualTo("missing");
        assertThat(tires.headers().allValues("Cache-Control")).containsExactly("max-age=60");
        assertThat(maintenance.ok().path("status").asString()).isEqualTo("unknown");
        assertThat(maintenance.header("Cache-Control")).isEqualTo("max-age=60");
    }

    @Test
    void aRecordedGroupKeepsItsLifetime() {
        HeldVehicle.resolveEveryLookupTo(vehicles, CONFIG_KEY, EnumSet.of(Group.TIRES));

        Api.Reply fluids = api.get("/api/sample/v1/fluids" + KEY);

        assertThat(fluids.ok().at("/coverage/fluids/status").asString()).isEqualTo("recorded");
        assertThat(fluids.header("Cache-Control")).isEqualTo("max-age=86400");
    }
}
