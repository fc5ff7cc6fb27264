package dev.vspec.harness.synthetic;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vspec.harness.Harness;
import dev.vspec.testing.database.TestDatabase;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** {@code vspec-harness synthetic load} into a real database with vspec's schema (no stack running, so no --wait). */
class SyntheticLoadIT {

    private static TestDatabase database;
    private static TestDatabase empty;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    @BeforeAll
    static void createDatabases() {
        database = TestDatabase.create("vspec_synthetic");
        Flyway.configure()
                .dataSource(database.url(), database.user(), database.password())
                .locations("classpath:db/migration")
                .load()
                .migrate();
        empty = TestDatabase.create("vspec_synthetic_empty");
    }

    @AfterAll
    static void dropDatabases() {
        if (database != null) {
            database.drop();
        }
        if (empty != null) {
            empty.drop();
        }
    }

    @Test
    void loadsTheCatalogOnceAndReportsItsProgress() throws SQLException {
        SyntheticCatalog catalog = new SyntheticCatalog(42, 30, 60);
        long events = catalog.events().count();

        int first = harness(
                "synthetic",
                "load",
                "--configurations",
                "30",
                "--vins",
                "60",
                "--batch-events",
                "100",
                "--db-url",
                database.url(),
                "--db-user",
                database.user());

        assertThat(first).as(err.toString()).isZero();
        assertThat(out.toString())
                .contains("Loading the synthetic catalog (seed 42, 30 configurations, 60 VINs)")
                .contains("100.0 %  90 of 90 aggregates (0 already there)")
                .contains("Loaded in")
                .contains("90 aggregates stored, 0 already there; " + events + " events at");
        assertThat(storedEvents()).isEqualTo(events);

        out.getBuffer().setLength(0);
        int second = harness(
                "synthetic",
                "load",
                "--configurations",
                "30",
                "--vins",
                "60",
                "--db-url",
                database.url(),
                "--db-user",
                database.user());

        assertThat(second).isZero();
        assertThat(out.toString()).contains("0 aggregates stored, 90 already there; 0 events");
        assertThat(storedEvents()).isEqualTo(events);
    }

    @Test
    void refusesADatabaseWithoutAnEventStoreInOneLine() {
        int exit = harness(
                "synthetic", "load", "--configurations", "1", "--db-url", empty.url(), "--db-user", empty.user());

        assertThat(exit).isEqualTo(1);
        assertThat(err.toString())
                .isEqualTo("vspec: This database has no event store (events.domainevententry is"
                        + " missing). Start vspec on it once (vspec up) so that its migrations create it."
                        + System.lineSeparator());
    }

    private long storedEvents() throws SQLException {
        try (Connection connection = DriverManager.getConnection(database.url(), database.user(), database.password());
                Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery("select count(*) from events.domainevententry")) {
            rows.next();
            return rows.getLong(1);
        }
    }

    private int harness(String... args) {
        return new CommandLine(new Harness())
                .setOut(new PrintWriter(out))
                .setErr(new PrintWriter(err))
                .execute(args);
    }
}
