package dev.vspec.cli.stack;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vspec.testing.database.TestDatabase;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.util.FileSystemUtils;

/** The stack's database when none is named: its own embedded PostgreSQL in the data directory. */
class LocalPostgresIT {

    private Path dataDir;

    @BeforeEach
    void dataDir() throws Exception {
        dataDir = Files.createTempDirectory(Path.of(System.getProperty("java.io.tmpdir")), "local-postgres");
    }

    @AfterEach
    void removeDataDir() {
        FileSystemUtils.deleteRecursively(dataDir.toFile());
    }

    @Test
    void withNoDatabaseNamedTheStackRunsItsOwnKeepsItsDataAndStopsIt() throws SQLException {
        LocalPostgres.Database database = LocalPostgres.resolve(settings(null));
        try {
            assertThat(database.url())
                    .startsWith("jdbc:postgresql://127.0.0.1:")
                    .endsWith("/vspec");
            execute(database, "create table kept (id int)", "insert into kept values (7)");
        } finally {
            database.stopIfLocal();
        }
        assertThat(database.local().running()).isFalse();

        LocalPostgres.Database again = LocalPostgres.resolve(settings(null));
        try {
            assertThat(again.url()).isEqualTo(database.url());
            assertThat(count(again, "select count(*) from kept where id = 7")).isEqualTo(1);
        } finally {
            again.local().stop();
            Path cluster = again.local().directory();
            FileSystemUtils.deleteRecursively(cluster.toFile());
            FileSystemUtils.deleteRecursively(
                    cluster.resolveSibling(cluster.getFileName() + ".lock").toFile());
        }
    }

    @Test
    void aNamedDatabaseIsUsedAsItIsAndLeftRunning() {
        TestDatabase named = TestDatabase.create("vspec_local_postgres");
        try {
            LocalPostgres.Database database = LocalPostgres.resolve(settings(named.url()));

            assertThat(database.url()).isEqualTo(named.url());
            assertThat(database.local()).isNull();
            assertThat(Files.exists(dataDir.resolve("postgres"))).isFalse();
        } finally {
            named.drop();
        }
    }

    @Test
    void aFirstStartTellsHowToKeepUsingTheEarlierDefaultDatabaseWhenItHoldsAnEventStore() {
        TestDatabase earlier = TestDatabase.create("vspec_earlier").migrated();
        TestDatabase empty = TestDatabase.create("vspec_earlier_empty");
        try {
            assertThat(LocalPostgres.earlierDatabaseNotice(settings(null), earlier.url()))
                    .hasValueSatisfying(notice -> assertThat(notice)
                            .contains("holds vspec's data from an earlier version")
                            .contains("export VSPEC_DB_URL=" + earlier.url())
                            .contains(dataDir.resolve("postgres").toString()));
            assertThat(LocalPostgres.earlierDatabaseNotice(settings(null), empty.url()))
                    .isEmpty();
            assertThat(LocalPostgres.earlierDatabaseNotice(settings(null), "jdbc:postgresql://127.0.0.1:1/vspec"))
                    .isEmpty();
            assertThat(LocalPostgres.earlierDatabaseNotice(settings(empty.url()), earlier.url()))
                    .as("a database named: nothing to say")
                    .isEmpty();
        } finally {
            earlier.drop();
            empty.drop();
        }
    }

    private StackSettings settings(String dbUrl) {
        return StackSettings.onFreePorts(dataDir, dbUrl, "postgres", "");
    }

    private static void execute(LocalPostgres.Database database, String... sql) throws SQLException {
        try (Connection connection = DriverManager.getConnection(database.url(), database.user(), "");
                Statement statement = connection.createStatement()) {
            for (String each : sql) {
                statement.execute(each);
            }
        }
    }

    private static long count(LocalPostgres.Database database, String sql) throws SQLException {
        try (Connection connection = DriverManager.getConnection(database.url(), database.user(), "");
                Statement statement = connection.createStatement();
                ResultSet row = statement.executeQuery(sql)) {
            row.next();
            return row.getLong(1);
        }
    }
}
