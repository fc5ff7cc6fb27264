package dev.vspec.projections;

import static dev.vspec.storage.jooq.read.Tables.FLUIDS_DOCUMENT;
import static dev.vspec.storage.jooq.read.Tables.VIN;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.vspec.projections.runtime.ProjectionRuntime;
import dev.vspec.projections.runtime.ProjectionStatus;
import dev.vspec.projections.runtime.ShadowRebuild;
import dev.vspec.readmodel.Provenance;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/** Exactly-once effect: redelivered records change nothing, and a rebuild from offset 0 gives the same tables. */
@ProjectionsIntegrationTest
class ExactlyOnceIT {

    @Autowired
    Events events;

    @Autowired
    ReadModel readModel;

    @Autowired
    ProjectionRuntime runtime;

    @Test
    void recordsReadAgainAreSkippedAndChangeNeitherTablesNorOffsets() {
        new CatalogFixture(events, "redelivery", 200).publish(events);
        readModel.awaitCaughtUp();
        Map<String, String> tables = readModel.tableChecksums();
        assertThat(tables.values()).as("every table has rows").noneMatch(checksum -> checksum.endsWith(":0"));
        List<String> offsets = readModel.offsets(true);
        Map<String, ProjectionStatus> before = readModel.statuses();

        runtime.names().forEach(runtime::rewind);

        await("every projection re-read the whole topic")
                .atMost(Duration.ofSeconds(60))
                .untilAsserted(() -> {
                    Map<String, ProjectionStatus> now = readModel.statuses();
                    for (String name : runtime.names()) {
                        assertThat(now.get(name).duplicates() - before.get(name).duplicates())
                                .as(name)
                                .isGreaterThanOrEqualTo(readModel.consumed(name));
                    }
                });
        assertThat(readModel.tableChecksums()).isEqualTo(tables);
        assertThat(readModel.offsets(true)).as("offsets not even rewritten").isEqualTo(offsets);
        Map<String, ProjectionStatus> after = readModel.statuses();
        for (String name : runtime.names()) {
            assertThat(after.get(name).applied())
                    .as(name + " applied nothing again")
                    .isEqualTo(before.get(name).applied());
        }
    }

    @Test
    void eventsPublishedTwiceByTheRelayLeaveTheTablesAsTheyWere() {
        CatalogFixture catalog = new CatalogFixture(events, "resent", 300).publish(events);
        readModel.awaitCaughtUp();
        Map<String, String> tables = readModel.tableChecksums();

        catalog.publish(events);
        readModel.awaitCaughtUp();

        assertThat(readModel.tableChecksums()).isEqualTo(tables);
    }

    @Test
    void rebuildingFromOffsetZeroGivesIdenticalTablesWhileTheConsumersRun() {
        new CatalogFixture(events, "replay", 400).publish(events);
        readModel.awaitCaughtUp();
        Map<String, String> tables = readModel.tableChecksums();
        List<String> offsets = readModel.offsets(false);
        List<String> rejects = readModel.rejects();
        List<String> grants = readModel.grants();
        // Rows no event stands for: a rebuild must not keep them.
        OffsetDateTime now = OffsetDateTime.now();
        readModel
                .db()
                .insertInto(VIN)
                .values("JUNK0000000000001", "nowhere", Provenance.UNKNOWN_SOURCE, (short) 2, now)
                .execute();
        readModel
                .db()
                .insertInto(FLUIDS_DOCUMENT)
                .values("nowhere", "[]", Provenance.UNKNOWN_SOURCE, (short) 2, now)
                .execute();

        ShadowRebuild.Outcome outcome = readModel.rebuildFromTopic();

        assertThat(outcome.projections()).isEqualTo(runtime.names());
        assertThat(outcome.events()).isGreaterThanOrEqualTo(readModel.consumed("fluids"));
        assertThat(readModel.tableChecksums()).isEqualTo(tables);
        assertThat(readModel.offsets(false)).isEqualTo(offsets);
        assertThat(readModel.rejects()).isEqualTo(rejects);
        assertThat(readModel.grants())
                .as("the deployables' roles keep what they may do on the swapped-in tables")
                .isNotEmpty()
                .isEqualTo(grants);
        // the running consumers go on from the swapped-in offsets
        new CatalogFixture(events, "after-rebuild", 20).publish(events);
        readModel.awaitCaughtUp();
        assertThat(readModel.tableChecksums().get("read.configuration")).isNotEqualTo(tables.get("read.configuration"));
    }
}
