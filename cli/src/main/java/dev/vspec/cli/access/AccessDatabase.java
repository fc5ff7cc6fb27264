package dev.vspec.cli.access;

import dev.vspec.cli.console.DatabaseOptions;
import dev.vspec.cli.console.Messages;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.FlywayException;
import org.jooq.DSLContext;
import org.jooq.SQLDialect;
import org.jooq.impl.DSL;

/**
 * The stack's database as the key commands use it: connected, and migrated with vspec's own
 * migrations first when it lacks any, so that keys can be issued before the stack has ever started on it.
 * One connection, no pool: a command runs a few statements, one after the other.
 */
final class AccessDatabase implements AutoCloseable {

    private final Connection connection;
    private final DSLContext db;

    private AccessDatabase(Connection connection) {
        this.connection = connection;
        this.db = DSL.using(connection, SQLDialect.POSTGRES);
    }

    /** Connects and, unless the schema is current, migrates; or fails with one line saying what to do. */
    static AccessDatabase open(DatabaseOptions database) {
        Connection connection;
        try {
            connection = DriverManager.getConnection(database.url(), database.user(), database.password());
        } catch (SQLException | RuntimeException e) {
            throw CommandFailure.of(database.cannotConnect(e));
        }
        if (!SchemaCheck.current(connection, AccessDatabase.class.getClassLoader())) {
            try {
                Flyway.configure(AccessDatabase.class.getClassLoader())
                        .dataSource(database.url(), database.user(), database.password())
                        .locations("classpath:" + SchemaCheck.LOCATION)
                        .load()
                        .migrate();
            } catch (FlywayException e) {
                closeQuietly(connection);
                throw CommandFailure.of(
                        "Cannot bring " + database.url() + " to vspec's schema: " + Messages.oneLine(e.getMessage()));
            }
        }
        return new AccessDatabase(connection);
    }

    DSLContext db() {
        return db;
    }

    @Override
    public void close() {
        closeQuietly(connection);
    }

    private static void closeQuietly(Connection connection) {
        try {
            connection.close();
        } catch (SQLException e) {
            // the command's work is done or has failed already; a failed close changes neither
        }
    }
}
