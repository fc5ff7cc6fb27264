package dev.vspec.access;

import static dev.vspec.storage.jooq.access.Tables.SPENT_READS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertTimeout;

import dev.vspec.contracts.access.Plan;
import dev.vspec.testing.database.MovableClock;
import dev.vspec.testing.database.TestDatabase;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import org.flywaydb.core.Flyway;
import org.jooq.DSLContext;
import org.jooq.SQLDialect;
import org.jooq.impl.DSL;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.datasource.SimpleDriverDataSource;

/**
 * The monthly read counts of several instances (each its own {@link MonthlyReadCounts}) over one PostgreSQL,
 * on a clock the test moves. They write only when told ({@link MonthlyReadCounts#flush}): their own writes
 * come an hour after a count changes, and a total is stale after an hour of the clock.
 */
class MonthlyReadCountsIT {

    private static final Duration WRITE_EVERY = Duration.ofHours(1);
    private static final long MONTH = Window.MONTH.index(Instant.parse("2026-11-21T10:15:10Z"));

    private static TestDatabase database;
    private static DSLContext db;
    private final MovableClock clock = new MovableClock(Instant.parse("2026-11-21T10:15:10Z"));
    private final List<MonthlyReadCounts> instances = new ArrayList<>();
    private long keyId;

    @BeforeAll
    static void database() {
        database = TestDatabase.create("vspec_read_counts");
        SimpleDriverDataSource dataSource = new SimpleDriverDataSource(
                new org.postgresql.Driver(), database.url(), database.user(), database.password());
        Flyway.configure()
                .dataSource(dataSource)
                .locations("classpath:db/migration")
                .load()
                .migrate();
        db = DSL.using(dataSource, SQLDialect.POSTGRES);
    }

    @AfterAll
    static void drop() {
        database.drop();
    }

    @BeforeEach
    void key() {
        keyId = new ApiKeyStore(db)
                .issue(NewKey.of("read count tests", Plan.PRO))
                .record()
                .id();
    }

    @AfterEach
    void stop() {
        instances.forEach(MonthlyReadCounts::close);
    }

    private MonthlyReadCounts instance() {
        MonthlyReadCounts instance = MonthlyReadCounts.start(db, clock, WRITE_EVERY, WRITE_EVERY);
        instances.add(instance);
        return instance;
    }

    private long stored() {
        Long reads = db.select(SPENT_READS.READS)
                .from(SPENT_READS)
                .where(SPENT_READS.KEY_ID.eq(keyId), SPENT_READS.MONTH.eq(MONTH))
                .fetchOne(SPENT_READS.READS);
        return reads == null ? 0 : reads;
    }

    /** Reported from the budget's buckets, this figure jumped by a lease whenever another instance answered. */
    @Test
    void everyInstanceReportsWhatAllOfThemSpent() {
        MonthlyReadCounts a = instance();
        MonthlyReadCounts b = instance();

        a.spent(keyId, MONTH, 3);
        assertThat(a.spentIn(keyId, MONTH)).isEqualTo(3);
        assertThat(b.spentIn(keyId, MONTH)).as("nothing written yet").isZero();

        a.flush();
        assertThat(stored()).isEqualTo(3);
        clock.advance(WRITE_EVERY.plusSeconds(1));
        assertThat(b.spentIn(keyId, MONTH))
                .as("its total read again once stale")
                .isEqualTo(3);

        b.spent(keyId, MONTH, 2);
        assertThat(b.spentIn(keyId, MONTH)).isEqualTo(5);
        b.flush();
        assertThat(b.spentIn(keyId, MONTH)).as("the write answers the total").isEqualTo(5);
        clock.advance(WRITE_EVERY.plusSeconds(1));
        assertThat(a.spentIn(keyId, MONTH)).isEqualTo(5);
        assertThat(stored()).isEqualTo(5);
    }

    @Test
    void aReadThatDidNotCountIsTakenBackEvenAfterItWasWritten() {
        MonthlyReadCounts a = instance();

        a.spent(keyId, MONTH, 2);
        a.returned(keyId, MONTH, 1);
        assertThat(a.spentIn(keyId, MONTH)).isEqualTo(1);
        a.spent(keyId, MONTH, 1);
        a.flush();
        a.returned(keyId, MONTH, 1);
        assertThat(a.spentIn(keyId, MONTH)).isEqualTo(1);
        a.flush();

        assertThat(stored()).isEqualTo(1);
    }

