package dev.vspec.query.vehicle;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import javax.sql.DataSource;
import org.jooq.exception.DataAccessException;

/**
 * Runs a statement jOOQ rendered once (in the deployable's schema) over plain JDBC, on a connection of
 * its own from the pool: the read path's lookups skip jOOQ's per-query rendering and binding.
 */
final class RenderedStatements {

    private RenderedStatements() {
    }

    /** What to do with the prepared statement: bind, execute, read. */
    interface Work<T> {
        T run(Connection connection, PreparedStatement statement) throws SQLException;
    }

    static <T> T run(DataSource dataSource, String sql, Work<T> work) {
        try (Connection connection = dataSource.getConnection(); PreparedStatement statement = connection.prepareStatement(sql)) {
            return work.run(connection, statement);
        } catch (SQLException e) {
            throw new DataAccessException("SQL [" + sql + "]; " + e.getMessage(), e);
        }
    }
}
