package dev.vspec.cli.stack;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/** Finds the PostgreSQL the local stack uses: VSPEC_DB_URL when set, else the server on 127.0.0.1:5432. */
final class LocalPostgres {

    static final String LOCAL_SERVER = "jdbc:postgresql://127.0.0.1:5432/";
    static final String LOCAL_DATABASE = "vspec";

    private LocalPostgres() {}

    /** The database to use, created on the local server when it is missing; a clear error when there is none. */
    static Database resolve(String configuredUrl, String user, String password) {
        if (configuredUrl != null && !configuredUrl.isBlank()) {
            try (Connection ignored = DriverManager.getConnection(configuredUrl, user, password)) {
                return new Database(configuredUrl, user, password);
            } catch (SQLException e) {
                throw new StackException("Cannot connect to VSPEC_DB_URL=" + configuredUrl + " as user '" + user + "': "
                        + e.getMessage());
            }
        }
        try (Connection admin = DriverManager.getConnection(LOCAL_SERVER + "postgres", user, password)) {
            if (!exists(admin, LOCAL_DATABASE)) {
                try (Statement create = admin.createStatement()) {
                    create.execute("CREATE DATABASE " + LOCAL_DATABASE);
                }
            }
            return new Database(LOCAL_SERVER + LOCAL_DATABASE, user, password);
        } catch (SQLException e) {
            throw new StackException("""
                    vspec needs PostgreSQL (13 or newer) and found none.
                      Tried: %s as user '%s' (%s)
                      Either start a local server, e.g.
                        sudo pg_ctlcluster 15 main start          (Debian/Ubuntu package postgresql)
                        docker run -d -p 5432:5432 -e POSTGRES_HOST_AUTH_METHOD=trust postgres:16
                      or point vspec at one:
                        export VSPEC_DB_URL=jdbc:postgresql://host:5432/vspec VSPEC_DB_USER=... VSPEC_DB_PASSWORD=...
                    """.formatted(LOCAL_SERVER + "postgres", user, e.getMessage()));
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

    record Database(String url, String user, String password) {}
}
