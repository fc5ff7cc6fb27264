package dev.vspec.storage;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vspec.testing.database.MigratedDatabase;
import org.jooq.SQLDialect;
import org.jooq.conf.ParamType;
import org.jooq.impl.DSL;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;

/** read.job_projected: a job is projected once no projection is behind where the topic ended with its completion. */
class JobProjectedIT {

    private MigratedDatabase database;
    private JdbcTemplate jdbc;

    @BeforeEach
    void migrated() {
        database = MigratedDatabase.at("vspec_job_projected", "25");
        jdbc = database.jdbc();
    }

    @AfterEach
    void drop() {
        database.drop();
    }

    @Test
    void aJobWaitsForEveryProjectionOnEveryPartitionOfItsTopic() {
        published("job-1", 0, 10);
        published("job-1", 1, 4);
        applied("fluids", 0, 10);
        applied("fluids", 1, 3);
        applied("parts", 0, 12);

        assertThat(projected("job-1")).isFalse();

        applied("fluids", 1, 4);
        assertThat(projected("job-1"))
                .as("parts has no offset for partition 1: it applied none of it")
                .isFalse();

        applied("parts", 1, 4);
        assertThat(projected("job-1")).isTrue();
    }

    @Test
    void aJobWhoseCompletionIsNotPublishedIsNotProjected() {
        applied("fluids", 0, 10);

        assertThat(projected("job-2")).isFalse();
    }

    @Test
    void aTopicNoProjectionReadsHoldsNothingToWaitFor() {
        published("job-3", 0, 0, "");

        assertThat(projected("job-3")).isTrue();
    }

    private void published(String job, int partition, long nextOffset) {
        published(job, partition, nextOffset, "vspec.events.v1");
    }

    private void published(String job, int partition, long nextOffset, String topic) {
        jdbc.update(
                "INSERT INTO events.job_published_offsets (job_id, topic, partition, next_offset) VALUES (?, ?, ?, ?)",
                job,
                topic,
                partition,
                nextOffset);
    }

    private void applied(String projection, int partition, long nextOffset) {
        jdbc.update(
                "INSERT INTO read.projection_offset (projection, topic, partition, next_offset)"
                        + " VALUES (?, 'vspec.events.v1', ?, ?) ON CONFLICT (projection, topic, partition)"
                        + " DO UPDATE SET next_offset = excluded.next_offset",
                projection,
                partition,
                nextOffset);
    }

    private boolean projected(String job) {
        String sql = DSL.using(SQLDialect.POSTGRES)
                .select(DSL.field(JobProjected.condition(DSL.val(job))))
                .getSQL(ParamType.INLINED);
        return Boolean.TRUE.equals(jdbc.queryForObject(sql, Boolean.class));
    }
}
