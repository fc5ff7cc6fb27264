package dev.vspec.testing.database;

import org.flywaydb.core.Flyway;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.SimpleDriverDataSource;

/**
 * A database of its own migrated up to one Flyway version, to test a later migration over rows written
 * before it: write them with {@link #jdbc()}, then {@link #migrate()} to the newest version.
 */
public final class MigratedDatabase {

    private final TestDatabase database;
    private final SimpleDriverDataSource dataSource;
    private final JdbcTemplate jdbc;

    private MigratedDatabase(TestDatabase database) {
        this.database = database;
        this.dataSource = new SimpleDriverDataSource(
                new org.postgresql.Driver(), database.url(), database.user(), database.password());
        this.jdbc = new JdbcTemplate(dataSource);
    }

    /** A fresh database named after {@code prefix}, migrated up to {@code version}; {@link #drop()} it. */
    public static MigratedDatabase at(String prefix, String version) {
        MigratedDatabase migrated = new MigratedDatabase(TestDatabase.create(prefix));
        migrated.flyway(version).migrate();
        return migrated;
    }

    public JdbcTemplate jdbc() {
        return jdbc;
    }

    /** Applies every later migration. */
    public void migrate() {
        flyway(null).migrate();
    }

    public void drop() {
        database.drop();
    }

    private Flyway flyway(String target) {
        var configuration = Flyway.configure().dataSource(dataSource).locations("classpath:db/migration");
        return (target == null ? configuration : configuration.target(target)).load();
    }
}
