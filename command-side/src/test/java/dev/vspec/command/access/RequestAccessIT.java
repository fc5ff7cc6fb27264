package dev.vspec.command.access;

import static dev.vspec.command.access.AccessRequestBodies.FORM;
import static dev.vspec.command.access.AccessRequestBodies.form;
import static dev.vspec.command.access.AccessRequestBodies.json;
import static dev.vspec.command.access.AccessRequestBodies.validFields;
import static org.assertj.core.api.Assertions.assertThat;

import dev.vspec.access.AccessRequest;
import dev.vspec.access.AccessRequestStore;
import dev.vspec.command.CommandSideIntegrationTest;
import dev.vspec.contracts.access.Plan;
import dev.vspec.testing.Api;
import dev.vspec.testing.Api.Reply;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/**
 * The request-access form over real HTTP, as the gateway forwards it: no key, the client's address
 * in {@code X-Forwarded-For}. Every test submits from addresses of its own, so no two share a budget.
 * What is stored, the per-address budgets in PostgreSQL, and form bodies Tomcat cannot decode are
 * checked here; the refusals of what the form cannot store are RequestAccessRefusalsTest's.
 */
@CommandSideIntegrationTest
class RequestAccessIT {

    private static final AtomicInteger ADDRESSES = new AtomicInteger();

    @LocalServerPort
    int port;

    @Autowired
    AccessRequestStore store;

    /** A client address no other request of this run has used (TEST-NET-3, so never a real client). */
    private static String freshAddress() {
        int n = ADDRESSES.incrementAndGet();
        return "203.0." + (113 + n / 250) + "." + (1 + n % 250);
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
