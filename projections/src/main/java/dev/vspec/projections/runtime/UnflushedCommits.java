package dev.vspec.projections.runtime;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import javax.sql.DataSource;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.transaction.TransactionDefinition;

/**
 * Transactions that commit without waiting for PostgreSQL to flush its log
 * ({@code synchronous_commit = off}), for a shadow rebuild: a crash loses the rebuild, which is
 * started again from the beginning. Not for the live projections, whose consumer would go on past
 * the batches a crash lost. A waiting commit, or any later one, makes every earlier commit durable
 * with it (PostgreSQL flushes its log in order).
 */
final class UnflushedCommits extends DataSourceTransactionManager {

    UnflushedCommits(DataSource dataSource) {
        super(dataSource);
    }

    @Override
    protected void prepareTransactionalConnection(Connection connection, TransactionDefinition definition)
            throws SQLException {
        super.prepareTransactionalConnection(connection, definition);
        try (Statement statement = connection.createStatement()) {
            statement.execute("SET LOCAL synchronous_commit = off");
        }
    }
}
