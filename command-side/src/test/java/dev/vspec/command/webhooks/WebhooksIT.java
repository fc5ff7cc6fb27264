package dev.vspec.command.webhooks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.vspec.access.ApiKeyStore;
import dev.vspec.access.IssuedKey;
import dev.vspec.access.NewKey;
import dev.vspec.command.CommandSideIntegrationTest;
import dev.vspec.command.TestVins;
import dev.vspec.contracts.access.Plan;
import dev.vspec.contracts.enrichment.EnrichmentFailed;
import dev.vspec.contracts.enrichment.EnrichmentJobId;
import dev.vspec.contracts.enrichment.JoinEnrichment;
import dev.vspec.contracts.enrichment.ScheduleEnrichment;
import dev.vspec.contracts.error.ErrorCode;
import dev.vspec.contracts.identity.Vin;
import dev.vspec.decoding.DecoderSource;
import dev.vspec.testing.Api;
import dev.vspec.testing.DecoderReady;
import io.micrometer.core.instrument.MeterRegistry;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.axonframework.config.EventProcessingConfiguration;
import org.axonframework.eventhandling.EventProcessor;
import org.axonframework.eventhandling.GenericDomainEventMessage;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.jooq.DSLContext;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/**
 * Webhooks over HTTP on the whole command side: registering, listing and deleting (bad input is
 * WebhookRefusalsTest's), and a job's end delivered to a receiver that fails, is slow, then recovers: signed, retried with
 * backoff under one event id, to the webhooks of every key the job was answered to, and visible in
 * {@code /api/v0/webhooks/deliveries} and the metrics.
 */
@CommandSideIntegrationTest
class WebhooksIT {

    private static final String PATH = "/api/v0/webhooks";
    private static final Duration DELIVERED = Duration.ofSeconds(60);

    private static WebhookReceiver receiver;

    @LocalServerPort
    int port;

    @Autowired
    DSLContext db;

    @Autowired
    CommandGateway commands;

    @Autowired
    EventProcessingConfiguration processing;

    @Autowired
    DecoderSource decoders;

    @Autowired
    MeterRegistry meters;

    @Autowired
    EventStore eventStore;

    @Autowired
    WebhookProperties webhooks;

    @BeforeAll
    static void startReceiver() throws Exception {
        receiver = new WebhookReceiver();
    }

    @AfterAll
    static void stopReceiver() {
        receiver.close();
    }

