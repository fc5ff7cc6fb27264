package dev.vspec.access;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Clock;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.jdbc.datasource.SimpleDriverDataSource;

/**
 * While PostgreSQL does not answer, the budgets fail as a database that does not answer, which
 * every caller answers 503 (a key's requests, a failed authentication, the request-access form),
 * never as an error of their own (a 500).
 */
class SharedBudgetsTest {

    private final SharedBudgets budgets = new SharedBudgets(
            new SharedBudgetsAutoConfiguration()
                    .rateLimitBuckets(new SimpleDriverDataSource(
                            new org.postgresql.Driver(),
                            "jdbc:postgresql://127.0.0.1:1/vspec?connectTimeout=2",
                            "postgres",
                            "")),
            Clock.systemUTC());

    @Test
    void aWindowedBudgetThatCannotBeReadIsADatabaseFailure() {
        assertThatThrownBy(() -> budgets.take("key:1:requests", 60, Window.MINUTE, 100))
                .isInstanceOf(DataAccessResourceFailureException.class)
                .hasMessage("The shared budgets cannot be read from PostgreSQL");
        assertThatThrownBy(() -> budgets.peek("key:1:reads", 10_000, Window.MONTH))
                .isInstanceOf(DataAccessResourceFailureException.class);
    }

    @Test
    void aRollingBudgetThatCannotBeReadIsADatabaseFailure() {
        assertThatThrownBy(() ->
                        budgets.takeRolling("address:192.0.2.1:failed-authentications", 10, Duration.ofMinutes(1)))
                .isInstanceOf(DataAccessResourceFailureException.class);
    }
}
