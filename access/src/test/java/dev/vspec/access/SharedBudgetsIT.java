package dev.vspec.access;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vspec.testing.database.MovableClock;
import dev.vspec.testing.database.TestDatabase;
import io.github.bucket4j.distributed.ExpirationAfterWriteStrategy;
import io.github.bucket4j.distributed.jdbc.PrimaryKeyMapper;
import io.github.bucket4j.postgresql.Bucket4jPostgreSQL;
import io.github.bucket4j.postgresql.PostgreSQLSelectForUpdateBasedProxyManager;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.SimpleDriverDataSource;

/** Budgets shared through PostgreSQL by several instances (each its own {@link SharedBudgets}), on a clock the test moves. */
class SharedBudgetsIT {

    private static TestDatabase database;
    private static SimpleDriverDataSource dataSource;
    private static PostgreSQLSelectForUpdateBasedProxyManager<String> buckets;
    private static final MovableClock clock = new MovableClock(Instant.parse("2026-11-21T10:15:10Z"));

    @BeforeAll
    static void database() {
        database = TestDatabase.create("vspec_budgets");
        dataSource = new SimpleDriverDataSource(
                new org.postgresql.Driver(), database.url(), database.user(), database.password());
        Flyway.configure()
                .dataSource(dataSource)
                .locations("classpath:db/migration")
                .load()
                .migrate();
        buckets = Bucket4jPostgreSQL.selectForUpdateBasedBuilder(dataSource)
                .primaryKeyMapper(PrimaryKeyMapper.STRING)
                .table("access.rate_limit_bucket")
                .idColumn("id")
                .stateColumn("state")
                .expiresAtColumn("expires_at")
                .expirationAfterWrite(
                        ExpirationAfterWriteStrategy.basedOnTimeForRefillingBucketUpToMax(Duration.ofMinutes(1)))
                .clientClock(new io.github.bucket4j.TimeMeter() {
                    @Override
                    public long currentTimeNanos() {
                        Instant instant = clock.instant();
                        return instant.getEpochSecond() * 1_000_000_000L + instant.getNano();
                    }

                    @Override
                    public boolean isWallClockBased() {
                        return true;
                    }
                })
                .build();
    }

    @AfterAll
    static void drop() {
        database.drop();
    }

    @Test
    void threeInstancesLeasingInParallelNeverAdmitMoreThanTheLimit() throws Exception {
        long limit = 1_000;
        List<SharedBudgets> instances = List.of(
                new SharedBudgets(buckets, clock),
                new SharedBudgets(buckets, clock),
                new SharedBudgets(buckets, clock));
        ExecutorService threads = Executors.newFixedThreadPool(6);
        List<Future<Integer>> admitted = new ArrayList<>();
        for (int t = 0; t < 6; t++) {
            SharedBudgets instance = instances.get(t % 3);
            admitted.add(threads.submit(() -> {
                int count = 0;
                for (int i = 0; i < 400; i++) {
                    if (instance.take("key:parallel", limit, Window.MINUTE, 100).admitted()) {
                        count++;
                    }
                }
                return count;
            }));
        }
        int total = 0;
        for (Future<Integer> future : admitted) {
            total += future.get();
        }
        threads.shutdown();

        assertThat(total).isLessThanOrEqualTo((int) limit);
        // tokens leased by an instance are lost only if it stops asking; all three asked to the end
        assertThat(total).isGreaterThan((int) limit - 3 * (int) (limit / 100));
    }

    @Test
    void aNewWindowBringsTheWholeLimitBackAndLeasesDieWithTheirWindow() {
        SharedBudgets one = new SharedBudgets(buckets, clock);
        SharedBudgets two = new SharedBudgets(buckets, clock);
        clock.set(Instant.parse("2026-11-21T11:00:05Z"));
        // a limit of 5 leases one token at a time: every instance sees the same count
        for (int i = 0; i < 3; i++) {
            assertThat(one.take("key:windows", 5, Window.MINUTE, 100).admitted())
                    .isTrue();
        }
        assertThat(two.take("key:windows", 5, Window.MINUTE, 100).remaining()).isEqualTo(1);
        assertThat(one.take("key:windows", 5, Window.MINUTE, 100).admitted()).isTrue();
        Admission refused = two.take("key:windows", 5, Window.MINUTE, 100);
        assertThat(refused.admitted()).isFalse();
        assertThat(refused.windowEnd()).isEqualTo(Instant.parse("2026-11-21T11:01:00Z"));

        clock.set(Instant.parse("2026-11-21T11:01:00Z"));
        Admission next = two.take("key:windows", 5, Window.MINUTE, 100);
        assertThat(next.admitted()).isTrue();
        assertThat(next.remaining()).isEqualTo(4);
    }

