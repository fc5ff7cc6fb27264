package dev.vspec.command.enrichment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.verifyNoInteractions;

import dev.vspec.command.CommandSideWebSlice;
import dev.vspec.contracts.access.Plan;
import dev.vspec.testing.Api.Reply;
import dev.vspec.testing.MockApi;
import dev.vspec.testing.StubbedAccess;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@code POST /api/v0/enrich} refuses every bad request with the specification's error before anything is decided
 * ({@link #nothingIsRequested}): the body, the VIN, the Idempotency-Key, the key's scope, the method. What is
 * scheduled and answered is EnrichmentApiIT's.
 */
class EnrichmentRefusalsTest extends CommandSideWebSlice {

    private static final String PATH = "/api/v0/enrich";
    private static final String VIN = "19XFC2F53LE208451";

    @AfterEach
    void nothingIsRequested() {
        verifyNoInteractions(enrichments);
    }

    private Reply enrich(String vin) {
        return api.post(PATH, "application/json", "{\"vin\": \"" + vin + "\"}");
    }

    @Test
    void everyBadRequestIsAnsweredWithTheSpecificationsError() {
        assertThat(enrich("1HGCM8263").error(400, "invalid_vin").get("message").asString())
                .contains("17");
        assertThat(enrich("1HGCM82633A00435O").error(400, "invalid_vin")).isNotNull();
        api.post(PATH, "application/json", "{}").error(400, "missing_param");
        api.post(PATH, "application/json", "{\"vin\": null}").error(400, "missing_param");
        api.post(PATH, "application/json", "{\"vin\": 12345678901234567}").error(400, "invalid_vin");
        assertThat(api.post(PATH, "application/json", "{\"vin\": \"19XFC2F52KE71537\\u0000\"}")
                        .error(400, "invalid_vin")
                        .get("message")
                        .asString())
                .contains("position 17");
        api.post(PATH, "application/json", "[\"" + VIN + "\"]").error(400, "invalid_body");
        api.post(PATH, "application/json", "{\"vin\": ").error(400, "invalid_body");
        api.post(PATH, "application/json", "{\"vin\": \"" + "A".repeat(5000) + "\"}")
                .error(400, "invalid_body");
        api.post(PATH, "text/plain", VIN).error(415, "unsupported_media_type");
        api.post(PATH, "application/json", "{\"vin\": \"" + VIN + "\"}", "Idempotency-Key", "x".repeat(256))
                .error(400, "invalid_param");
        new MockApi(mvc, StubbedAccess.issue(keys, Plan.FREE))
                .post(PATH, "application/json", "{\"vin\": \"" + VIN + "\"}")
                .error(403, "insufficient_scope");
        new MockApi(mvc)
                .post(PATH, "application/json", "{\"vin\": \"" + VIN + "\"}")
                .error(401, "invalid_api_key");
    }

    @Test
    void anUnreadableBodyIsToldInTheClientsWordsNeverInJacksons() {
        Map<String, String> told = new LinkedHashMap<>();
        told.put("{\"vin\": ", "it ends before the JSON value does");
        told.put("{\"vin\": \"" + VIN + "\"}{", "something follows the JSON value at line 1, column ");
        told.put("{\"vin\": \"" + VIN + "\"} []", "something follows the JSON value at line 1, column ");
        told.put("nul", "unexpected text at line 1, column ");
        told.put("{vin: 1}", "unexpected text at line 1, column ");
        told.put("[".repeat(2000), "it is nested too deeply or holds too long a value");

        told.forEach((body, problem) -> {
            String message = api.post(PATH, "application/json", body)
                    .error(400, "invalid_body")
                    .path("message")
                    .asString();
            assertThat(message)
                    .as(body)
                    .startsWith("The request body is not valid JSON (" + problem)
                    .endsWith("; send {\"vin\": \"<17-character VIN>\"}")
                    .doesNotContain("jackson", "Jackson", "JsonNode", "`", "Source", "REDACTED");
        });
        for (String body : List.of("{\"vin\": {}}", "{\"vin\": [\"" + VIN + "\"]}", "{\"vin\": true}")) {
            assertThat(api.post(PATH, "application/json", body)
                            .error(400, "invalid_vin")
                            .path("message")
                            .asString())
                    .as(body)
                    .startsWith("vin must be a JSON string, not ");
        }
    }

    @Test
    void anIdempotencyKeySentEmptyOrTwiceIsRefused() {
        String body = "{\"vin\": \"" + VIN + "\"}";

        assertThat(api.post(PATH, "application/json", body, "Idempotency-Key", "")
                        .error(400, "invalid_param")
                        .path("message")
                        .asString())
                .startsWith("The Idempotency-Key header must be 1 to 255 visible ASCII characters");
        assertThat(api.post(PATH, "application/json", body, "Idempotency-Key", "a", "Idempotency-Key", "b")
                        .error(400, "invalid_param")
                        .path("message")
                        .asString())
                .isEqualTo("Send one Idempotency-Key header; this request sends 2");
    }

    @Test
    void aWrongMethodIs405NamingPostWhateverTheKey() {
        for (MockApi client : List.of(new MockApi(mvc), api)) {
            for (String method : List.of("GET", "PUT", "DELETE", "PATCH")) {
                Reply reply = client.send(method, PATH, null);
                reply.error(405, "method_not_allowed");
                assertThat(reply.header("Allow")).isEqualTo("POST,OPTIONS");
            }
        }
        new MockApi(mvc).get("/error").error(404, "not_found");
    }
}
