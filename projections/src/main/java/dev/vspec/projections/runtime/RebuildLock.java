package dev.vspec.projections.runtime;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.support.JdbcUtils;

/**
 * A rebuild's turn on a database: a PostgreSQL advisory lock held on a connection of its own, and
 * the threads that write the copies in schema {@value ShadowTables#SCHEMA}. Closing it stops the
 * threads before it releases the lock, so the next rebuild never drops copies still being written.
 */
public final class RebuildLock implements AutoCloseable {

    /** Batches applied to the copies at the same time; a rebuild's connection pool needs this many and three more. */
    public static final int WORKERS = 4;

    private static final Logger log = LoggerFactory.getLogger(RebuildLock.class);
    /** "vspecreb": the same key on every node, so rebuilds of one database take turns. */
    private static final long KEY = 0x7673706563726562L;

    private final Connection connection;
    private final ExecutorService workers = Executors.newFixedThreadPool(WORKERS);

    private RebuildLock(Connection connection) {
        this.connection = connection;
    }

    /** Takes the lock, or throws {@link RebuildRunning} when another rebuild holds it. */
    public static RebuildLock take(DataSource dataSource) {
        Connection connection = null;
        try {
            connection = dataSource.getConnection();
            if (advisory(connection, "pg_try_advisory_lock")) {
                return new RebuildLock(connection);
            }
            connection.close();
            throw new RebuildRunning();
        } catch (SQLException e) {
            JdbcUtils.closeConnection(connection);
            throw new IllegalStateException("cannot take the rebuild lock: " + e.getMessage(), e);
        }
    }

    Executor workers() {
        return workers;
    }

    /**
     * Drops the work not started and waits for what is running (a failed lane fails the rebuild while
     * others may still write their copies), then releases the lock.
     */
    @Override
    public void close() {
        workers.shutdownNow();
        try {
            if (!workers.awaitTermination(2, TimeUnit.MINUTES)) {
                log.warn("Rebuild workers still running after 2 minutes; the next rebuild drops their copies");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        try (connection) {
            advisory(connection, "pg_advisory_unlock");
        } catch (SQLException e) {
            throw new IllegalStateException("cannot release the rebuild lock: " + e.getMessage(), e);
        }
    }

    private static boolean advisory(Connection connection, String function) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement("SELECT " + function + "(?)")) {
            statement.setLong(1, KEY);
            try (ResultSet result = statement.executeQuery()) {
                return result.next() && result.getBoolean(1);
            }
        }
    }

    /** Another rebuild holds the lock on this database. */
    public static final class RebuildRunning extends IllegalStateException {
        RebuildRunning() {
            super("another rebuild is running on this database; wait for it to finish");
        }
    }
}
