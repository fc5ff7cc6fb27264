package dev.vspec.cli.access;

import dev.vspec.cli.Messages;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.FlywayException;
import org.jooq.DSLContext;
import org.jooq.SQLDialect;
import org.jooq.impl.DSL;

/**
 * The stack's database as the key commands use it: connected, and migrated with vspec's own
 * migrations first, so that keys can be issued before the stack has ever started on it.
 */
final class AccessDatabase implements AutoCloseable {

    private final HikariDataSource dataSource;
    private final DSLContext db;

    private AccessDatabase(HikariDataSource dataSource) {
        this.dataSource = dataSource;
        this.db = DSL.using(dataSource, SQLDialect.POSTGRES);
    }

    /** Connects and migrates, or fails with one line saying what to do. */
    static AccessDatabase open(String url, String user, String password) {
        HikariDataSource dataSource;
        try {
            dataSource = new HikariDataSource(config(url, user, password));
        } catch (RuntimeException e) {
            throw CommandFailure.of("Cannot connect to " + url + " as user '" + user + "': " + Messages.root(e)
                    + ". Start the stack (vspec up) or set VSPEC_DB_URL, VSPEC_DB_USER and VSPEC_DB_PASSWORD.");
        }
        try {
            Flyway.configure().dataSource(dataSource).locations("classpath:db/migration").load().migrate();
        } catch (FlywayException e) {
            dataSource.close();
            throw CommandFailure.of("Cannot bring " + url + " to vspec's schema: " + Messages.oneLine(e.getMessage()));
        }
        return new AccessDatabase(dataSource);
    }

    private static HikariConfig config(String url, String user, String password) {
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(url);
        config.setUsername(user);
        config.setPassword(password);
        // Flyway may run the migrations on a second connection
        config.setMaximumPoolSize(2);
        config.setPoolName("vspec-access");
        return config;
    }

    DSLContext db() {
        return db;
    }

    @Override
    public void close() {
        dataSource.close();
    }
}
