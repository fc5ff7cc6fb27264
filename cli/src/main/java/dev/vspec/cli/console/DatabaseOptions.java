package dev.vspec.cli.console;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.vspec.events.axon.EventStorage;
import dev.vspec.projections.runtime.RebuildLock;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import picocli.CommandLine.Option;

/**
 * Where the stack's database is: the {@code --db-url} and {@code --db-user} options of every command that works on
 * it, the password from {@code VSPEC_DB_PASSWORD} (kept out of the process list), and the way to connect. With no
 * URL given, it is the embedded {@link LocalDatabase} in the data directory ({@code VSPEC_DATA_DIR}, else
 * {@code .vspec}), started when it is not running.
 */
public final class DatabaseOptions {

    /**
     * For the catalog imports: their commits do not wait for the WAL's flush to disk, several times faster, and a
     * server crash loses at most the last moments of an import, which running it again restores.
     */
    public static final String IMPORT_SESSION = "-c synchronous_commit=off";

    /** Why an import cannot write to a database: it has no event store. */
    public static final String NO_EVENT_STORE = "This database has no event store (" + EventStorage.EVENT_TABLE
            + " is missing). Start vspec on it once (vspec up) so that its migrations create it.";

    // order: a command that lists its options in its own order (sortOptions = false) lists these two last
    @Option(
            names = "--db-url",
            paramLabel = "URL",
            order = 100,
            defaultValue = "${env:VSPEC_DB_URL}",
            description = "The stack's database (default: VSPEC_DB_URL, else the embedded PostgreSQL that vspec up"
                    + " runs, kept in VSPEC_DATA_DIR or .vspec); password from VSPEC_DB_PASSWORD.")
    String url;

    @Option(
            names = "--db-user",
            paramLabel = "USER",
            order = 101,
            defaultValue = "${env:VSPEC_DB_USER:-postgres}",
            description = "The database user (default: VSPEC_DB_USER or ${DEFAULT-VALUE}).")
    String user;

    private String resolved;

    /** The URL given ({@code --db-url} or {@code VSPEC_DB_URL}), or null for the embedded database. */
    public String configuredUrl() {
        return url == null || url.isBlank() ? null : url;
    }

    /** The URL given, else the embedded database's, which is made or started first when it must be. */
    public String url() {
        if (resolved == null) {
            resolved = configuredUrl() != null ? configuredUrl() : startLocal();
        }
        return resolved;
    }

    public String user() {
        return configuredUrl() != null ? user : LocalDatabase.USER;
    }

    public String password() {
        return configuredUrl() != null ? System.getenv().getOrDefault("VSPEC_DB_PASSWORD", "") : "";
    }

    private static String startLocal() {
        LocalDatabase local = LocalDatabase.in(LocalDatabase.defaultDataDir());
        boolean wasRunning = local.running();
        String started = local.start();
        if (!wasRunning) {
            System.err.println("vspec: started vspec's database (an embedded PostgreSQL in " + local.directory()
                    + "); it keeps running, and vspec up uses it and stops it when the stack stops.");
        }
        return started;
    }

    /** A small pool: the rebuild's lock, the swap's transaction and each projection applying a batch hold one. */
    public HikariDataSource connect(String purpose) {
        return connect(purpose, null);
    }

    /** @param sessionOptions PostgreSQL settings for each connection ({@code -c synchronous_commit=off}), or null */
    public HikariDataSource connect(String purpose, String sessionOptions) {
        HikariConfig config = new HikariConfig();
        if (sessionOptions != null) {
            config.addDataSourceProperty("options", sessionOptions);
        }
        config.setJdbcUrl(url());
        config.setUsername(user());
        config.setPassword(password());
        config.setMaximumPoolSize(RebuildLock.WORKERS + 3);
        config.setMinimumIdle(1);
        config.setPoolName("vspec-" + purpose);
        // lets the driver send each JDBC batch as multi-row inserts: several times faster
        config.addDataSourceProperty("reWriteBatchedInserts", "true");
        return new HikariDataSource(config);
    }

    /** The line a command ends with when the database cannot be reached, saying what to do. */
    public String cannotConnect(Exception e) {
        return "Cannot connect to " + url() + " as user '" + user() + "': " + Messages.root(e)
                + ". Start the stack (vspec up) or set VSPEC_DB_URL, VSPEC_DB_USER and VSPEC_DB_PASSWORD.";
    }

    /** Whether the database holds the event store, which the stack's migrations create. */
    public static boolean hasEventStore(Connection connection) throws SQLException {
        return tableExists(connection, EventStorage.EVENT_TABLE);
    }

    /** Whether the database holds {@code table} ({@code schema.name}). */
    public static boolean tableExists(Connection connection, String table) throws SQLException {
        try (Statement statement = connection.createStatement();
                ResultSet row = statement.executeQuery("select to_regclass('" + table + "') is not null")) {
            return row.next() && row.getBoolean(1);
        }
    }
}
