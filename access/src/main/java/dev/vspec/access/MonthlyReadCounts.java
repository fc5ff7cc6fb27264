package dev.vspec.access;

import static dev.vspec.storage.jooq.access.Tables.SPENT_READS;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.LongAdder;
import org.jooq.DSLContext;
import org.jooq.Record1;
import org.jooq.impl.DSL;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The reads each key spent in a month, which {@code X-Monthly-Remaining} reports: counted here as requests are
 * admitted (and taken back when they turn out not to count), and added to {@code access.spent_reads}
 * {@code writeAfter} a count changes (one statement for every key counted meanwhile), so that every instance
 * answers what all of them spent. A total older than {@code fresh} is read again before it is reported. The
 * shared budgets ({@link SharedBudgets}) still decide what is admitted; they lease tokens to each instance a
 * share at a time, so their buckets cannot tell what was spent: reported from them, the figure jumped by a
 * lease whenever another instance answered.
 *
 * <p>A crash loses the counts of its last {@code writeAfter} from this figure, never from the budget.
 */
public final class MonthlyReadCounts implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(MonthlyReadCounts.class);
    /** Counts of months that ended before the previous one are deleted by the writer, at most this often. */
    private static final Duration PURGE_EVERY = Duration.ofHours(1);
    /** A write that failed is tried again at least this often, whether or not a count changes. */
    private static final Duration RETRY_EVERY = Duration.ofSeconds(1);

    private final DSLContext db;
    private final Clock clock;
    private final Duration writeAfter;
    private final Duration fresh;
    private final Map<KeyMonth, Count> counts = new ConcurrentHashMap<>();
    private final ScheduledExecutorService writer;
    private final AtomicBoolean writeQueued = new AtomicBoolean();
    private volatile Instant purged = Instant.EPOCH;

    private MonthlyReadCounts(
            DSLContext db, Clock clock, Duration writeAfter, Duration fresh, ScheduledExecutorService writer) {
        this.db = db;
        this.clock = clock;
        this.writeAfter = writeAfter;
        this.fresh = fresh;
        this.writer = writer;
    }

    /**
     * @param writeAfter how long after a count changes it is written, with every other count changed meanwhile
     * @param fresh      how old a total may be and still be reported without reading it again
     */
    public static MonthlyReadCounts start(DSLContext db, Clock clock, Duration writeAfter, Duration fresh) {
        ScheduledThreadPoolExecutor writer = new ScheduledThreadPoolExecutor(1, task -> {
            Thread thread = new Thread(task, "monthly-read-counts");
            thread.setDaemon(true);
            return thread;
        });
        // close() writes what is counted itself: a write still waiting its writeAfter must not hold it up
        writer.setExecuteExistingDelayedTasksAfterShutdownPolicy(false);
        MonthlyReadCounts counts = new MonthlyReadCounts(db, clock, writeAfter, fresh, writer);
        long retry = Math.max(RETRY_EVERY.toMillis(), writeAfter.toMillis());
        writer.scheduleWithFixedDelay(counts::flushQuietly, retry, retry, TimeUnit.MILLISECONDS);
        return counts;
    }

    /** {@code units} reads admitted to the key in the month ({@link Window#MONTH}'s index). */
    public void spent(long keyId, long month, int units) {
        count(keyId, month).pending.add(units);
        writeSoon();
    }

    /** {@code units} reads admitted to the key that turned out not to count. */
    public void returned(long keyId, long month, int units) {
        count(keyId, month).pending.add(-units);
        writeSoon();
    }

    /** One write {@code writeAfter} from now, for this change and every other until it runs. */
    private void writeSoon() {
        if (writeQueued.compareAndSet(false, true)) {
            try {
                writer.schedule(
                        () -> {
                            writeQueued.set(false);
                            flushQuietly();
                        },
                        writeAfter.toMillis(),
                        TimeUnit.MILLISECONDS);
            } catch (RejectedExecutionException e) {
                // closing: close() writes what is counted
                writeQueued.set(false);
            }
        }
    }

    /**
     * The reads the key spent in the month: every instance's, as the database held them when this instance
     * last wrote or read them (at most {@code fresh} ago), and this instance's since.
     */
    public long spentIn(long keyId, long month) {
        Count count = count(keyId, month);
        synchronized (count) {
            Instant now = clock.instant();
            // while a write is under way, its answer brings the total; a read now might or might not see it
            if (count.writing == 0
                    && (count.readAt == null || count.readAt.plus(fresh).isBefore(now))) {
                try {
                    Record1<Long> stored = db.select(SPENT_READS.READS)
                            .from(SPENT_READS)
                            .where(SPENT_READS.KEY_ID.eq(keyId), SPENT_READS.MONTH.eq(month))
                            .fetchOne();
                    count.stored = stored == null ? 0 : stored.value1();
                } catch (org.jooq.exception.DataAccessException | org.springframework.dao.DataAccessException e) {
                    // a read answered from memory while the database does not answer reports the last total known
                    log.debug("The monthly read count of key {} is not read again: {}", keyId, e.getMessage());
                }
                count.readAt = now;
            }
            return count.stored + count.writing + count.pending.sum();
        }
    }

    /** Adds every count this instance holds to the database in one statement, and learns what all instances spent. */
    public void flush() {
        Instant now = clock.instant();
        long current = Window.MONTH.index(now);
        List<Writing> writing = new ArrayList<>();
        counts.forEach((keyMonth, count) -> {
            synchronized (count) {
                long units = count.pending.sumThenReset();
                if (units != 0) {
                    count.writing += units;
                    writing.add(new Writing(keyMonth, count, units));
                } else if (keyMonth.month() < current && count.writing == 0) {
                    counts.remove(keyMonth, count);
                }
            }
        });
        if (!writing.isEmpty()) {
            Map<KeyMonth, Long> totals = new java.util.HashMap<>();
            try {
                var insert = db.insertInto(SPENT_READS, SPENT_READS.KEY_ID, SPENT_READS.MONTH, SPENT_READS.READS);
                for (Writing write : writing) {
                    insert = insert.values(
                            write.keyMonth().keyId(), write.keyMonth().month(), write.units());
                }
                insert.onConflict(SPENT_READS.KEY_ID, SPENT_READS.MONTH)
                        .doUpdate()
                        .set(SPENT_READS.READS, SPENT_READS.READS.plus(DSL.excluded(SPENT_READS.READS)))
                        .returning(SPENT_READS.KEY_ID, SPENT_READS.MONTH, SPENT_READS.READS)
                        .fetch()
                        .forEach(row -> totals.put(new KeyMonth(row.getKeyId(), row.getMonth()), row.getReads()));
            } finally {
                for (Writing write : writing) {
                    synchronized (write.count()) {
                        write.count().writing -= write.units();
                        Long total = totals.get(write.keyMonth());
                        if (total == null) {
                            write.count().pending.add(write.units());
                        } else {
                            write.count().stored = total;
                            write.count().readAt = now;
                        }
                    }
                }
            }
        }
        if (purged.plus(PURGE_EVERY).isBefore(now)) {
            db.deleteFrom(SPENT_READS).where(SPENT_READS.MONTH.lt(current - 1)).execute();
            purged = now;
        }
    }

    private void flushQuietly() {
        try {
            flush();
        } catch (RuntimeException e) {
            log.warn(
                    "Writing the monthly read counts failed; they are kept and written on the next try: {}",
                    e.getMessage());
        }
    }

    private Count count(long keyId, long month) {
        return counts.computeIfAbsent(new KeyMonth(keyId, month), any -> new Count());
    }

    /** Stops the writes to come, waits for one under way, and writes what is counted. */
    @Override
    public void close() {
        writer.shutdown();
        try {
            writer.awaitTermination(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        flushQuietly();
    }

    private record KeyMonth(long keyId, long month) {}

    private record Writing(KeyMonth keyMonth, Count count, long units) {}

    /**
     * Reads admitted here and not yet written ({@code pending}), being written ({@code writing}), and every
     * instance's total as last written or read ({@code stored}, at {@code readAt}).
     */
    private static final class Count {
        final LongAdder pending = new LongAdder();
        long writing;
        long stored;
        Instant readAt;
    }
}
