package dev.vspec.storage;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vspec.testing.database.MigratedDatabase;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * V16 on a database that refused long vPIC trims before it: the columns take them, and the projection that
 * refused them reads its topic again while the others keep their offsets.
 */
class IdentityTextColumnsMigrationIT {

    private static final String LONG_TRIM =
            "Inscription Expression / XC60, XC90 R-Design Expression / S60 T8 Momentum / S60 B5 (sample)";

    private MigratedDatabase database;
    private JdbcTemplate jdbc;

    @BeforeEach
    void databaseAtV15() {
        database = MigratedDatabase.at("vspec_v16", "15");
        jdbc = database.jdbc();
    }

    @AfterEach
    void drop() {
        database.drop();
    }

    @Test
    void theRefusingProjectionReadsAgainAndTheLongTrimFits() {
        jdbc.update("INSERT INTO read.projection_offset (projection, topic, partition, next_offset) VALUES"
                + " ('configurations', 'vspec.events.v1', 0, 64447), ('parts', 'vspec.events.v1', 0, 64447)");
        jdbc.update(
                "INSERT INTO read.projection_reject (projection, topic, partition, record_offset, record_key, reason)"
                        + " VALUES ('configurations', 'vspec.events.v1', 0, 64446, 'k', 'DataIntegrityViolationException"
                        + " [SQLSTATE 22001]: ERROR: value too long for type character varying(80)'),"
                        + " ('parts', 'vspec.events.v1', 0, 12, 'k', 'not an event envelope')");

        database.migrate();

        assertThat(jdbc.queryForList("SELECT projection FROM read.projection_offset", String.class))
                .containsExactly("parts");
        assertThat(jdbc.queryForList("SELECT reason FROM read.projection_reject", String.class))
                .containsExactly("not an event envelope");
        jdbc.update(
                "INSERT INTO read.configuration (config_key, year, make, model, trim, engine_code, label,"
                        + " make_match, model_match, trim_match) VALUES (?, 2022, 'Volvo', 'S90', ?, 'B4204T', ?, 'volvo', 's90', ?)",
                "2022-volvo-s90-sample",
                LONG_TRIM,
                "2022 Volvo S90 " + LONG_TRIM,
                LONG_TRIM.toLowerCase());
        assertThat(jdbc.queryForObject("SELECT trim FROM read.configuration", String.class))
                .isEqualTo(LONG_TRIM);
    }
}
