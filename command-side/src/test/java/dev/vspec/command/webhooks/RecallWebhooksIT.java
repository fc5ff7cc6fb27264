package dev.vspec.command.webhooks;

import static dev.vspec.storage.jooq.webhooks.Tables.RECALL_FILE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.vspec.access.ApiKeyStore;
import dev.vspec.access.IssuedKey;
import dev.vspec.access.NewKey;
import dev.vspec.command.CommandSideIntegrationTest;
import dev.vspec.contracts.access.Plan;
import dev.vspec.contracts.recalls.Recall;
import dev.vspec.contracts.recalls.RecallSource;
import dev.vspec.contracts.recalls.RecordRecalls;
import dev.vspec.testing.Api;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.LocalDate;
import java.util.List;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.jooq.DSLContext;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/**
 * {@code recall.recorded}: a webhook subscribed to it is told once of each campaign that is news, signed, with the
 * vehicles of its makes; a first file is no news, nor an old campaign's new record, nor a campaign reported long
 * before the file. The campaigns are made up (SAMPLE DATA) and dated in 2031, after any real file's data.
 */
@CommandSideIntegrationTest
class RecallWebhooksIT {

    private static final String PATH = "/api/v0/webhooks";
    private static final String REGISTER_RECALLS = "{\"url\": \"%s\", \"events\": [\"recall.recorded\"]%s}";

    private static WebhookReceiver receiver;

    @LocalServerPort
    int port;

    @Autowired
    DSLContext db;

    @Autowired
    CommandGateway commands;

    @BeforeAll
    static void startReceiver() throws Exception {
        receiver = new WebhookReceiver();
    }

    @AfterAll
    static void stopReceiver() {
        receiver.close();
    }

    @Test
    void aNewCampaignIsToldOnceToEachSubscriberWithTheVehiclesOfItsMakes() throws Exception {
        // no recalls file was met before: the first one is held without news
        db.deleteFrom(RECALL_FILE).execute();
        IssuedKey everyMake = issue();
        IssuedKey fordOnly = issue();
        IssuedKey jobsOnly = issue();
        JsonNode all = register(everyMake, REGISTER_RECALLS.formatted(receiver.url("/recalls/all"), ""));
        JsonNode ford = register(
                fordOnly, REGISTER_RECALLS.formatted(receiver.url("/recalls/ford"), ", \"makes\": [\"Ford\"]"));
        register(jobsOnly, "{\"url\": \"" + receiver.url("/recalls/jobs") + "\"}");
        assertThat(ford.get("makes").toString()).isEqualTo("[\"FORD\"]");
        assertThat(all.get("makes").isNull()).isTrue();

        RecallSource first = source("a", LocalDate.of(2031, 1, 10));
        record("31V000001", first, recall("FORD", "RANGER", LocalDate.of(2031, 1, 8), "Dealers will inspect."));
        RecallSource second = source("b", LocalDate.of(2031, 2, 1));
        record("31V000001", second, recall("FORD", "RANGER", LocalDate.of(2031, 1, 8), "Dealers will replace."));
        record("30V000009", second, recall("FORD", "F-150", LocalDate.of(2030, 11, 2), "Dealers will replace."));
        record(
                "31V000002",
                second,
                recall("FORD", "F-150", LocalDate.of(2031, 1, 20), "Dealers will replace the latch."),
                recall("LINCOLN", "NAVIGATOR", LocalDate.of(2031, 1, 20), "Dealers will replace the latch."));

        await().atMost(Duration.ofSeconds(60))
                .until(() -> !receiver.received("/recalls/all").isEmpty()
                        && !receiver.received("/recalls/ford").isEmpty());
        WebhookReceiver.Received toAll = receiver.received("/recalls/all").get(0);
        WebhookReceiver.assertSigned(toAll, all.get("secret").asString());
        JsonNode notice = Api.json(new String(toAll.body(), StandardCharsets.UTF_8));
        assertThat(notice.get("type").asString()).isEqualTo("recall.recorded");
        assertThat(notice.get("event_id").asString())
                .isEqualTo("rcl_31V000002")
                .isEqualTo(toAll.header("Vspec-Event-Id"));
        assertThat(notice.get("campaign_number").asString()).isEqualTo("31V000002");
        assertThat(notice.get("remedy").asString()).isEqualTo("Dealers will replace the latch.");
        assertThat(notice.get("vehicles").findValuesAsString("make")).containsExactly("FORD", "LINCOLN");
        assertThat(notice.at("/vehicles/0/recalls").asString())
                .isEqualTo("/api/v1/recalls?year=2031&make=FORD&model=F-150");
        JsonNode toFord =
                Api.json(new String(receiver.received("/recalls/ford").get(0).body(), StandardCharsets.UTF_8));
        assertThat(toFord.get("vehicles").findValuesAsString("model")).containsExactly("F-150");

        assertThat(deliveries(everyMake)).singleElement().satisfies(delivery -> {
            assertThat(delivery.get("campaign_number").asString()).isEqualTo("31V000002");
            assertThat(delivery.get("job_id").isNull()).isTrue();
            assertThat(delivery.get("type").asString()).isEqualTo("recall.recorded");
        });
        assertThat(deliveries(fordOnly)).hasSize(1);
        assertThat(deliveries(jobsOnly)).isEmpty();
        assertThat(receiver.received("/recalls/all")).hasSize(1);
    }

    private void record(String campaign, RecallSource source, Recall... recalls) {
        commands.sendAndWait(new RecordRecalls(campaign, List.of(recalls), source));
    }

    private static Recall recall(String make, String model, LocalDate reported, String remedy) {
        return new Recall(
                make,
                model,
                2031,
                "LATCHES/LOCKS/LINKAGES:DOORS:LATCH",
                Recall.VEHICLE,
                "Ford Motor Company",
                null,
                null,
                null,
                1200L,
                reported,
                null,
                "MFR",
                "The door latch may not engage.",
                "A door that opens while driving increases the risk of injury.",
                remedy,
                null,
                null,
                null,
                null,
                false,
                false);
    }

    private static RecallSource source(String letter, LocalDate dataDate) {
        return new RecallSource("FLAT_RCL_" + dataDate + ".txt", letter.repeat(64), dataDate);
    }

    private JsonNode register(IssuedKey key, String body) {
        return new Api(port, key.key()).post(PATH, "application/json", body).json(201);
    }

    private JsonNode deliveries(IssuedKey key) {
        return new Api(port, key.key()).get(PATH + "/deliveries").ok().get("deliveries");
    }

    private IssuedKey issue() {
        return new ApiKeyStore(db).issue(NewKey.of("recall webhook tests", Plan.PRO));
    }
}
