package dev.vspec.projections.runtime;

import static dev.vspec.storage.jooq.read.Tables.CONFIGURATION;
import static org.assertj.core.api.Assertions.assertThat;

import dev.vspec.storage.jooq.read.tables.records.ConfigurationRecord;
import java.time.OffsetDateTime;
import org.jooq.DSLContext;
import org.jooq.SQLDialect;
import org.jooq.conf.ParamType;
import org.jooq.impl.DSL;
import org.junit.jupiter.api.Test;

class UpsertsTest {

    private final DSLContext db = DSL.using(SQLDialect.POSTGRES);

    @Test
    void updatesEveryNonKeyColumnNullsIncluded() {
        String sql = Upserts.upsert(
                        db,
                        new ConfigurationRecord(
                                "cfg",
                                2019,
                                "Honda",
                                "Civic",
                                "LX",
                                "K20C2",
                                null,
                                "label",
                                "honda",
                                "civic",
                                "lx",
                                "{\"kind\":\"unknown\"}",
                                (short) 2,
                                OffsetDateTime.parse("2026-11-21T07:27:36.776Z")),
                        CONFIGURATION.CONFIG_KEY)
                .getSQL(ParamType.INLINED);
        assertThat(sql)
                .contains("on conflict (\"config_key\") do update set")
                .contains("\"drivetrain\" = excluded.\"drivetrain\"")
                .contains("\"trim_match\" = excluded.\"trim_match\"")
                .doesNotContain("\"config_key\" = excluded");
        assertThat(sql.substring(0, sql.indexOf("on conflict")))
                .contains("\"drivetrain\"")
                .contains("null");
    }
}
