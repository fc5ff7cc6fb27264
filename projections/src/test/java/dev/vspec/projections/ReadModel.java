package dev.vspec.projections;

import static org.awaitility.Awaitility.await;

import dev.vspec.projections.runtime.ProjectionRuntime;
import dev.vspec.projections.runtime.ProjectionStatus;
import dev.vspec.projections.runtime.RebuildProgress;
import dev.vspec.projections.runtime.ShadowRebuild;
import dev.vspec.projections.runtime.TableChecksums;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import javax.sql.DataSource;
import org.jooq.DSLContext;
import org.jooq.Table;

/** Views of the read schema for assertions: per-table checksums, offsets, rejects, catching up and rebuilding. */
final class ReadModel {

    private static final RebuildProgress SILENT = new RebuildProgress() {
        @Override
        public void step(String description, long total) {}

        @Override
        public void read(long events) {}
    };

    private final DSLContext db;
    private final DataSource dataSource;
    private final ProjectionRuntime runtime;
    private final String brokers;
    private final String topic;

    ReadModel(DSLContext db, DataSource dataSource, ProjectionRuntime runtime, String brokers, String topic) {
        this.db = db;
        this.dataSource = dataSource;
        this.runtime = runtime;
        this.brokers = brokers;
        this.topic = topic;
    }

    DSLContext db() {
        return db;
    }

    /** Waits until every projection has applied every record now on the topic. */
    void awaitCaughtUp() {
        await("every projection at the end of the topic")
                .atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofMillis(200))
                .until(() -> runtime.statuses().stream().allMatch(s -> s.lag() == 0));
    }

    Map<String, ProjectionStatus> statuses() {
        return runtime.statuses().stream().collect(Collectors.toMap(ProjectionStatus::name, Function.identity()));
    }

    /** Every projection table by qualified name, as {@link TableChecksums} fingerprints it. */
    Map<String, String> tableChecksums() {
        return TableChecksums.of(db, AllProjections.tables());
    }

    /** Rebuilds every projection from the topic while the consumers run. */
    ShadowRebuild.Outcome rebuildFromTopic() {
        return new ShadowRebuild(dataSource, AllProjections.list())
                .fromTopic(runtime.names(), brokers, topic, ShadowRebuild.DEFAULT_BATCH, SILENT);
    }

    /** Who holds which privilege on each read table but its owner ("vin query_side SELECT", ...). */
    List<String> grants() {
        return db
                .fetchValues(
                        "SELECT table_name || ' ' || grantee || ' ' || privilege_type FROM information_schema.role_table_grants"
                                + " WHERE table_schema = 'read' AND grantee <> (SELECT tableowner FROM pg_tables"
                                + " WHERE schemaname = 'read' AND tablename = table_name) ORDER BY 1")
                .stream()
                .map(String.class::cast)
                .toList();
    }

    long rows(Table<?> table) {
        return db.fetchCount(table);
    }

    /** The stored offsets; with their update times when a mere rewrite of the same value should show. */
    List<String> offsets(boolean withUpdateTimes) {
        String columns = withUpdateTimes
                ? "projection, topic, partition, next_offset, updated_at"
                : "projection, topic, partition, next_offset";
        return db.fetch("select concat_ws('/', " + columns + ") as o from read.projection_offset order by 1")
                .getValues(0, String.class);
    }

    /** The rejects without their timestamps. */
    List<String> rejects() {
        return db.fetch("select concat_ws('/', projection, topic, partition, record_offset, record_key, reason, "
                        + "md5(payload)) from read.projection_reject order by 1")
                .getValues(0, String.class);
    }

    /** Tables of schema {@code read} that no projection owns, other than the runtime's own. */
    List<String> tablesWithoutProjection() {
        List<String> owned =
                AllProjections.tables().stream().map(Table::getName).toList();
        return db
                .fetch(
                        "select table_name from information_schema.tables where table_schema = 'read' and table_type = 'BASE TABLE' "
                                + "and table_name not in ('projection_offset', 'projection_reject') order by 1")
                .getValues(0, String.class)
                .stream()
                .filter(name -> !owned.contains(name))
                .toList();
    }

    /** How many records a projection has consumed: the sum of its next offsets (the topic starts at 0). */
    long consumed(String projection) {
        return db.fetchValue(
                                "select coalesce(sum(next_offset), 0) from read.projection_offset where projection = ?",
                                projection)
                        instanceof Number n
                ? n.longValue()
                : 0;
    }
}
