package dev.vspec.cli.access;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import dev.vspec.cli.VspecCli;
import dev.vspec.testing.database.TestDatabase;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Set;
import java.util.stream.Collectors;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.MigrationInfo;
import org.flywaydb.core.api.MigrationVersion;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/**
 * The key commands on databases at each stage of vspec's schema: Flyway runs only where a migration is
 * missing, and a schema ahead of this vspec or a failed migration is handled as Flyway handles it.
 */
class AccessSchemaIT {

    private static final String NL = System.lineSeparator();

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();
    private final ListAppender<ILoggingEvent> flywayLogged = new ListAppender<>();
    private final Logger flywayLogger = (Logger) LoggerFactory.getLogger("org.flywaydb");
    private TestDatabase database;

    @BeforeEach
    void createDatabase() {
        database = TestDatabase.create("vspec_access_schema");
        flywayLogged.start();
        flywayLogger.addAppender(flywayLogged);
    }

    @AfterEach
    void dropDatabase() {
        flywayLogger.detachAppender(flywayLogged);
        database.drop();
    }

    @Test
    void findsTheMigrationsFlywayFinds() {
        Set<MigrationVersion> flywayFinds = Arrays.stream(flyway().info().all())
                .map(MigrationInfo::getVersion)
                .collect(Collectors.toSet());

        assertThat(SchemaCheck.migrations(getClass().getClassLoader())).contains(flywayFinds);
        assertThat(flywayFinds).hasSizeGreaterThan(1);
    }

    @Test
    void onACurrentSchemaFlywayDoesNotRun() throws SQLException {
        flyway().migrate();
        flywayLogged.list.clear();

        assertThat(vspec("keys", "list", "--json")).as(err.toString()).isZero();

        assertThat(out.toString()).isEqualTo("[ ]" + NL);
        assertThat(flywayLogged.list).isEmpty();
        try (Connection connection = connect()) {
            assertThat(SchemaCheck.current(connection, getClass().getClassLoader()))
                    .isTrue();
        }
    }

    @Test
    void aSchemaBehindIsMigratedBeforeTheCommandReadsIt() throws SQLException {
        MigrationVersion newest = newest();
        MigrationVersion previous = Arrays.stream(flyway().info().all())
                .map(MigrationInfo::getVersion)
                .filter(version ->
                        version.isNewerThan(MigrationVersion.EMPTY) && newest.isNewerThan(version.getVersion()))
                .max(Comparator.naturalOrder())
                .orElseThrow();
        Flyway.configure()
                .dataSource(database.url(), database.user(), database.password())
                .locations("classpath:" + SchemaCheck.LOCATION)
                .target(previous)
                .load()
                .migrate();
        try (Connection connection = connect()) {
            assertThat(SchemaCheck.current(connection, getClass().getClassLoader()))
                    .isFalse();
        }
        flywayLogged.list.clear();

        // reads the columns the newest migration adds (declined_at, decline_reason)
        assertThat(vspec("access-requests", "list", "--json"))
                .as(err.toString())
                .isZero();

        assertThat(out.toString()).isEqualTo("[ ]" + NL);
        assertThat(flywayLogged.list).isNotEmpty();
        assertThat(single("select max(installed_rank) filter (where version = '" + newest.getVersion()
                        + "' and success)" + " from flyway_schema_history"))
                .isNotNull();
    }

    @Test
    void aSchemaAheadOfThisVspecIsReadAsItIsAsFlywayAllows() throws SQLException {
        flyway().migrate();
        execute("insert into flyway_schema_history (installed_rank, version, description, type, script, checksum,"
                + " installed_by, execution_time, success) select max(installed_rank) + 1, '9999', 'from a later vspec',"
                + " 'SQL', 'V9999__from_a_later_vspec.sql', 0, current_user, 0, true from flyway_schema_history");
        String history = single("select count(*) from flyway_schema_history");
        flywayLogged.list.clear();

        assertThat(vspec("keys", "list", "--json")).as(err.toString()).isZero();

        assertThat(out.toString()).isEqualTo("[ ]" + NL);
        assertThat(flywayLogged.list).isEmpty();
        assertThat(single("select count(*) from flyway_schema_history")).isEqualTo(history);
        // what the command did before it checked the schema itself: Flyway's migrate, which accepts this schema
        flyway().migrate();
    }

    @Test
    void aFailedMigrationIsLeftToFlywayWhichRefusesIt() {
        flyway().migrate();
        execute("update flyway_schema_history set success = false where version = '" + newest().getVersion() + "'");

        assertThat(vspec("keys", "list", "--json")).isOne();

        assertThat(err.toString())
                .startsWith("vspec: Cannot bring " + database.url() + " to vspec's schema: ")
                .endsWith(NL)
                .hasLineCount(1);
        assertThat(out.toString()).isEmpty();
    }

    private Flyway flyway() {
        return Flyway.configure()
                .dataSource(database.url(), database.user(), database.password())
                .locations("classpath:" + SchemaCheck.LOCATION)
                .load();
    }

    private MigrationVersion newest() {
        return SchemaCheck.migrations(getClass().getClassLoader()).orElseThrow().stream()
                .max(Comparator.naturalOrder())
                .orElseThrow();
    }

    private int vspec(String... args) {
        String[] withDatabase = Arrays.copyOf(args, args.length + 4);
        System.arraycopy(
                new String[] {"--db-url", database.url(), "--db-user", database.user()},
                0,
                withDatabase,
                args.length,
                4);
        return VspecCli.forArguments(withDatabase)
                .setOut(new PrintWriter(out))
                .setErr(new PrintWriter(err))
                .execute(withDatabase);
    }

    private Connection connect() throws SQLException {
        return DriverManager.getConnection(database.url(), database.user(), database.password());
    }

    private void execute(String sql) {
        try (Connection connection = connect();
                Statement statement = connection.createStatement()) {
            statement.execute(sql);
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    private String single(String sql) throws SQLException {
        try (Connection connection = connect();
                Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery(sql)) {
            assertThat(rows.next()).isTrue();
            return rows.getString(1);
        }
    }
}
