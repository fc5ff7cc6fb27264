package dev.vspec.infra.migration;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vspec.infra.testing.TestDatabase;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.SimpleDriverDataSource;

/** V21: the configurations projection reads its topic again, to write makes and models in their shown form. */
class ConfigurationNamesMigrationIT {

    private TestDatabase database;
    private SimpleDriverDataSource dataSource;
    private JdbcTemplate jdbc;

    @BeforeEach
    void databaseAtV20() {
        database = TestDatabase.create("vspec_v21");
        dataSource = new SimpleDriverDataSource(
                new org.postgresql.Driver(), database.url(), database.user(), database.password());
        jdbc = new JdbcTemplate(dataSource);
        flyway("20").migrate();
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

        flyway(null).migrate();

        assertThat(jdbc.queryForList("SELECT projection FROM read.projection_offset", String.class))
                .containsExactly("parts");
    }

    private Flyway flyway(String target) {
        var configuration = Flyway.configure().dataSource(dataSource).locations("classpath:db/migration");
        return (target == null ? configuration : configuration.target(target)).load();
    }
}