    @Test
    void aJobsEndIsDeliveredSignedRetriedAndOnceToEveryKeyItWasAnsweredTo() throws Exception {
        DecoderReady.await(decoders);
        IssuedKey scheduler = issue(Plan.PRO);
        IssuedKey joiner = issue(Plan.SCALE);
        JsonNode failingThenSlow = register(scheduler, receiver.url("/flaky", 500, WebhookReceiver.SLOW))
                .json(201);
        JsonNode steady = register(joiner, receiver.url("/steady")).json(201);
        String vin = TestVins.next();
        String job = EnrichmentJobId.first(Vin.parse(vin)).value();
        double rejectedBefore = attempts("rejected");
        double timeoutsBefore = attempts("timeout");

        EventProcessor process = processing.eventProcessor("enrichment").orElseThrow();
        process.shutDown();
        try {
            commands.sendAndWait(
                    new ScheduleEnrichment(job, vin, scheduler.record().id(), Instant.now()));
            commands.sendAndWait(new JoinEnrichment(job, joiner.record().id(), Instant.now()));
        } finally {
            process.start();
        }

        await().atMost(DELIVERED)
                .until(() -> receiver.received("/flaky").size() >= 3
                        && receiver.received("/steady").size() >= 1);
        List<WebhookReceiver.Received> flaky = receiver.received("/flaky");
        WebhookReceiver.Received delivered = receiver.received("/steady").get(0);
        String eventId = delivered.header("Vspec-Event-Id");
        assertThat(flaky).hasSize(3).allSatisfy(request -> {
            assertThat(request.header("Vspec-Event-Id"))
                    .as("one event id on every retry")
                    .isEqualTo(eventId);
            WebhookReceiver.assertSigned(request, failingThenSlow.get("secret").asString());
            assertThat(request.header("Content-Type")).startsWith("application/json");
        });
        assertThat(flaky.get(1).at()).isAfter(flaky.get(0).at());
        WebhookReceiver.assertSigned(delivered, steady.get("secret").asString());

        JsonNode body = Api.json(new String(delivered.body(), StandardCharsets.UTF_8));
        assertThat(body.get("event_id").asString()).isEqualTo(eventId).startsWith("evt_");
        assertThat(body.get("type").asString()).isEqualTo("enrichment.failed");
        assertThat(body.get("job_id").asString()).isEqualTo(job);
        assertThat(body.get("vin").asString()).isEqualTo(vin);
        assertThat(body.get("status").asString()).isEqualTo("failed");
        assertThat(body.at("/error/code").asString()).isEqualTo("not_found");
        assertThat(body.get("poll").asString()).isEqualTo("/api/v0/enrich?job_id=" + job);
        assertThat(body.has("config_key")).isFalse();
        assertThat(body.get("steps").isArray()).isTrue();

        JsonNode mine = await().atMost(DELIVERED)
                .until(
                        () -> newestDelivery(scheduler),
                        delivery -> delivery.get("status").asString().equals("delivered"));
        assertThat(mine.get("event_id").asString()).isEqualTo(eventId);
        assertThat(mine.get("webhook_id").asString())
                .isEqualTo(failingThenSlow.get("id").asString());
        assertThat(mine.get("job_id").asString()).isEqualTo(job);
        assertThat(mine.get("type").asString()).isEqualTo("enrichment.failed");
        assertThat(mine.get("next_attempt_at").isNull()).isTrue();
        JsonNode attempts = mine.get("attempts");
        assertThat(attempts).hasSize(3);
        assertThat(attempts.get(0).get("status_code").asInt()).isEqualTo(500);
        assertThat(attempts.get(1).get("status_code").isNull()).isTrue();
        assertThat(attempts.get(1).get("error").asString()).isEqualTo("no answer within 1 s");
        assertThat(attempts.get(1).get("duration_ms").asInt()).isGreaterThanOrEqualTo(900);
        assertThat(attempts.get(2).get("status_code").asInt()).isEqualTo(200);
        assertThat(attempts.get(2).get("number").asInt()).isEqualTo(3);

        JsonNode theirs = newestDelivery(joiner);
        assertThat(theirs.get("webhook_id").asString())
                .as("a key sees its own deliveries only")
                .isEqualTo(steady.get("id").asString());
        assertThat(new Api(port, issue(Plan.PRO).key())
                        .get(PATH + "/deliveries")
                        .ok()
                        .get("deliveries"))
                .isEmpty();
        assertThat(attempts("rejected")).isGreaterThan(rejectedBefore);
        assertThat(attempts("timeout")).isGreaterThan(timeoutsBefore);
        assertThat(attempts("delivered")).isGreaterThanOrEqualTo(2);
    }

    @Test
    void aKeyRegistersListsAndDeletesItsOwnWebhooksAndSeesTheSecretOnce() {
        IssuedKey key = issue(Plan.PRO);
        Api api = new Api(port, key.key());
        Api.Reply created = register(key, receiver.url("/own"));

        JsonNode registered = created.json(201);
        assertThat(registered.get("id").asString()).matches("wh_[0-9a-f]{24}");
        assertThat(registered.get("url").asString()).isEqualTo(receiver.url("/own"));
        assertThat(registered.get("secret").asString()).matches("whsec_[A-Za-z0-9_-]{43}");
        assertThat(registered.hasNonNull("created_at")).isTrue();
        assertThat(created.header("Cache-Control")).isEqualTo("no-store");
        JsonNode listed = api.get(PATH).ok().get("webhooks");
        assertThat(listed).hasSize(1);
        assertThat(listed.get(0).get("id").asString())
                .isEqualTo(registered.get("id").asString());
        assertThat(listed.get(0).has("secret")).isFalse();

        String id = registered.get("id").asString();
        new Api(port, issue(Plan.PRO).key())
                .send("DELETE", PATH + "/" + id, null)
                .error(404, "not_found");
        api.send("DELETE", PATH + "/wh_000000000000000000000000", null).error(404, "not_found");
        assertThat(api.send("DELETE", PATH + "/" + id, null).status()).isEqualTo(204);
        assertThat(api.get(PATH).ok().get("webhooks")).isEmpty();
        api.send("DELETE", PATH + "/" + id, null).error(404, "not_found");
    }

