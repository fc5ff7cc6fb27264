package dev.vspec.harness.faults;

import dev.vspec.command.enrichment.EnrichmentRequests;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import tools.jackson.databind.JsonNode;

/**
 * Enrichment as clients ask for it: each key sends two VINs more than its daily runs, each POST with
 * an Idempotency-Key it keeps through its retries (on 502, 503 and failed connections, with growing
 * waits); jobs answered 202 are polled until they end, and a completed job's VIN must answer its
 * configuration at once.
 */
final class EnrichmentLoad {

    static final int REQUESTS_PER_KEY = EnrichmentRequests.RUNS_PER_DAY + 2;
    private static final int ATTEMPTS = 8;
    private static final Duration FIRST_RETRY = Duration.ofMillis(500);
    private static final Duration LONGEST_RETRY = Duration.ofSeconds(8);

    /** A job answered 202, as its polls show it. */
    static final class Job {
        final String id;
        final String vin;
        final String key;
        final String poll;
        volatile String status = "scheduled";
        volatile String configKey;
        volatile String reason;

        Job(String id, String vin, String key, String poll) {
            this.id = id;
            this.vin = vin;
            this.key = key;
            this.poll = poll;
        }

        boolean ended() {
            return "completed".equals(status) || "failed".equals(status);
        }
    }

    private final Client client;
    private final List<String> keys;
    private final List<String> vins;
    private final ReadChecks reads;
    private final String reader;
    private final Observations observations;
    private final ExecutorService requests = Executors.newCachedThreadPool();
    private final AtomicInteger next = new AtomicInteger();
    private final Map<String, Job> jobs = new ConcurrentHashMap<>();
    private final Map<String, Set<String>> jobsByKey = new ConcurrentHashMap<>();
    private final LongAdder quotaRefused = new LongAdder();
    private final LongAdder unanswered = new LongAdder();

    EnrichmentLoad(
            Client client,
            List<String> keys,
            List<String> vins,
            ReadChecks reads,
            String reader,
            Observations observations) {
        this.client = client;
        this.keys = keys;
        this.vins = vins;
        this.reads = reads;
        this.reader = reader;
        this.observations = observations;
    }

    /** Sends the next VIN's request, with its retries, on a thread of its own. */
    void requestNext() {
        int index = next.getAndIncrement();
        if (index >= vins.size() || index / REQUESTS_PER_KEY >= keys.size()) {
            return;
        }
        requests.execute(() -> request(keys.get(index / REQUESTS_PER_KEY), vins.get(index)));
    }

    private void request(String key, String vin) {
        String idempotencyKey = UUID.randomUUID().toString();
        Duration wait = FIRST_RETRY;
        for (int attempt = 1; attempt <= ATTEMPTS; attempt++) {
            Reply reply = client.post(
                    "/api/v0/enrich", key, idempotencyKey, "{\"vin\": \"" + vin + "\"}", EnrichmentLoad::expected);
            if (reply.answered() && reply.status() != 502 && reply.status() != 503) {
                accept(key, vin, reply);
                return;
            }
            Pause.of(wait);
            wait = wait.multipliedBy(2).compareTo(LONGEST_RETRY) > 0 ? LONGEST_RETRY : wait.multipliedBy(2);
        }
        unanswered.increment();
    }

    /**
     * A new VIN is scheduled (202), refused by the daily quota (429), or, for a retry whose first
     * attempt's answer was lost while its job went on to complete, held (200 with its config_key).
     */
    private static String expected(Reply reply) {
        if (!reply.answered() || reply.status() >= 500 || reply.status() == 202) {
            return null;
        }
        if (reply.status() == 429 && "quota_exceeded".equals(reply.errorCode())) {
            return null;
        }
        JsonNode answer = reply.json();
        if (reply.status() == 200 && answer != null && answer.path("config_key").isString()) {
            return null;
        }
        return "answered " + reply.status() + " to a new VIN: " + Client.abbreviated(reply.body());
    }

    private void accept(String key, String vin, Reply reply) {
        if (reply.status() == 429) {
            quotaRefused.increment();
            return;
        }
        JsonNode answer = reply.json();
        if (reply.status() != 202 || answer == null || !answer.path("job_id").isString()) {
            return;
        }
        Job job = new Job(
                answer.get("job_id").asString(), vin, key, answer.path("poll").asString());
        jobs.putIfAbsent(job.id, job);
        jobsByKey.computeIfAbsent(key, k -> ConcurrentHashMap.newKeySet()).add(job.id);
    }

    /** Polls every job in flight once; a job that completed must answer its configuration on the read routes at once. */
    void pollJobs() {
        for (Job job : jobs.values()) {
            if (!job.ended()) {
                poll(job);
            }
        }
    }

    private void poll(Job job) {
        Reply reply = client.get(job.poll, job.key, answer -> {
            JsonNode status = answer.json();
            if (answer.status() != 200 || status == null) {
                return null;
            }
            if (!job.id.equals(status.path("job_id").asString(null))) {
                return "answered another job: " + Client.abbreviated(answer.body());
            }
            if ("completed".equals(status.path("status").asString(null))
                    && !status.path("config_key").isString()) {
                return "completed without a config_key";
            }
            if ("failed".equals(status.path("status").asString(null))
                    && (status.at("/error/code").asString("").isBlank()
                            || status.at("/error/message").asString("").isBlank())) {
                return "failed without a reason: " + Client.abbreviated(answer.body());
            }
            return null;
        });
        JsonNode status = reply.status() == 200 ? reply.json() : null;
        if (status == null || !job.id.equals(status.path("job_id").asString(null))) {
            return;
        }
        String now = status.path("status").asString("");
        if ("completed".equals(now)) {
            job.configKey = status.path("config_key").asString(null);
            readable(job);
        } else if ("failed".equals(now)) {
            job.reason = status.at("/error/code").asString("");
        }
        job.status = now;
    }

    /** The job's VIN answers its configuration now, and from now on exactly as it does now. */
    private void readable(Job job) {
        String path = "/api/v1/fluids?vin=" + job.vin;
        Reply reply = client.get(
                path,
                reader,
                answer -> answer.answered() && answer.status() < 500
                        ? ReadChecks.namesConfiguration(answer, job.configKey, "fluids")
                        : null);
        if (reply.answered()
                && reply.status() < 500
                && ReadChecks.namesConfiguration(reply, job.configKey, "fluids") == null) {
            reads.expect(path, reply);
        }
    }

    /** Stops sending new requests and waits for those under way to have their last answer. */
    void stop(Duration timeout) {
        requests.shutdown();
        try {
            requests.awaitTermination(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Polls until every job answered 202 has ended; a job still in flight after {@code timeout} is a broken promise. */
    void awaitJobsEnded(Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (jobs.values().stream().anyMatch(job -> !job.ended()) && System.nanoTime() < deadline) {
            pollJobs();
            Pause.of(Duration.ofSeconds(1));
        }
        jobs.values().stream()
                .filter(job -> !job.ended())
                .forEach(job -> observations.problem("job " + job.id + " was answered 202 and is still " + job.status
                        + " " + timeout.toSeconds() + " s after the load"));
    }

    List<Job> jobs() {
        return List.copyOf(jobs.values());
    }

    /** The jobs each key was answered 202, by key. */
    Map<String, Set<String>> jobsByKey() {
        return Map.copyOf(jobsByKey);
    }

    long quotaRefused() {
        return quotaRefused.sum();
    }

    long unanswered() {
        return unanswered.sum();
    }

    int sent() {
        return Math.min(next.get(), Math.min(vins.size(), keys.size() * REQUESTS_PER_KEY));
    }
}
