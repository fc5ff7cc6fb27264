package dev.vspec.storage;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vspec.testing.database.MigratedDatabase;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;

/** V21: the configurations projection reads its topic again, to write makes and models in their shown form. */
class ConfigurationNamesMigrationIT {

    private MigratedDatabase database;
    private JdbcTemplate jdbc;

    @BeforeEach
    void databaseAtV20() {
        database = MigratedDatabase.at("vspec_v21", "20");
        jdbc = database.jdbc();
    }

    @AfterEach
    void drop() {
        database.drop();
    }

    @Test
    void theConfigurationsProjectionReadsAgainAndTheOthersKeepTheirOffsets() {
        jdbc.update("INSERT INTO read.projection_offset (projection, topic, partition, next_offset) VALUES"
                + " ('configurations', 'vspec.events.v1', 0, 64447), ('configurations', 'vspec.events.v1', 1, 12),"
                + " ('parts', 'vspec.events.v1', 0, 64447)");

        database.migrate();

        assertThat(jdbc.queryForList("SELECT projection FROM read.projection_offset", String.class))
                .containsExactly("parts");
    }
}