    @Test
    void aKeyHoldsAtMostTenWebhooks() {
        IssuedKey key = issue(Plan.PRO);
        for (int i = 0; i < 10; i++) {
            register(key, receiver.url("/many/" + i)).json(201);
        }

        Api.Reply eleventh = register(key, receiver.url("/many/10"));

        assertThat(eleventh.error(400, "invalid_param").get("message").asString())
                .contains("holds 10 webhooks");
    }

    @Test
    void registrationsOfOneKeyRacingEachOtherStopAtTheMostItMayHold() throws Exception {
        IssuedKey key = issue(Plan.PRO);
        ExecutorService racers = Executors.newFixedThreadPool(8);
        try {
            List<Future<Integer>> statuses = new ArrayList<>();
            for (int i = 0; i < 16; i++) {
                String url = receiver.url("/race/" + i);
                statuses.add(racers.submit(() -> register(key, url).status()));
            }
            List<Integer> answered = new ArrayList<>();
            for (Future<Integer> status : statuses) {
                answered.add(status.get(60, TimeUnit.SECONDS));
            }
            assertThat(answered).filteredOn(status -> status == 201).hasSize(10);
            assertThat(answered).filteredOn(status -> status != 201).containsOnly(400);
        } finally {
            racers.shutdownNow();
        }
    }

    /** Deliveries are listed newest first, a page at a time, each page linking the next. */
    @Test
    void deliveriesArePaginatedNewestFirst() {
        IssuedKey key = issue(Plan.PRO);
        Api api = new Api(port, key.key());
        JsonNode webhook = register(key, receiver.url("/paged")).json(201);
        Deliveries deliveries = new Deliveries(db);
        for (int i = 0; i < 3; i++) {
            deliveries.create(
                    "evt_paged_" + i + "_" + webhook.get("id").asString(),
                    "enrichment.completed",
                    "enr_job_" + i,
                    "{}",
                    java.util.Set.of(key.record().id()),
                    Instant.now());
        }

        JsonNode first = api.get(PATH + "/deliveries?limit=2").ok();
        assertThat(first.get("deliveries"))
                .extracting(d -> d.get("job_id").asString())
                .containsExactly("enr_job_2", "enr_job_1");
        JsonNode second = api.get(first.get("next").asString()).ok();
        assertThat(second.get("deliveries"))
                .extracting(d -> d.get("job_id").asString())
                .containsExactly("enr_job_0");
        assertThat(second.has("next")).isFalse();
    }

    /** A job's end without its scheduling (a tool wrote it) tells nobody and holds up no later job's notice. */
    @Test
    void anEndWithoutItsSchedulingHoldsUpNothing() {
        DecoderReady.await(decoders);
        String orphanVin = TestVins.next();
        String orphan = EnrichmentJobId.first(Vin.parse(orphanVin)).value();
        eventStore.publish(new GenericDomainEventMessage<>(
                "EnrichmentJob",
                orphan,
                0,
                new EnrichmentFailed(orphan, orphanVin, ErrorCode.NOT_FOUND, "written by a tool", Instant.now())));
        IssuedKey key = issue(Plan.PRO);
        register(key, receiver.url("/after-orphan")).json(201);
        String vin = TestVins.next();
        String job = EnrichmentJobId.first(Vin.parse(vin)).value();

        commands.sendAndWait(new ScheduleEnrichment(job, vin, key.record().id(), Instant.now()));

        await().atMost(DELIVERED)
                .until(() -> !receiver.received("/after-orphan").isEmpty());
        assertThat(new String(receiver.received("/after-orphan").get(0).body(), StandardCharsets.UTF_8))
                .contains(job);
    }

    /** A completion is told only once every projection has applied what the job recorded; a failure at once. */
    @Test
    void aCompletionWaitsUntilTheReadRoutesAnswerIt() {
        IssuedKey key = issue(Plan.PRO);
        JsonNode webhook = register(key, receiver.url("/held")).json(201);
        String job = "enr_held_" + System.nanoTime();
        Deliveries deliveries = new Deliveries(db);
        deliveries.create(
                "evt_held_completed_" + job,
                "enrichment.completed",
                job,
                "{\"status\":\"completed\"}",
                java.util.Set.of(key.record().id()),
                Instant.now());
        deliveries.create(
                "evt_held_failed_" + job,
                "enrichment.failed",
                job,
                "{\"status\":\"failed\"}",
                java.util.Set.of(key.record().id()),
                Instant.now());

        await().atMost(DELIVERED).until(() -> receiver.received("/held").size() >= 1);
        assertThat(receiver.received("/held"))
                .extracting(request -> request.header("Vspec-Event-Id"))
                .containsExactly("evt_held_failed_" + job);

        // the relay records where the topic ended once the completion was on it; no projection is behind that
        db.execute(
                "insert into events.job_published_offsets (job_id, topic, partition, next_offset) values (?, 'held', 0, 0)",
                job);

        await().atMost(DELIVERED).until(() -> receiver.received("/held").size() >= 2);
        assertThat(receiver.received("/held").get(1).header("Vspec-Event-Id")).isEqualTo("evt_held_completed_" + job);
    }

