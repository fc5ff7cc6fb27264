package dev.vspec.projections.runtime;

import java.sql.SQLException;
import org.springframework.transaction.TransactionException;

/**
 * Tells a record that can never be applied from a failure that may pass. Waiting is the safe
 * default for anything that touches the database: a batch that failed because PostgreSQL is down,
 * a lock timed out or a migration is missing is retried until it succeeds. Only data the database
 * refuses by its nature (SQLSTATE class 22, data exception, and 23, integrity constraint violation)
 * and failures of the handler code itself (a null list, ...) condemn the record.
 */
final class Failures {

    static final int MAX_REASON_LENGTH = 2000;

    private Failures() {}

    /** True when applying the same record again would fail the same way. */
    static boolean isPermanent(Throwable failure) {
        String sqlState = sqlState(failure);
        if (sqlState != null) {
            return sqlState.startsWith("22") || sqlState.startsWith("23");
        }
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (isDatabaseFailure(t)) {
                return false;
            }
            if (t.getCause() == t) {
                break;
            }
        }
        return true;
    }

    /** The first SQLSTATE in the cause chain, or null. */
    static String sqlState(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof SQLException sql && sql.getSQLState() != null) {
                return sql.getSQLState();
            }
            if (t.getCause() == t) {
                break;
            }
        }
        return null;
    }

    /** A short, single-line account of a failure for the rejects table and the log. */
    static String describe(Throwable failure) {
        Throwable root = failure;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        StringBuilder text = new StringBuilder(failure.getClass().getSimpleName());
        String sqlState = sqlState(failure);
        if (sqlState != null) {
            text.append(" [SQLSTATE ").append(sqlState).append(']');
        }
        String message = root.getMessage() == null ? root.getClass().getSimpleName() : root.getMessage();
        text.append(": ").append(message.strip().replaceAll("\\s+", " "));
        return truncate(text.toString());
    }

    static String truncate(String reason) {
        return reason.length() <= MAX_REASON_LENGTH ? reason : reason.substring(0, MAX_REASON_LENGTH - 3) + "...";
    }

    private static boolean isDatabaseFailure(Throwable t) {
        return t instanceof SQLException
                || t instanceof TransactionException
                || t instanceof org.springframework.dao.DataAccessException
                || t instanceof org.jooq.exception.DataAccessException;
    }
}
