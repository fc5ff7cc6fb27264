package dev.vspec.command.webhooks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.vspec.contracts.error.ApiException;
import dev.vspec.contracts.error.ErrorCode;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** What a registration's body subscribes a webhook to, and the refusals of what it cannot. */
class WebhookSubscriptionTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    @Test
    void withoutEventsAWebhookHearsOfItsKeysJobsAsBefore() {
        WebhookSubscription subscription = of("{\"url\": \"https://hooks.example.com/\"}");

        assertThat(subscription.events()).containsExactly("enrichment.completed", "enrichment.failed");
        assertThat(subscription.makes()).isNull();
        assertThat(of("{\"events\": null, \"makes\": null}")).isEqualTo(subscription);
    }

    @Test
    void recallsMayBeNarrowedToMakesKeptAsTheirMatchingKeys() {
        WebhookSubscription subscription = of(
                "{\"events\": [\"recall.recorded\", \"recall.recorded\"], \"makes\": [\"Ford\", \"Mercedes-Benz\", \"FORD\"]}");

        assertThat(subscription.events()).containsExactly("recall.recorded");
        assertThat(subscription.makes()).containsExactly("FORD", "MERCEDESBENZ");
    }

    @Test
    void whatCannotBeHeardOfIsRefusedNamingItsField() {
        assertRefused("{\"events\": [\"recall.created\"]}", "events", "unknown type recall.created; allowed: ");
        assertRefused("{\"events\": []}", "events", "non-empty JSON array");
        assertRefused("{\"events\": \"recall.recorded\"}", "events", "non-empty JSON array");
        assertRefused("{\"events\": [5]}", "events", "not a number");
        assertRefused("{\"makes\": [\"Ford\"]}", "makes", "which events does not name");
        assertRefused("{\"events\": [\"recall.recorded\"], \"makes\": [\" \"]}", "makes", "not ' '");
        assertRefused("{\"events\": [\"recall.recorded\"], \"makes\": [\"--\"]}", "makes", "no letter or digit");
        assertRefused(
                "{\"events\": [\"recall.recorded\"], \"makes\": [" + "\"Ford\",".repeat(50) + "\"Kia\"]}",
                "makes",
                "51 entries; at most 50");
    }

    private static void assertRefused(String body, String param, String message) {
        assertThatThrownBy(() -> of(body))
                .isInstanceOfSatisfying(ApiException.class, refusal -> {
                    assertThat(refusal.code()).isEqualTo(ErrorCode.INVALID_BODY);
                    assertThat(refusal.param()).isEqualTo(param);
                })
                .hasMessageContaining(message);
    }

    private static WebhookSubscription of(String body) {
        JsonNode node = JSON.readTree(body);
        return WebhookSubscription.of(node);
    }
}
