package dev.vspec.command.webhooks;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vspec.command.CommandSideWebSlice;
import dev.vspec.contracts.access.Plan;
import dev.vspec.testing.Api.Reply;
import dev.vspec.testing.MockApi;
import dev.vspec.testing.StubbedAccess;
import org.junit.jupiter.api.Test;

/**
 * The webhook routes refuse bad input with its error code before anything is stored or read (a write or a read would
 * fail the test: {@link dev.vspec.testing.database.NoDatabase}). Registering, listing and delivering are WebhooksIT's.
 */
class WebhookRefusalsTest extends CommandSideWebSlice {

    private static final String PATH = "/api/v0/webhooks";

    @Test
    void badInputsAreRefusedWithTheirErrorCodes() {
        api.post(PATH, "application/json", "{\"url\": ").error(400, "invalid_body");
        api.post(PATH, "application/json", "[]").error(400, "invalid_body");
        api.post(PATH, "application/json", "{}").error(400, "invalid_body");
        api.post(PATH, "application/json", "{\"url\": 5}").error(400, "invalid_body");
        assertThat(api.post(PATH, "application/json", "{\"url\": \"http://127.0.0.1:8089/a\", \"event\": []}")
                        .error(400, "invalid_body")
                        .get("param")
                        .asString())
                .isEqualTo("event");
        assertThat(api.post(
                                PATH,
                                "application/json",
                                "{\"url\": \"http://127.0.0.1:8089/a\", \"events\": [\"recalls\"]}")
                        .error(400, "invalid_body")
                        .get("param")
                        .asString())
                .isEqualTo("events");
        assertThat(refused("ftp://127.0.0.1/hook")).contains("https://");
        assertThat(refused("http://10.0.0.1/hook")).contains("(private address)");
        assertThat(refused("http://169.254.169.254/latest/meta-data")).contains("(link-local address)");
        assertThat(refused("http://[fd00::1]/hook")).contains("(unique-local address)");
        assertThat(refused("http://0.0.0.0/hook")).contains("(unspecified address)");
        assertThat(refused("http://127.0.0.1:8089/long/" + "a".repeat(2048))).contains("at most 2048");
        assertThat(refused("http://user:pw@127.0.0.1/hook")).contains("no user info");
        api.get(PATH + "/deliveries?limit=0").error(400, "invalid_param");
        api.get(PATH + "/deliveries?limit=abc").error(400, "invalid_param");
        api.get(PATH + "/deliveries?before=-1").error(400, "invalid_param");
    }

    @Test
    void theRoutesNeedAKeyWithEnrichWriteAndTakeTheirMethodsAlone() {
        MockApi free = new MockApi(mvc, StubbedAccess.issue(keys, Plan.FREE));
        assertThat(free.get(PATH)
                        .error(403, "insufficient_scope")
                        .get("message")
                        .asString())
                .contains("enrich:write");
        free.post(PATH, "application/json", "{\"url\": \"http://127.0.0.1:8089/free\"}")
                .error(403, "insufficient_scope");
        new MockApi(mvc).get(PATH).error(401, "invalid_api_key");
        Reply wrongMethod = api.send("DELETE", PATH, null);
        wrongMethod.error(405, "method_not_allowed");
        assertThat(wrongMethod.header("Allow")).contains("GET", "POST");
    }

    private String refused(String url) {
        return api.post(PATH, "application/json", "{\"url\": \"" + url + "\"}")
                .error(400, "invalid_param")
                .get("message")
                .asString();
    }
}
