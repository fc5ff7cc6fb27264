package dev.vspec.command.access;

import static dev.vspec.command.access.AccessRequestBodies.FORM;
import static dev.vspec.command.access.AccessRequestBodies.form;
import static dev.vspec.command.access.AccessRequestBodies.json;
import static dev.vspec.command.access.AccessRequestBodies.validFields;
import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyLong;
import static org.mockito.ArgumentMatchers.anyString;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.verifyNoInteractions;

import dev.vspec.command.CommandSideWebSlice;
import dev.vspec.testing.Api.Reply;
import dev.vspec.testing.MockApi;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The request-access form refuses what it cannot store, naming each field, in either encoding, and stores nothing
 * ({@link #nothingIsStored}). Storing, the per-address budgets in PostgreSQL and the form bodies Tomcat cannot decode
 * are RequestAccessIT's.
 */
class RequestAccessRefusalsTest extends CommandSideWebSlice {

    private MockApi keyless;

    @BeforeEach
    void keyless() {
        keyless = new MockApi(mvc);
    }

    @AfterEach
    void nothingIsStored() {
        verifyNoInteractions(accessRequests);
    }

    private Reply post(String contentType, String body) {
        return keyless.post("/api/request-access", contentType, body);
    }

    @ParameterizedTest(name = "{0} = \"{1}\"")
    @CsvSource(
            nullValues = "<absent>",
            value = {
                "name, <absent>, is required",
                "name, '   ', is required",
                "name, 201 x n, must be at most 200 characters long",
                "email, <absent>, is required",
                "email, ada.example.com, not a plausible e-mail address",
                "email, ada@example, not a plausible e-mail address",
                "email, ada lovelace@example.com, not a plausible e-mail address",
                "email, a@b@example.com, not a plausible e-mail address",
                "email, 243 x a@example.com, must be at most 254 characters long",
                "company, 201 x c, must be at most 200 characters long",
                "intended_use, <absent>, is required",
                "intended_use, too short, must be 10 to 2000 characters long (it is 9)",
                "intended_use, 2001 x u, must be 10 to 2000 characters long (it is 2001)",
                "plan, <absent>, is required",
                "plan, gold, must be one of free, pro, scale, enterprise"
            })
    void eachInvalidFieldIsNamedInAnInvalidParamRefusalOfBothEncodings(String field, String value, String problem) {
        Map<String, String> fields = validFields();
        if (value == null) {
            fields.remove(field);
        } else {
            fields.put(field, expand(value));
        }

        for (Reply reply : List.of(post("application/json", json(fields)), post(FORM, form(fields)))) {
            String message = reply.error(400, "invalid_param").path("message").asString();
            assertThat(message).contains("'" + field + "' ").contains(problem);
            assertThat(AccessRequestForm.FIELDS.stream().filter(other -> message.contains("'" + other + "'")))
                    .containsExactly(field);
        }
    }

    /** {@code "201 x n"} is 201 n's; {@code "243 x a@example.com"} is 243 a's then {@code @example.com}. */
    private static String expand(String value) {
        String[] parts = value.split(" x ", 2);
        if (parts.length == 2 && parts[0].chars().allMatch(Character::isDigit)) {
            return parts[1].substring(0, 1).repeat(Integer.parseInt(parts[0])) + parts[1].substring(1);
        }
        return value;
    }

    @Test
    void severalInvalidFieldsAreAllNamedInOneRefusal() {
        Map<String, String> fields = Map.of("name", "", "email", "nobody", "intended_use", "short", "plan", "gold");

        String message = post("application/json", json(fields))
                .error(400, "invalid_param")
                .path("message")
                .asString();

        assertThat(message)
                .contains(
                        "'name' is required",
                        "'email' is not a plausible e-mail address",
                        "'intended_use' must be 10 to 2000 characters long (it is 5)",
                        "'plan' must be one of free, pro, scale, enterprise")
                .doesNotContain("'company'");
    }

    @Test
    void aJsonValueThatIsNotAStringIsNamed() {
        Map<String, Object> fields = new LinkedHashMap<>(validFields());
        fields.put("plan", 2);
        fields.put("company", List.of("a", "b"));

        String message = post("application/json", json(fields))
                .error(400, "invalid_param")
                .path("message")
                .asString();

        assertThat(message)
                .contains(
                        "'plan' must be a JSON string, not a number", "'company' must be a JSON string, not an array");
    }

    @Test
    void aFormFieldGivenTwiceIsNamed() {
        String body = form(validFields()) + "&plan=free";

        assertThat(post(FORM, body).error(400, "invalid_param").path("message").asString())
                .contains("'plan' is given 2 times; send it once");
    }

    @Test
    void malformedJsonOrJsonThatIsNoObjectIsAnInvalidBody() {
        assertThat(post("application/json", "{\"name\": \"Ada\",")
                        .error(400, "invalid_body")
                        .path("message")
                        .asString())
                .startsWith("The request body is not valid JSON");
        assertThat(post("application/json", "[\"Ada\"]")
                        .error(400, "invalid_body")
                        .path("message")
                        .asString())
                .contains("must be a JSON object");
        post("application/json", "").error(400, "invalid_body");
    }

    @Test
    void unreadableJsonIsToldInTheClientsWordsNeverInJacksons() {
        for (String body : List.of("{\"name\": \"Ada\",", "{\"name\": \"Ada\"} {", "{name: 1}")) {
            assertThat(post("application/json", body)
                            .error(400, "invalid_body")
                            .path("message")
                            .asString())
                    .as(body)
                    .startsWith("The request body is not valid JSON (")
                    .doesNotContain("jackson", "Jackson", "JsonNode", "`", "Source", "REDACTED");
        }
    }

    @Test
    void aControlCharacterInAFieldIsNamedInBothEncodings() {
        Map<String, String> fields = validFields();
        fields.put("company", "Analytical\u0000Engines");

        for (Reply reply : List.of(post("application/json", json(fields)), post(FORM, form(fields)))) {
            assertThat(reply.error(400, "invalid_param").path("message").asString())
                    .contains("'company' contains control characters");
        }
    }

    @Test
    void aWrongMethodIs405NamingPost() {
        for (String method : List.of("GET", "PUT", "DELETE")) {
            Reply reply = keyless.send(method, "/api/request-access", null);
            reply.error(405, "method_not_allowed");
            assertThat(reply.header("Allow")).isEqualTo("POST,OPTIONS");
        }
    }

    @Test
    void anOversizedBodyIsRefusedWithoutBeingParsed() {
        String padding = "x".repeat(RequestAccessController.MAX_BODY_BYTES);

        assertThat(post("application/json", "{\"padding\": \"" + padding + "\"}")
                        .error(400, "invalid_body")
                        .path("message")
                        .asString())
                .contains("larger than 64 KiB");
    }

    /** A request of another type never reaches the form, so it spends neither of the address's budgets. */
    @Test
    void otherContentTypesAre415AndDoNotCount() {
        for (int i = 1; i <= 5; i++) {
            post("text/plain", "name=Ada").error(415, "unsupported_media_type");
        }
        post(null, null).error(415, "unsupported_media_type");

        verify(budgets, never()).takeRolling(anyString(), anyLong(), any(Duration.class));
    }
}
