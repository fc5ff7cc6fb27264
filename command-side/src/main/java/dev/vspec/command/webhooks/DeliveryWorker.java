package dev.vspec.command.webhooks;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;

/**
 * Sends due deliveries, on every command-side instance at once: each poll claims as many as it has
 * free senders ({@link Deliveries#claimDue}, rows other instances hold skipped) and hands each to a
 * sender. Every state is in PostgreSQL, so a restarted instance, or another one, goes on where this
 * one stopped; a delivery claimed by an instance that died is due again once its lease ends.
 */
final class DeliveryWorker implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(DeliveryWorker.class);

    private final Deliveries deliveries;
    private final DeliveryAttempt attempt;
    private final Duration pollInterval;
    private final Duration lease;
    private final Semaphore freeSenders;
    private final ExecutorService senders;
    private final ScheduledExecutorService poller;
    private volatile boolean running;

    DeliveryWorker(Deliveries deliveries, DeliveryAttempt attempt, WebhookProperties properties) {
        this.deliveries = deliveries;
        this.attempt = attempt;
        this.pollInterval = properties.pollInterval();
        this.lease = properties.lease();
        this.freeSenders = new Semaphore(properties.senders());
        this.senders = Executors.newFixedThreadPool(properties.senders(), daemon("webhook-sender"));
        this.poller = Executors.newSingleThreadScheduledExecutor(daemon("webhook-poller"));
    }

    @Override
    public void start() {
        running = true;
        poller.scheduleWithFixedDelay(this::poll, 0, pollInterval.toMillis(), TimeUnit.MILLISECONDS);
    }

    private void poll() {
        try {
            int free = freeSenders.availablePermits();
            if (free == 0) {
                return;
            }
            List<Deliveries.Claimed> due = deliveries.claimDue(free, lease);
            for (Deliveries.Claimed delivery : due) {
                freeSenders.acquireUninterruptibly();
                senders.execute(() -> send(delivery));
            }
        } catch (RuntimeException e) {
            // the database is away: the next poll tries again
            log.warn("Looking for due webhook deliveries failed: {}", e.toString());
        }
    }

    private void send(Deliveries.Claimed delivery) {
        try {
            attempt.make(delivery);
        } catch (RuntimeException e) {
            // recording failed: the lease ends and the delivery is due again
            log.warn("Webhook {} could not be recorded: {}", delivery, e.toString());
        } finally {
            freeSenders.release();
        }
    }

    /** Stops polling and lets attempts under way end, so their outcomes are recorded. */
    @Override
    public void stop() {
        running = false;
        poller.shutdownNow();
        senders.shutdown();
        try {
            if (!senders.awaitTermination(lease.toMillis(), TimeUnit.MILLISECONDS)) {
                senders.shutdownNow();
            }
        } catch (InterruptedException e) {
            senders.shutdownNow();
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public boolean isRunning() {
        return running;
    }

    private static ThreadFactory daemon(String name) {
        AtomicInteger count = new AtomicInteger();
        return runnable -> {
            Thread thread = new Thread(runnable, name + "-" + count.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        };
    }
}
