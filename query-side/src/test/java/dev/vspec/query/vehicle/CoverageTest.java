package dev.vspec.query.vehicle;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vspec.readmodel.Group;
import java.time.OffsetDateTime;
import java.util.EnumSet;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What an answer holding some groups shows of a vehicle's coverage beside them. */
class CoverageTest {

    private static final String SOURCE = "{\"kind\":\"import\",\"name\":\"catalog.json\"}";
    private static final OffsetDateTime RECORDED = OffsetDateTime.parse("2026-11-21T07:27:36.776Z");

    private final Coverage vehicle = new Coverage.Builder()
            .group("fluids", SOURCE, RECORDED)
            .group("specs", null, null)
            .group("labor", SOURCE, RECORDED)
            .build();

    @Test
    void showsTheEntriesOfTheGroupsAskedForInTheApisGroupOrder() {
        Coverage shown = vehicle.of(List.of(Group.LABOR, Group.FLUIDS));

        assertThat(shown.toString())
                .isEqualTo("{\"fluids\":{\"status\":\"recorded\",\"source\":" + SOURCE
                        + ",\"recorded_at\":\"2026-11-21T07:27:36.776Z\"},\"labor\":{\"status\":\"recorded\",\"source\":"
                        + SOURCE + ",\"recorded_at\":\"2026-11-21T07:27:36.776Z\"}}");
        assertThat(shown.anyMissing()).isFalse();
    }

    @Test
    void aMissingGroupOrOneWithoutAnEntryShowsMissing() {
        Coverage shown = vehicle.of(EnumSet.of(Group.SPECS, Group.SERVICE_HISTORY));

        assertThat(shown.toString())
                .isEqualTo("{\"specs\":{\"status\":\"missing\"},\"service_history\":{\"status\":\"missing\"}}");
        assertThat(shown.anyMissing()).isTrue();
        assertThat(vehicle.anyMissing()).isTrue();
    }

    @Test
    void noGroupsShowNothingAndNothingMissing() {
        Coverage shown = vehicle.of(List.of());

        assertThat(shown.toString()).isEqualTo("{}");
        assertThat(shown.anyMissing()).isFalse();
    }

    @Test
    void theLastChangeIsTheLatestRecordedGroupsAndAMissingOneAddsNothing() {
        Coverage later = vehicle.with("image", SOURCE, RECORDED.plusDays(1));

        assertThat(vehicle.lastChange().time()).hasValue(RECORDED.toInstant());
        assertThat(later.lastChange().time()).hasValue(RECORDED.plusDays(1).toInstant());
        assertThat(later.withMissing("service_history").lastChange().time())
                .hasValue(RECORDED.plusDays(1).toInstant());
    }
}
