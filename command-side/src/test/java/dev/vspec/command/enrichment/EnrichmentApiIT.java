package dev.vspec.command.enrichment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.vspec.access.ApiKeyStore;
import dev.vspec.access.IssuedKey;
import dev.vspec.access.NewKey;
import dev.vspec.command.CommandSideIntegrationTest;
import dev.vspec.command.TestVins;
import dev.vspec.contracts.access.Plan;
import dev.vspec.contracts.enrichment.EnrichmentCompleted;
import dev.vspec.contracts.enrichment.EnrichmentFailed;
import dev.vspec.contracts.enrichment.EnrichmentJoined;
import dev.vspec.contracts.enrichment.EnrichmentRunGranted;
import dev.vspec.contracts.enrichment.EnrichmentRunRefunded;
import dev.vspec.contracts.enrichment.EnrichmentScheduled;
import dev.vspec.contracts.enrichment.SpendEnrichmentRun;
import dev.vspec.decoding.DecoderSource;
import dev.vspec.testing.Api;
import dev.vspec.testing.DecoderReady;
import java.time.Duration;
import java.time.Instant;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.axonframework.config.EventProcessingConfiguration;
import org.axonframework.eventhandling.EventMessage;
import org.axonframework.eventhandling.EventProcessor;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.jooq.DSLContext;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/**
 * {@code POST /api/v0/enrich} over HTTP, through the real command bus, event store and enrichment
 * process (the shipped reference vendor): what is scheduled, what is answered without spending,
 * exact daily quotas under concurrency and Idempotency-Key replays. Bad requests, refused before
 * anything is decided, are EnrichmentRefusalsTest's.
 */
@CommandSideIntegrationTest
@ExtendWith(OutputCaptureExtension.class)
class EnrichmentApiIT {

    @Autowired
    private DecoderSource decoders;

    /** Enrichment decodes: the decoder loads the installed vPIC release in the background once the context is up. */
    @BeforeEach
    void decoderReady() {
        DecoderReady.await(decoders);
    }

    private static final String PATH = "/api/v0/enrich";
    /** Sample data: a 2020 Honda Civic LX VIN the reference vendor knows and the sample catalog does not. */
    private static final String VENDOR_VIN = "19XFC2F53LE208451";

    private static final String VENDOR_CONFIG = "2020-honda-civic-lx-k20c2-fwd";
    private static final Duration PROCESSED = Duration.ofSeconds(30);

    @LocalServerPort
    int port;

    @Autowired
    DSLContext db;

    @Autowired
    EventStore events;

    @Autowired
    EventProcessingConfiguration processing;

    @Test
    void aVinTheVendorKnowsIsScheduledAndOnceEnrichedAnsweredAsHeldWithoutSpending() {
        IssuedKey key = issue(Plan.PRO);
        Api api = new Api(port, key.key());

        JsonNode scheduled = enrich(api, VENDOR_VIN.toLowerCase()).json(202);

        String job = "enr_" + VENDOR_VIN + "_1";
        assertThat(scheduled.get("job_id").asString()).isEqualTo(job);
        assertThat(scheduled.get("vin").asString()).isEqualTo(VENDOR_VIN);
        assertThat(scheduled.get("status").asString()).isEqualTo("scheduled");
        assertThat(scheduled.get("poll").asString()).isEqualTo("/api/v0/enrich?job_id=" + job);
        await().atMost(PROCESSED).until(() -> payloads(job).stream().anyMatch(EnrichmentCompleted.class::isInstance));

        Api.Reply again = enrich(api, VENDOR_VIN);
        JsonNode held = again.json(200);
        assertThat(held.get("config_key").asString()).isEqualTo(VENDOR_CONFIG);
        assertThat(held.get("status").asString()).isEqualTo("held");
        assertThat(held.has("job_id")).isFalse();
        assertThat(again.header("Cache-Control")).isEqualTo("no-store");
        assertThat(grantedJobs(key)).containsExactly(job);
    }

