package dev.vspec.harness.bench;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import picocli.CommandLine.Option;

/** The PostgreSQL server a benchmark creates databases of its own on, and drops them from afterwards. */
final class BenchDatabases {

    @Option(
            names = "--db-server",
            defaultValue = "jdbc:postgresql://127.0.0.1:5432/",
            description =
                    "PostgreSQL server the benchmark creates its own databases on, and drops them after (default: ${DEFAULT-VALUE})")
    String server;

    @Option(
            names = "--db-user",
            defaultValue = "${env:VSPEC_DB_USER:-postgres}",
            description = "The user it connects to that server as (default: VSPEC_DB_USER or ${DEFAULT-VALUE})")
    String user;

    @Option(
            names = "--db-password",
            defaultValue = "${env:VSPEC_DB_PASSWORD:-}",
            description = "That user's password (default: VSPEC_DB_PASSWORD, which keeps it out of the process list)")
    String password;

    String url(String database) {
        return server + database;
    }

    void create(String database) throws SQLException {
        onServer("CREATE DATABASE " + database);
    }

    /** Drops the database and the roles its migrations named after it (roles are the server's). */
    void drop(String database) throws SQLException {
        onServer("DROP DATABASE IF EXISTS " + database + " WITH (FORCE)");
        onServer("DO $$ DECLARE role text; BEGIN FOR role IN SELECT rolname FROM pg_roles"
                + " WHERE starts_with(rolname, '" + database + "_') LOOP EXECUTE format('DROP ROLE %I', role);"
                + " END LOOP; END $$");
    }

    /** @param sessionOptions PostgreSQL settings for each connection ({@code -c synchronous_commit=off}), or null */
    HikariDataSource connect(String database, String sessionOptions) {
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(url(database));
        config.setUsername(user);
        config.setPassword(password);
        config.setMaximumPoolSize(4);
        config.setPoolName("vspec-bench-" + database);
        if (sessionOptions != null) {
            config.addDataSourceProperty("options", sessionOptions);
        }
        config.addDataSourceProperty("reWriteBatchedInserts", "true");
        return new HikariDataSource(config);
    }

    /** Runs one statement on the server's {@code postgres} database: creating and dropping the benchmark's own. */
    private void onServer(String sql) throws SQLException {
        try (Connection admin = DriverManager.getConnection(server + "postgres", user, password);
                Statement statement = admin.createStatement()) {
            statement.execute(sql);
        }
    }
}
