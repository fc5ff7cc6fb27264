package dev.vspec.projections.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import org.junit.jupiter.api.Test;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.jdbc.BadSqlGrammarException;
import org.springframework.jdbc.CannotGetJdbcConnectionException;
import org.springframework.transaction.CannotCreateTransactionException;

class FailuresTest {

    @Test
    void dataTheDatabaseRefusesCondemnsTheRecord() {
        assertThat(Failures.isPermanent(new DataIntegrityViolationException(
                        "too long", new SQLException("value too long for type character varying(80)", "22001"))))
                .isTrue();
        assertThat(Failures.isPermanent(new org.jooq.exception.DataAccessException(
                        "null", new SQLException("null value in column \"make\"", "23502"))))
                .isTrue();
    }

    @Test
    void anUnreachableOrMisconfiguredDatabaseIsWaitedFor() {
        assertThat(Failures.isPermanent(new CannotGetJdbcConnectionException(
                        "down", new SQLTransientConnectionException("timeout", "08001"))))
                .isFalse();
        assertThat(Failures.isPermanent(new CannotCreateTransactionException("down")))
                .isFalse();
        assertThat(Failures.isPermanent(new BadSqlGrammarException(
                        "insert",
                        "insert into read.x",
                        new SQLException("relation \"read.x\" does not exist", "42P01"))))
                .isFalse();
        assertThat(Failures.isPermanent(new org.jooq.exception.DataAccessException(
                        "deadlock", new SQLException("deadlock detected", "40P01"))))
                .isFalse();
        assertThat(Failures.isPermanent(new org.jooq.exception.DataAccessException("no state")))
                .isFalse();
    }

    @Test
    void aFailureOfTheHandlerCodeCondemnsTheRecord() {
        assertThat(Failures.isPermanent(new NullPointerException("fluids is null")))
                .isTrue();
        assertThat(Failures.isPermanent(new IllegalArgumentException("bad"))).isTrue();
    }

    @Test
    void theReasonNamesTheExceptionTheSqlStateAndTheRootMessageOnOneLine() {
        String reason = Failures.describe(new DataIntegrityViolationException(
                "wrapped", new SQLException("ERROR: value too long\n  for type character varying(80)", "22001")));
        assertThat(reason)
                .isEqualTo(
                        "DataIntegrityViolationException [SQLSTATE 22001]: ERROR: value too long for type character varying(80)");
        assertThat(Failures.describe(new IllegalStateException("x".repeat(5000))))
                .hasSize(Failures.MAX_REASON_LENGTH);
    }
}
