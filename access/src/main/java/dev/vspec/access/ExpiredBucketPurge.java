package dev.vspec.access;

import io.github.bucket4j.distributed.proxy.ExpiredEntriesCleaner;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Deletes rate-limit bucket rows past their expiry, in batches, on a schedule. Instances may purge
 * at the same time: rows are claimed with SKIP LOCKED.
 */
public final class ExpiredBucketPurge implements AutoCloseable {

    static final int BATCH = 1_000;
    private static final Logger log = LoggerFactory.getLogger(ExpiredBucketPurge.class);

    private final ExpiredEntriesCleaner buckets;
    private final ScheduledExecutorService scheduler;

    private ExpiredBucketPurge(ExpiredEntriesCleaner buckets, ScheduledExecutorService scheduler) {
        this.buckets = buckets;
        this.scheduler = scheduler;
    }

    public static ExpiredBucketPurge start(ExpiredEntriesCleaner buckets, Duration every) {
        ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor(task -> {
            Thread thread = new Thread(task, "rate-limit-purge");
            thread.setDaemon(true);
            return thread;
        });
        ExpiredBucketPurge purge = new ExpiredBucketPurge(buckets, scheduler);
        scheduler.scheduleWithFixedDelay(
                purge::purgeQuietly, every.toMillis(), every.toMillis(), TimeUnit.MILLISECONDS);
        return purge;
    }

    /** Deletes every expired row; returns how many. */
    public int purge() {
        int total = 0;
        int removed;
        do {
            removed = buckets.removeExpired(BATCH);
            total += removed;
        } while (removed == BATCH);
        return total;
    }

    private void purgeQuietly() {
        try {
            int removed = purge();
            if (removed > 0) {
                log.debug("Purged {} expired rate-limit buckets", removed);
            }
        } catch (RuntimeException e) {
            log.warn("Purging expired rate-limit buckets failed; retrying on schedule: {}", e.getMessage());
        }
    }

    @Override
    public void close() {
        scheduler.shutdownNow();
    }
}