    /**
     * Receivers that hold a connection without finishing their status (one trickles its head, one says
     * nothing) fail each attempt at the one-second deadline and are retried later, while the worker,
     * each of whose senders they could hold, goes on to deliver another key's event.
     */
    @Test
    void receiversThatNeverFinishTheirStatusFailAtTheDeadlineAndHoldUpNoOtherDelivery() throws Exception {
        IssuedKey hostileKey = issue(Plan.PRO);
        IssuedKey otherKey = issue(Plan.PRO);
        Api hostileApi = new Api(port, hostileKey.key());
        List<String> hostileWebhooks = new ArrayList<>();
        try (HostileReceiver trickling = new HostileReceiver(HostileReceiver.Behaviour.TRICKLES_HEAD);
                HostileReceiver silent = new HostileReceiver(HostileReceiver.Behaviour.NEVER_ANSWERS)) {
            for (int i = 0; i <= webhooks.senders(); i++) {
                String url = (i % 2 == 0 ? trickling : silent).url("/hook/" + i);
                hostileWebhooks.add(
                        register(hostileKey, url).json(201).get("id").asString());
            }
            register(otherKey, receiver.url("/beside-hostile")).json(201);
            Deliveries deliveries = new Deliveries(db);
            String job = "enr_hostile_" + System.nanoTime();
            deliveries.create(
                    "evt_hostile_" + job,
                    "enrichment.failed",
                    job,
                    "{\"status\":\"failed\"}",
                    Set.of(hostileKey.record().id()),
                    Instant.now());
            deliveries.create(
                    "evt_beside_" + job,
                    "enrichment.failed",
                    job,
                    "{\"status\":\"failed\"}",
                    Set.of(otherKey.record().id()),
                    Instant.now());

            await().atMost(DELIVERED)
                    .until(() -> !receiver.received("/beside-hostile").isEmpty());
            JsonNode retried = await().atMost(DELIVERED)
                    .until(
                            () -> hostileApi.get(PATH + "/deliveries").ok().get("deliveries"),
                            all -> all.size() == hostileWebhooks.size()
                                    && all.valueStream()
                                            .allMatch(d -> d.get("attempts").size() >= 2));
            retried.forEach(delivery -> {
                assertThat(delivery.get("status").asString()).isEqualTo("pending");
                assertThat(delivery.get("next_attempt_at").isNull()).isFalse();
                delivery.get("attempts").forEach(attempt -> {
                    assertThat(attempt.get("status_code").isNull()).isTrue();
                    assertThat(attempt.get("error").asString()).isEqualTo("no answer within 1 s");
                    assertThat(attempt.get("duration_ms").asInt())
                            .as("the deadline and a margin")
                            .isBetween(1000, 10_000);
                });
            });
        } finally {
            // their retries would keep the senders busy through every later test
            hostileWebhooks.forEach(id -> hostileApi.send("DELETE", PATH + "/" + id, null));
        }
    }

    private Api.Reply register(IssuedKey key, String url) {
        return new Api(port, key.key()).post(PATH, "application/json", "{\"url\": \"" + url + "\"}");
    }

    private JsonNode newestDelivery(IssuedKey key) {
        JsonNode deliveries =
                new Api(port, key.key()).get(PATH + "/deliveries?limit=1").ok().get("deliveries");
        assertThat(deliveries).hasSize(1);
        return deliveries.get(0);
    }

    private double attempts(String outcome) {
        var counter = meters.find(DeliveryAttempt.ATTEMPTS_METRIC)
                .tag("outcome", outcome)
                .counter();
        return counter == null ? 0 : counter.count();
    }

    private IssuedKey issue(Plan plan) {
        return new ApiKeyStore(db).issue(NewKey.of("webhook tests", plan));
    }
}
