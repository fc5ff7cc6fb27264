package dev.vspec.command.webhooks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.vspec.access.ApiKeyStore;
import dev.vspec.access.IssuedKey;
import dev.vspec.access.NewKey;
import dev.vspec.command.CommandSideApplication;
import dev.vspec.command.CommandSideIntegrationTest;
import dev.vspec.command.TestVins;
import dev.vspec.contracts.access.Plan;
import dev.vspec.contracts.enrichment.EnrichmentJobId;
import dev.vspec.contracts.enrichment.ScheduleEnrichment;
import dev.vspec.contracts.identity.Vin;
import dev.vspec.testing.Api;
import dev.vspec.testing.database.TestDatabase;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.jooq.DSLContext;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.kafka.test.EmbeddedKafkaBroker;
import tools.jackson.databind.JsonNode;

/**
 * A restart loses no delivery: a command side whose receiver keeps failing is stopped, and a new one
 * on the same database delivers once the receiver is back, under the same event id. The two command
 * sides are this test's own (on a database and a topic of their own, no vPIC release: the job fails
 * as upstream_unreachable); the shared context lends its Kafka broker.
 */
@CommandSideIntegrationTest
class WebhookRestartIT {

    private static final Duration DELIVERED = Duration.ofSeconds(60);

    @Autowired
    EmbeddedKafkaBroker broker;

    @Test
    void aNewInstanceGoesOnWithTheDeliveriesTheStoppedOneLeftPending() throws Exception {
        TestDatabase database = TestDatabase.create("vspec_test_webhooks");
        try (WebhookReceiver receiver = new WebhookReceiver()) {
            String url = receiver.url("/down");
            receiver.answerAlways("/down", 503);
            JsonNode webhook;
            String job = EnrichmentJobId.first(Vin.parse(TestVins.next())).value();
            IssuedKey key;
            try (ConfigurableApplicationContext first = start(database)) {
                key = new ApiKeyStore(first.getBean(DSLContext.class)).issue(NewKey.of("webhook restart", Plan.PRO));
                webhook = api(first, key)
                        .post("/api/v0/webhooks", "application/json", "{\"url\": \"" + url + "\"}")
                        .json(201);
                first.getBean(CommandGateway.class)
                        .sendAndWait(new ScheduleEnrichment(
                                job, job.substring(4, 21), key.record().id(), Instant.now()));

                await().atMost(DELIVERED).until(() -> receiver.received("/down").size() >= 2);
            }
            int whileDown = receiver.received("/down").size();
            receiver.answerAlways("/down", 204);

            try (ConfigurableApplicationContext second = start(database)) {
                // polled at most twice a second: the key's plan allows 300 reads a minute
                JsonNode delivery = await().atMost(DELIVERED)
                        .pollInterval(Duration.ofMillis(500))
                        .until(
                                () -> deliveries(second, key).get(0),
                                newest -> newest.get("status").asString().equals("delivered"));

                assertThat(delivery.get("webhook_id").asString())
                        .isEqualTo(webhook.get("id").asString());
                assertThat(delivery.get("job_id").asString()).isEqualTo(job);
                assertThat(deliveries(second, key))
                        .as("one delivery of the one event")
                        .hasSize(1);
                List<Integer> statuses = new ArrayList<>();
                delivery.get("attempts")
                        .forEach(attempt ->
                                statuses.add(attempt.get("status_code").asInt()));
                assertThat(statuses).hasSizeGreaterThan(whileDown - 1).endsWith(204);
                assertThat(statuses.subList(0, statuses.size() - 1)).containsOnly(503);
            }
            List<WebhookReceiver.Received> received = receiver.received("/down");
            assertThat(received)
                    .extracting(request -> request.header("Vspec-Event-Id"))
                    .containsOnly(received.get(0).header("Vspec-Event-Id"));
        } finally {
            database.drop();
        }
    }

    private ConfigurableApplicationContext start(TestDatabase database) {
        List<String> args = new ArrayList<>(List.of(
                "--server.port=0",
                "--spring.main.banner-mode=off",
                "--spring.datasource.url=" + database.url(),
                "--spring.datasource.username=" + database.user(),
                "--spring.datasource.password=" + database.password(),
                "--spring.kafka.bootstrap-servers=" + broker.getBrokersAsString(),
                "--vspec.events.topic=vspec.webhook-restart.v1",
                "--vspec.events.partitions=1",
                "--spring.datasource.hikari.maximum-pool-size=4"));
        args.addAll(List.of(CommandSideIntegrationTest.WEBHOOKS));
        return CommandSideApplication.application().run(args.toArray(String[]::new));
    }

    private static Api api(ConfigurableApplicationContext context, IssuedKey key) {
        return new Api(((WebServerApplicationContext) context).getWebServer().getPort(), key.key());
    }

    private static JsonNode deliveries(ConfigurableApplicationContext context, IssuedKey key) {
        return api(context, key).get("/api/v0/webhooks/deliveries").ok().get("deliveries");
    }
}