    @Test
    void aJobInFlightIsAnsweredToEveryKeyThatAsksAndSpendsNothingMore() {
        IssuedKey first = issue(Plan.PRO);
        IssuedKey second = issue(Plan.SCALE);
        String vin = TestVins.next();
        String job = "enr_" + vin + "_1";
        EventProcessor process =
                processing.eventProcessor(EnrichmentProcess.PROCESSING_GROUP).orElseThrow();
        process.shutDown();
        try {
            assertThat(enrich(new Api(port, first.key()), vin)
                            .json(202)
                            .get("job_id")
                            .asString())
                    .isEqualTo(job);
            JsonNode joined = enrich(new Api(port, second.key()), vin).json(202);
            JsonNode askedAgain = enrich(new Api(port, first.key()), vin).json(202);

            assertThat(joined.get("job_id").asString()).isEqualTo(job);
            assertThat(joined.get("status").asString()).isEqualTo("scheduled");
            assertThat(askedAgain.get("job_id").asString()).isEqualTo(job);
            assertThat(payloads(job))
                    .hasSize(2)
                    .satisfiesExactly(
                            event -> assertThat(((EnrichmentScheduled) event).keyId())
                                    .isEqualTo(first.record().id()),
                            event -> assertThat(((EnrichmentJoined) event).keyId())
                                    .isEqualTo(second.record().id()));
            assertThat(grantedJobs(first)).containsExactly(job);
            assertThat(grantedJobs(second)).isEmpty();
        } finally {
            process.start();
        }

        await().atMost(PROCESSED).until(() -> payloads(job).stream().anyMatch(EnrichmentFailed.class::isInstance));
        JsonNode retried = enrich(new Api(port, second.key()), vin).json(202);
        assertThat(retried.get("job_id").asString()).isEqualTo("enr_" + vin + "_2");
        assertThat(grantedJobs(second)).containsExactly("enr_" + vin + "_2");
    }

    @Test
    void keysRacingToScheduleOneNewVinGetOneJobAndOneRunIsSpentInAll() throws Exception {
        List<IssuedKey> keys =
                List.of(issue(Plan.PRO), issue(Plan.PRO), issue(Plan.SCALE), issue(Plan.SCALE), issue(Plan.PRO));
        String vin = TestVins.next();
        EventProcessor process =
                processing.eventProcessor(EnrichmentProcess.PROCESSING_GROUP).orElseThrow();
        process.shutDown();
        List<Api.Reply> answered = new ArrayList<>();
        try {
            ExecutorService threads = Executors.newFixedThreadPool(10);
            List<Future<Api.Reply>> replies = new ArrayList<>();
            for (int i = 0; i < 10; i++) {
                Api api = new Api(port, keys.get(i % keys.size()).key());
                Callable<Api.Reply> post = () -> enrich(api, vin);
                replies.add(threads.submit(post));
            }
            for (Future<Api.Reply> reply : replies) {
                answered.add(reply.get());
            }
            threads.shutdown();
        } finally {
            process.start();
        }

        assertThat(answered)
                .allSatisfy(reply ->
                        assertThat(reply.json(202).get("job_id").asString()).isEqualTo("enr_" + vin + "_1"));
        assertThat(keys.stream().mapToInt(key -> grantedJobs(key).size()).sum()).isEqualTo(1);
        assertThat(payloads("enr_" + vin + "_2")).isEmpty();
    }

    @Test
    void twentyConcurrentRequestsForDistinctVinsFromOneKeyScheduleExactlyFive(CapturedOutput output) throws Exception {
        int logged = output.getAll().length();
        IssuedKey key = issue(Plan.PRO);
        Api api = new Api(port, key.key());
        ExecutorService threads = Executors.newFixedThreadPool(20);
        List<Future<Api.Reply>> replies = new ArrayList<>();
        long atMost = secondsToMidnightUtc() + 1;
        for (int i = 0; i < 20; i++) {
            String vin = TestVins.next();
            Callable<Api.Reply> post = () -> enrich(api, vin);
            replies.add(threads.submit(post));
        }
        List<Api.Reply> answered = new ArrayList<>();
        for (Future<Api.Reply> reply : replies) {
            answered.add(reply.get());
        }
        threads.shutdown();
        long atLeast = secondsToMidnightUtc();

        assertThat(answered).filteredOn(reply -> reply.status() == 202).hasSize(5);
        List<Api.Reply> refused =
                answered.stream().filter(reply -> reply.status() != 202).toList();
        assertThat(refused).hasSize(15).allSatisfy(reply -> {
            assertThat(reply.error(429, "quota_exceeded").get("message").asString())
                    .contains("5 scheduled runs/day/key");
            assertThat(Long.parseLong(reply.header("Retry-After"))).isBetween(atLeast, atMost);
        });
        assertThat(grantedJobs(key)).hasSize(5);
        assertThat(output.getAll().substring(logged))
                .as("a refused command is the client's answer, not a failure to log")
                .doesNotContain("QuotaExhausted", "\tat org.axonframework");
    }

