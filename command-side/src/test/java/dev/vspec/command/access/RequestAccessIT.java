package dev.vspec.command.access;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vspec.command.CommandSideIntegrationTest;
import dev.vspec.contracts.access.Plan;
import dev.vspec.infra.access.AccessRequest;
import dev.vspec.infra.access.AccessRequestStore;
import dev.vspec.infra.testing.Api;
import dev.vspec.infra.testing.Api.Reply;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The request-access form over real HTTP, as the gateway forwards it: no key, the client's address
 * in {@code X-Forwarded-For}. Every test submits from addresses of its own, so no two share a budget.
 */
@CommandSideIntegrationTest
class RequestAccessIT {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final AtomicInteger ADDRESSES = new AtomicInteger();
    private static final String FORM = "application/x-www-form-urlencoded";

    @LocalServerPort
    int port;

    @Autowired
    AccessRequestStore store;

    /** A client address no other request of this run has used (TEST-NET-3, so never a real client). */
    private static String freshAddress() {
        int n = ADDRESSES.incrementAndGet();
        return "203.0." + (113 + n / 250) + "." + (1 + n % 250);
    }

    private static Map<String, String> validFields() {
        Map<String, String> fields = new LinkedHashMap<>();
        fields.put("name", "Ada Lovelace");
        fields.put("email", "ada@example.com");
        fields.put("company", "Analytical Engines Ltd");
        fields.put("intended_use", "Service reminders for a fleet of 40 delivery vans");
        fields.put("plan", "pro");
        return fields;
    }

    private static String json(Map<String, ?> fields) {
        return JSON.writeValueAsString(fields);
    }

    private static String form(Map<String, String> fields) {
        StringJoiner body = new StringJoiner("&");
        fields.forEach((name, value) -> body.add(URLEncoder.encode(name, StandardCharsets.UTF_8) + "="
                + URLEncoder.encode(value, StandardCharsets.UTF_8)));
        return body.toString();
    }

    private Reply post(String contentType, String body, String address) {
        return new Api(port).post("/api/request-access", contentType, body, "X-Forwarded-For", address);
    }

    private AccessRequest stored(long id) {
        return store.list().stream()
                .filter(request -> request.id() == id)
                .findFirst()
                .orElseThrow(() -> new AssertionError("request " + id + " is not stored"));
    }

    private long storedFrom(String address) {
        return store.list().stream()
                .filter(request -> request.clientAddress().equals(address))
                .count();
    }

    @Test
    void aValidJsonRequestIsStoredTrimmedWithTheForwardedClientAddress() {
        String address = freshAddress();
        Map<String, Object> fields = new LinkedHashMap<>(validFields());
        fields.put("name", "  Ada Lovelace ");
        fields.put("email", " ada@example.com\t");
        fields.put("plan", "PRO");
        fields.put("intendedUse", "an unknown field, ignored");
        fields.put("newsletter", true);

        Reply reply = post("application/json", json(fields), address);

        JsonNode body = reply.json(201);
        assertThat(body.path("status").asString()).isEqualTo("received");
        assertThat(body.path("message").asString())
                .contains(
                        "by hand",
                        "writes to ada@example.com with your key",
                        "sends no email itself",
                        "request " + body.path("id").asLong());
        assertThat(reply.header("Location")).isNull();
        AccessRequest stored = stored(body.path("id").asLong());
        assertThat(stored.name()).isEqualTo("Ada Lovelace");
        assertThat(stored.email()).isEqualTo("ada@example.com");
        assertThat(stored.company()).isEqualTo("Analytical Engines Ltd");
        assertThat(stored.intendedUse()).isEqualTo("Service reminders for a fleet of 40 delivery vans");
        assertThat(stored.plan()).isEqualTo(Plan.PRO);
        assertThat(stored.clientAddress()).isEqualTo(address);
        assertThat(stored.submittedAt()).isNotNull();
    }

    @Test
    void aValidFormPostIsStoredWithItsUtf8TextIntact() {
        String address = freshAddress();
        Map<String, String> fields = validFields();
        fields.put("name", "Zoë Ångström");
        fields.remove("company");
        fields.put("intended_use", "Ölwechsel-Erinnerungen für unsere Werkstatt\r\nund Reifengrößen");
        fields.put("plan", "Enterprise");

        Reply reply = post(FORM + "; charset=UTF-8", form(fields), address);

        AccessRequest stored = stored(reply.json(201).path("id").asLong());
        assertThat(stored.name()).isEqualTo("Zoë Ångström");
        assertThat(stored.company()).isNull();
        assertThat(stored.intendedUse()).isEqualTo("Ölwechsel-Erinnerungen für unsere Werkstatt\r\nund Reifengrößen");
        assertThat(stored.plan()).isEqualTo(Plan.ENTERPRISE);
        assertThat(stored.clientAddress()).isEqualTo(address);
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
        long before = store.list().size();

        for (Reply reply : List.of(
                post("application/json", json(fields), freshAddress()), post(FORM, form(fields), freshAddress()))) {
            String message = reply.error(400, "invalid_param").path("message").asString();
            assertThat(message).contains("'" + field + "' ").contains(problem);
            assertThat(AccessRequestForm.FIELDS.stream().filter(other -> message.contains("'" + other + "'")))
                    .containsExactly(field);
        }
        assertThat(store.list()).hasSize((int) before);
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

        String message = post("application/json", json(fields), freshAddress())
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

        String message = post("application/json", json(fields), freshAddress())
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

        assertThat(post(FORM, body, freshAddress())
                        .error(400, "invalid_param")
                        .path("message")
                        .asString())
                .contains("'plan' is given 2 times; send it once");
    }

