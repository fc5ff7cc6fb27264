package dev.vspec.sandbox.sample;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vspec.sandbox.SandboxHttpIT;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import javax.sql.DataSource;
import org.jooq.DSLContext;
import org.jooq.SQLDialect;
import org.jooq.impl.DSL;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/** Schema sample is built once per stream and table shape, and the live tables are never touched. */
class SampleSchemaIT extends SandboxHttpIT {

    @Autowired
    SampleSchema schema;

    @Autowired
    ReferenceStream stream;

    @Autowired
    DataSource dataSource;

    /** Plain SQL without the sandbox's schema mapping, to look at both schemas as they are. */
    private DSLContext sql;

    @BeforeEach
    void connect() {
        sql = DSL.using(dataSource, SQLDialect.POSTGRES);
    }

    private <T> T value(String query, Class<T> type) {
        return sql.fetchOne(query).get(0, type);
    }

    @Test
    void theSampleSchemaHoldsTheStreamsProjectionsAndJob() {
        assertThat(value("SELECT job_id || ' ' || status FROM sample.enrichment_job", String.class))
                .isEqualTo("enr_2HGFC2F57KH873762_1 completed");
        assertThat(value("SELECT count(*) FROM sample.configuration", Long.class))
                .isEqualTo(2);
        assertThat(value("SELECT count(*) FROM sample.vin", Long.class)).isEqualTo(5);
        assertThat(value("SELECT count(*) FROM sample.service_record", Long.class))
                .isPositive();
        assertThat(value("SELECT count(*) FROM sample.image", Long.class)).isEqualTo(2);
        assertThat(value("SELECT events FROM sample.reference_load", Integer.class))
                .isEqualTo(stream.events().size());
    }

    @Test
    void theLiveTablesStayEmpty() {
        for (String table : new String[] {
            "read.configuration",
            "read.vin",
            "read.fluids_document",
            "read.service_record",
            "read.image",
            "events.domainevententry",
            "command.enrichment_job"
        }) {
            assertThat(value("SELECT count(*) FROM " + table, Long.class))
                    .as(table)
                    .isZero();
        }
    }

    @Test
    void aStartWithTheSameStreamChangesNothing() {
        OffsetDateTime before = value("SELECT loaded_at FROM sample.reference_load", OffsetDateTime.class);
        Long oid = value("SELECT 'sample.configuration'::regclass::oid", Long.class);

        schema.afterPropertiesSet();

        assertThat(value("SELECT loaded_at FROM sample.reference_load", OffsetDateTime.class))
                .isEqualTo(before);
        assertThat(value("SELECT 'sample.configuration'::regclass::oid", Long.class))
                .isEqualTo(oid);
    }

    @Test
    void anotherStreamOrTableShapeBuildsTheSchemaAgain() {
        sql.execute("UPDATE sample.reference_load SET fingerprint = repeat('0', 64)");
        sql.execute("DELETE FROM sample.fluids_document");
        sql.execute("DELETE FROM sample.enrichment_job");
        // the sample event log an earlier version built
        sql.execute("CREATE TABLE sample.domainevententry (globalindex BIGINT)");

        schema.afterPropertiesSet();

        assertThat(value("SELECT fingerprint FROM sample.reference_load", String.class))
                .isNotEqualTo("0".repeat(64));
        assertThat(value("SELECT count(*) FROM sample.fluids_document", Long.class))
                .isEqualTo(2);
        assertThat(value("SELECT count(*) FROM sample.enrichment_job", Long.class))
                .isEqualTo(1);
        assertThat(value("SELECT to_regclass('sample.domainevententry') IS NULL", Boolean.class))
                .isTrue();
    }

    @Test
    void instancesStartingTogetherBuildOnceAndAgree() throws Exception {
        sql.execute("UPDATE sample.reference_load SET fingerprint = repeat('0', 64)");
        ExecutorService starts = Executors.newFixedThreadPool(3);
        try {
            List<Future<?>> builds = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                builds.add(starts.submit(schema::afterPropertiesSet));
            }
            for (Future<?> build : builds) {
                build.get(60, TimeUnit.SECONDS);
            }
        } finally {
            starts.shutdownNow();
        }

        assertThat(value("SELECT count(*) FROM sample.enrichment_job", Long.class))
                .isEqualTo(1);
        assertThat(value("SELECT count(*) FROM sample.configuration", Long.class))
                .isEqualTo(2);
        assertThat(value("SELECT fingerprint FROM sample.reference_load", String.class))
                .isNotEqualTo("0".repeat(64));
    }
}