    @Test
    void anIdempotencyKeyReplaysTheFirstAnswerAndRefusesAnotherVin() throws Exception {
        IssuedKey key = issue(Plan.PRO);
        Api api = new Api(port, key.key());
        String vin = TestVins.next();
        String idempotencyKey = "7d1f0c9e-4b8a-4c55-9b1e-" + Long.toHexString(System.nanoTime());
        ExecutorService threads = Executors.newFixedThreadPool(6);
        List<Future<Api.Reply>> replies = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            Callable<Api.Reply> post = () ->
                    api.post(PATH, "application/json", "{\"vin\": \"" + vin + "\"}", "Idempotency-Key", idempotencyKey);
            replies.add(threads.submit(post));
        }
        List<Api.Reply> answered = new ArrayList<>();
        for (Future<Api.Reply> reply : replies) {
            answered.add(reply.get());
        }
        threads.shutdown();
        await().atMost(PROCESSED)
                .until(() -> payloads("enr_" + vin + "_1").stream().anyMatch(EnrichmentFailed.class::isInstance));

        Api.Reply later =
                api.post(PATH, "application/json", "{\"vin\": \"" + vin + "\"}", "Idempotency-Key", idempotencyKey);

        assertThat(answered).allSatisfy(reply -> {
            assertThat(reply.status()).isEqualTo(202);
            assertThat(reply.body().get("job_id").asString()).isEqualTo("enr_" + vin + "_1");
        });
        assertThat(answered)
                .as("one request did the work, the others replayed its answer")
                .filteredOn(reply -> reply.header("Idempotent-Replayed") == null)
                .hasSize(1);
        assertThat(later.status()).isEqualTo(202);
        assertThat(later.text()).isEqualTo(answered.get(0).text());
        assertThat(later.header("Idempotent-Replayed")).isEqualTo("true");
        assertThat(grantedJobs(key)).containsExactly("enr_" + vin + "_1");
        assertThat(api.post(
                                PATH,
                                "application/json",
                                "{\"vin\": \"" + TestVins.next() + "\"}",
                                "Idempotency-Key",
                                idempotencyKey)
                        .error(400, "invalid_param")
                        .get("message")
                        .asString())
                .contains("Idempotency-Key");
    }

    private static long secondsToMidnightUtc() {
        Instant now = Instant.now();
        return Duration.between(
                        now,
                        now.atZone(ZoneOffset.UTC)
                                .toLocalDate()
                                .plusDays(1)
                                .atStartOfDay(ZoneOffset.UTC)
                                .toInstant())
                .toSeconds();
    }

    private Api.Reply enrich(Api api, String vin) {
        return api.post(PATH, "application/json", "{\"vin\": \"" + vin + "\"}");
    }

    private IssuedKey issue(Plan plan) {
        return new ApiKeyStore(db).issue(NewKey.of("enrichment tests", plan));
    }

    /** The jobs the key holds a run for this month: granted and not given back. */
    private List<String> grantedJobs(IssuedKey key) {
        List<String> jobs = new ArrayList<>();
        for (Object event :
                payloads(SpendEnrichmentRun.allowanceId(key.record().id(), YearMonth.now(ZoneOffset.UTC)))) {
            if (event instanceof EnrichmentRunGranted granted) {
                jobs.add(granted.jobId());
            } else if (event instanceof EnrichmentRunRefunded refunded) {
                jobs.remove(refunded.jobId());
            }
        }
        return jobs;
    }

    private List<Object> payloads(String aggregate) {
        return events.readEvents(aggregate)
                .asStream()
                .map(EventMessage::getPayload)
                .map(Object.class::cast)
                .toList();
    }
}