    @Test
    void malformedJsonOrJsonThatIsNoObjectIsAnInvalidBody() {
        assertThat(post("application/json", "{\"name\": \"Ada\",", freshAddress())
                        .error(400, "invalid_body")
                        .path("message")
                        .asString())
                .startsWith("The request body is not valid JSON");
        assertThat(post("application/json", "[\"Ada\"]", freshAddress())
                        .error(400, "invalid_body")
                        .path("message")
                        .asString())
                .contains("must be a JSON object");
        post("application/json", "", freshAddress()).error(400, "invalid_body");
    }

    @ParameterizedTest
    @ValueSource(strings = {"name=%zz&email=ada%40example.com", "=Ada", "name=Ada&email=%E2%82"})
    @ExtendWith(OutputCaptureExtension.class)
    void aFormBodyThatIsNotUrlEncodingIsAnInvalidBodyAndNotLogged(String body, CapturedOutput output) {
        post(FORM, body, freshAddress()).error(400, "invalid_body");

        assertThat(output.getAll()).doesNotContain("%zz", "%E2%82", "\tat ");
    }

    @Test
    void forwardedForTextThatIsNoAddressSharesOneBudget() {
        for (int i = 1; i <= 5; i++) {
            post("application/json", json(validFields()), "not an address, and long " + "x".repeat(300) + i)
                    .json(201);
        }

        post("application/json", json(validFields()), "another made-up text " + "y".repeat(300))
                .error(429, "rate_limited");
    }

    @Test
    void unreadableJsonIsToldInTheClientsWordsNeverInJacksons() {
        for (String body : List.of("{\"name\": \"Ada\",", "{\"name\": \"Ada\"} {", "{name: 1}")) {
            assertThat(post("application/json", body, freshAddress())
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

        for (Reply reply : List.of(
                post("application/json", json(fields), freshAddress()), post(FORM, form(fields), freshAddress()))) {
            assertThat(reply.error(400, "invalid_param").path("message").asString())
                    .contains("'company' contains control characters");
        }
    }

    @Test
    void aWrongMethodIs405NamingPost() {
        for (String method : List.of("GET", "PUT", "DELETE")) {
            Reply reply = new Api(port).send(method, "/api/request-access", null);
            reply.error(405, "method_not_allowed");
            assertThat(reply.header("Allow")).isEqualTo("POST,OPTIONS");
        }
    }

    @Test
    void anOversizedBodyIsRefusedWithoutBeingParsed() {
        String padding = "x".repeat(RequestAccessController.MAX_BODY_BYTES);

        assertThat(post("application/json", "{\"padding\": \"" + padding + "\"}", freshAddress())
                        .error(400, "invalid_body")
                        .path("message")
                        .asString())
                .contains("larger than 64 KiB");
    }

    @Test
    void otherContentTypesAre415AndDoNotCount() {
        String address = freshAddress();
        for (int i = 1; i <= 5; i++) {
            post("text/plain", "name=Ada", address).error(415, "unsupported_media_type");
        }
        post(null, null, address).error(415, "unsupported_media_type");

        post(FORM, form(validFields()), address).json(201);
    }

    @Test
    void theSixthSubmissionFromOneAddressWithinTheHourIsRateLimitedWhileAnotherAddressIsNot() {
        String address = freshAddress();
        for (int i = 1; i <= 5; i++) {
            post("application/json", json(validFields()), address).json(201);
        }

        Reply sixth = post(FORM, form(validFields()), address);

        JsonNode refusal = sixth.error(429, "rate_limited");
        assertThat(Long.parseLong(sixth.header("Retry-After"))).isBetween(3590L, 3600L);
        assertThat(refusal.path("message").asString())
                .contains("limit is 5 per hour", "wait " + sixth.header("Retry-After") + " s");
        assertThat(storedFrom(address)).isEqualTo(5);

        Reply other = post("application/json", json(validFields()), "10.1.2.3");
        assertThat(stored(other.json(201).path("id").asLong()).clientAddress()).isEqualTo("10.1.2.3");
    }

    /** Typos never lock a person out: refused requests spend a budget of their own, looser than the valid one's. */
    @Test
    void refusedSubmissionsSpendABudgetOfTheirOwnSoTheCorrectedOneIsStored() {
        String address = freshAddress();
        post("application/json", "{not json", address).error(400, "invalid_body");
        for (int i = 2; i <= RequestAccessController.REFUSED_PER_PERIOD; i++) {
            post(FORM, "name=", address).error(400, "invalid_param");
        }

        Reply beyond = post(FORM, "name=", address);

        JsonNode refusal = beyond.error(429, "rate_limited");
        assertThat(refusal.path("message").asString()).contains("refused access requests", "the limit is 30 per hour");
        assertThat(Long.parseLong(beyond.header("Retry-After"))).isBetween(3590L, 3600L);
        post("application/json", json(validFields()), address).json(201);
        assertThat(storedFrom(address)).isEqualTo(1);
    }
}