    @Test
    void aGivenBackUnitCanBeSpentAgain() {
        SharedBudgets budgets = new SharedBudgets(buckets, clock);
        Admission first = budgets.take("key:refund", 2, Window.MONTH, 1000);
        budgets.take("key:refund", 2, Window.MONTH, 1000);
        budgets.giveBack("key:refund", Window.MONTH, first);

        assertThat(budgets.take("key:refund", 2, Window.MONTH, 1000).admitted()).isTrue();
        assertThat(budgets.take("key:refund", 2, Window.MONTH, 1000).admitted()).isFalse();
    }

    @Test
    void peekingSpendsNothing() {
        SharedBudgets budgets = new SharedBudgets(buckets, clock);
        assertThat(budgets.peek("key:peek", 10, Window.MONTH).remaining()).isEqualTo(10);
        assertThat(budgets.peek("key:peek", 10, Window.MONTH).remaining()).isEqualTo(10);
        budgets.take("key:peek", 10, Window.MONTH, 1000);
        assertThat(new SharedBudgets(buckets, clock)
                        .peek("key:peek", 10, Window.MONTH)
                        .remaining())
                .isEqualTo(9);
    }

    @Test
    void aRollingBudgetRefillsAPeriodAfterItsFirstUse() {
        SharedBudgets budgets = new SharedBudgets(buckets, clock);
        clock.set(Instant.parse("2026-11-21T12:00:00Z"));
        for (int i = 0; i < 5; i++) {
            assertThat(budgets.takeRolling("address:10.0.0.1:form", 5, Duration.ofHours(1))
                            .admitted())
                    .isTrue();
        }
        SharedBudgets.RollingAdmission sixth = budgets.takeRolling("address:10.0.0.1:form", 5, Duration.ofHours(1));
        assertThat(sixth.admitted()).isFalse();
        assertThat(sixth.retryAfterSeconds()).isEqualTo(3600);

        clock.set(Instant.parse("2026-11-21T12:59:59Z"));
        assertThat(budgets.takeRolling("address:10.0.0.1:form", 5, Duration.ofHours(1))
                        .retryAfterSeconds())
                .isEqualTo(1);
        clock.set(Instant.parse("2026-11-21T13:00:00Z"));
        assertThat(budgets.takeRolling("address:10.0.0.1:form", 5, Duration.ofHours(1))
                        .admitted())
                .isTrue();
    }

    @Test
    void expiredBucketRowsArePurgedAndLiveOnesKept() {
        SharedBudgets budgets = new SharedBudgets(buckets, clock);
        clock.set(Instant.now());
        budgets.take("key:purge-live", 10, Window.MINUTE, 1);
        String live = "key:purge-live:minute:" + Window.MINUTE.index(clock.instant());
        JdbcTemplate jdbc = new JdbcTemplate(dataSource);
        // Bucket4j stamps expiry from the wall clock (window end plus a minute): an old window's rows look like these
        jdbc.update(
                "insert into access.rate_limit_bucket (id, state, expires_at)"
                        + " select 'key:purge-old:minute:' || i, null, ? from generate_series(1, ?) as i",
                System.currentTimeMillis() - 60_000,
                ExpiredBucketPurge.BATCH + 5);

        try (ExpiredBucketPurge purge = ExpiredBucketPurge.start(buckets, Duration.ofHours(1))) {
            assertThat(purge.purge()).isEqualTo(ExpiredBucketPurge.BATCH + 5);
        }

        assertThat(jdbc.queryForObject(
                        "select count(*) from access.rate_limit_bucket where id like 'key:purge-old:%'", Integer.class))
                .isZero();
        assertThat(jdbc.queryForObject(
                        "select count(*) from access.rate_limit_bucket where id = ?", Integer.class, live))
                .isEqualTo(1);
    }
}