    /** Its own write would come an hour later: closing neither waits for it nor loses what it would write. */
    @Test
    void closingWritesWhatIsCountedAtOnce() {
        MonthlyReadCounts a = instance();
        a.spent(keyId, MONTH, 4);

        assertTimeout(Duration.ofSeconds(5), a::close);

        assertThat(stored()).isEqualTo(4);
    }

    /** Reads counted while the counts are written are neither lost nor counted twice, and the figure never goes back. */
    @Test
    void readsCountedWhileTheCountsAreWrittenAreCountedOnce() throws Exception {
        MonthlyReadCounts a = instance();
        MonthlyReadCounts b = instance();
        ExecutorService threads = Executors.newFixedThreadPool(5);
        AtomicBoolean reading = new AtomicBoolean(true);
        List<Future<?>> readers = new ArrayList<>();
        for (int t = 0; t < 4; t++) {
            MonthlyReadCounts instance = t % 2 == 0 ? a : b;
            readers.add(threads.submit(() -> {
                long seen = 0;
                for (int i = 0; i < 500; i++) {
                    instance.spent(keyId, MONTH, 1);
                    long spent = instance.spentIn(keyId, MONTH);
                    assertThat(spent)
                            .as("this instance's figure after one more read")
                            .isGreaterThan(seen);
                    seen = spent;
                }
                return null;
            }));
        }
        Future<?> writer = threads.submit(() -> {
            while (reading.get()) {
                a.flush();
                b.flush();
            }
            return null;
        });
        for (Future<?> reader : readers) {
            reader.get();
        }
        reading.set(false);
        writer.get();
        threads.shutdown();
        a.flush();
        b.flush();

        assertThat(stored()).isEqualTo(2_000);
        clock.advance(WRITE_EVERY.plusSeconds(1));
        assertThat(a.spentIn(keyId, MONTH)).isEqualTo(2_000);
        assertThat(b.spentIn(keyId, MONTH)).isEqualTo(2_000);
    }

    /** A read answered from memory while PostgreSQL is away still reports, and keeps, what it counted. */
    @Test
    void aDatabaseThatDoesNotAnswerLeavesTheCountsAsTheyAre() {
        DSLContext away = DSL.using(
                new SimpleDriverDataSource(
                        new org.postgresql.Driver(), "jdbc:postgresql://127.0.0.1:1/nothing?connectTimeout=2"),
                SQLDialect.POSTGRES);
        MonthlyReadCounts a = MonthlyReadCounts.start(away, clock, WRITE_EVERY, WRITE_EVERY);
        instances.add(a);

        a.spent(keyId, MONTH, 2);
        assertThat(a.spentIn(keyId, MONTH)).isEqualTo(2);
        assertThatThrownBy(a::flush).isInstanceOf(org.jooq.exception.DataAccessException.class);
        clock.advance(WRITE_EVERY.plusSeconds(1));

        assertThat(a.spentIn(keyId, MONTH)).as("kept for the next write").isEqualTo(2);
    }

    /** As the service runs them: a read is written within moments, so another instance reports it right away. */
    @Test
    void aReadIsWrittenSoonAfterItIsCounted() {
        MonthlyReadCounts a = MonthlyReadCounts.start(db, clock, Duration.ofMillis(20), Duration.ZERO);
        MonthlyReadCounts b = MonthlyReadCounts.start(db, clock, Duration.ofMillis(20), Duration.ZERO);
        instances.add(a);
        instances.add(b);

        a.spent(keyId, MONTH, 1);

        await().atMost(Duration.ofSeconds(5))
                .untilAsserted(() -> assertThat(stored()).isEqualTo(1));
        clock.advance(Duration.ofMillis(1));
        assertThat(b.spentIn(keyId, MONTH)).isEqualTo(1);
    }

    @Test
    void countsOfMonthsBeforeThePreviousOneAreDeleted() {
        MonthlyReadCounts a = instance();
        a.spent(keyId, MONTH - 2, 7);
        a.spent(keyId, MONTH - 1, 8);
        a.spent(keyId, MONTH, 9);

        a.flush();

        assertThat(db.select(SPENT_READS.MONTH)
                        .from(SPENT_READS)
                        .where(SPENT_READS.KEY_ID.eq(keyId))
                        .fetch(SPENT_READS.MONTH))
                .containsExactlyInAnyOrder(MONTH - 1, MONTH);
    }
}
