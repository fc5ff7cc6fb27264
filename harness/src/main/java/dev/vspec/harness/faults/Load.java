package dev.vspec.harness.faults;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The steady load through the gateway while the faults come: reads at a fixed rate checked against
 * their answers before the faults, a free key asking twice its per-minute limit (its admitted
 * requests are counted per minute window), enrichment requests and the polls of their jobs.
 */
final class Load {

    private static final int READERS = 8;
    private static final Duration PROBE_EVERY = Duration.ofMillis(500);
    private static final Duration POLL_EVERY = Duration.ofSeconds(2);

    private final Client client;
    private final ReadChecks reads;
    private final DrillKeys keys;
    private final EnrichmentLoad enrichment;
    private final DrillSettings settings;
    private final ScheduledExecutorService scheduler = Executors.newScheduledThreadPool(3);
    private final ThreadPoolExecutor readers = new ThreadPoolExecutor(
            READERS,
            READERS,
            0,
            TimeUnit.SECONDS,
            new ArrayBlockingQueue<>(READERS * 4),
            new ThreadPoolExecutor.DiscardPolicy());
    /** The free key's answers that spent a request, by the end of the minute window they were counted in (X-RateLimit-Reset). */
    private final Map<Long, AtomicInteger> admittedByMinute = new ConcurrentSkipListMap<>();

    Load(Client client, ReadChecks reads, DrillKeys keys, EnrichmentLoad enrichment, DrillSettings settings) {
        this.client = client;
        this.reads = reads;
        this.keys = keys;
        this.enrichment = enrichment;
        this.settings = settings;
    }

    void start() {
        scheduler.scheduleAtFixedRate(
                () -> readers.execute(this::read), 0, everyNanos(settings.readsPerSecond()), TimeUnit.NANOSECONDS);
        scheduler.scheduleAtFixedRate(
                () -> readers.execute(this::probe), 0, PROBE_EVERY.toNanos(), TimeUnit.NANOSECONDS);
        scheduler.scheduleAtFixedRate(
                enrichment::requestNext, 0, everyNanos(settings.enrichmentsPerSecond()), TimeUnit.NANOSECONDS);
        scheduler.scheduleWithFixedDelay(
                enrichment::pollJobs, POLL_EVERY.toNanos(), POLL_EVERY.toNanos(), TimeUnit.NANOSECONDS);
    }

    /**
     * Stops every stream and waits for the requests under way. Not shutdownNow: the polls run on the
     * scheduler's threads, and a poll interrupted by the drill itself is no answer of the service's.
     */
    void stop() {
        scheduler.shutdown();
        readers.shutdown();
        try {
            scheduler.awaitTermination(1, TimeUnit.MINUTES);
            readers.awaitTermination(1, TimeUnit.MINUTES);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        enrichment.stop(Duration.ofMinutes(2));
    }

    private void read() {
        ReadChecks.Check check = reads.any();
        client.get(check.path(), keys.reader(), reply -> ReadChecks.verify(check, reply));
    }

    private void probe() {
        ReadChecks.Check check = reads.all().get(0);
        Reply reply = client.get(
                check.path(), keys.probe(), answer -> answer.status() == 429 ? null : ReadChecks.verify(check, answer));
        if (reply.answered() && reply.status() != 429 && reply.status() < 500) {
            reply.header("X-RateLimit-Reset")
                    .ifPresent(reset -> admittedByMinute
                            .computeIfAbsent(Long.parseLong(reset), minute -> new AtomicInteger())
                            .incrementAndGet());
        }
    }

    /** How many of the free key's requests were admitted in each minute window. */
    Map<Long, Integer> admittedByMinute() {
        Map<Long, Integer> copy = new ConcurrentSkipListMap<>();
        admittedByMinute.forEach((minute, count) -> copy.put(minute, count.get()));
        return copy;
    }

    private static long everyNanos(double perSecond) {
        return Math.round(1e9 / perSecond);
    }
}
