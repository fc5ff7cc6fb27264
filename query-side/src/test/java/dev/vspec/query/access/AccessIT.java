package dev.vspec.query.access;

import static dev.vspec.query.ReadModelSeed.CIVIC_LX;
import static dev.vspec.query.ReadModelSeed.CIVIC_LX_VIN;
import static dev.vspec.storage.jooq.access.Tables.SPENT_READS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.vspec.access.ApiKeyStore;
import dev.vspec.access.ApiKeys;
import dev.vspec.access.IssuedKey;
import dev.vspec.access.NewKey;
import dev.vspec.access.Window;
import dev.vspec.contracts.access.Plan;
import dev.vspec.contracts.access.Scope;
import dev.vspec.query.SeededRouteIT;
import dev.vspec.testing.Api;
import dev.vspec.testing.Api.Reply;
import dev.vspec.testing.TestKeys;
import java.time.Duration;
import java.time.Instant;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** Keys, scopes, limits and quotas on the query side, over HTTP, as API consumers meet them. */
class AccessIT extends SeededRouteIT {

    private static final String FLUIDS = "/api/v1/fluids?config_key=" + CIVIC_LX;
    /** A path no route serves: a key's request there is checked and shows its budgets, and a POST spends no read. */
    private static final String PEEK = "/api/v1/no-route-here";

    private static final AtomicInteger ADDRESSES = new AtomicInteger();

    private Api keyless;
    private ApiKeyStore keys;

    @BeforeEach
    void keylessClient() {
        keyless = new Api(port);
        keys = new ApiKeyStore(db);
    }

    @Test
    void bearerAndXApiKeyHeadersAreBothAccepted() {
        String key = TestKeys.issue(db, Plan.FREE);

        assertThat(keyless.getWith(FLUIDS, "Authorization", "Bearer " + key).status())
                .isEqualTo(200);
        assertThat(keyless.getWith(FLUIDS, "x-api-key", key).status()).isEqualTo(200);
    }

    @Test
    void missingMalformedUnknownAndConflictingKeysAnswer401() {
        String address = address();
        String key = TestKeys.issue(db, Plan.FREE);
        String flipped = key.substring(0, 20) + (key.charAt(20) == 'a' ? 'b' : 'a') + key.substring(21);

        assertThat(keyless.getWith(FLUIDS, "X-Forwarded-For", address)
                        .error(401, "invalid_api_key")
                        .path("message")
                        .asString())
                .contains("Authorization", "x-api-key");
        keyless.getWith(FLUIDS, "X-Forwarded-For", address, "x-api-key", flipped)
                .error(401, "invalid_api_key");
        keyless.getWith(FLUIDS, "X-Forwarded-For", address, "x-api-key", ApiKeys.generate())
                .error(401, "invalid_api_key");
        assertThat(keyless.getWith(FLUIDS, "X-Forwarded-For", address, "Authorization", "Basic " + key)
                        .error(401, "invalid_api_key")
                        .path("message")
                        .asString())
                .contains("Bearer");
        assertThat(keyless.getWith(
                                FLUIDS,
                                "X-Forwarded-For",
                                address,
                                "Authorization",
                                "Bearer " + key,
                                "x-api-key",
                                ApiKeys.generate())
                        .error(401, "invalid_api_key")
                        .path("message")
                        .asString())
                .contains("Two different keys");
    }

    @Test
    void aKeyInTheQueryStringIsRefusedWithAMessageToUseAHeader() {
        String key = TestKeys.issue(db, Plan.FREE);

        for (String parameter : List.of("api_key", "key", "apikey", "token", "auth", "api-key", "k", "note")) {
            Reply reply = keyless.getWith(FLUIDS + "&" + parameter + "=" + key, "X-Forwarded-For", address());
            String message = reply.error(401, "invalid_api_key").path("message").asString();
            assertThat(message).contains("header", parameter).doesNotContain(key);
        }
        // even alongside a valid header
        keyless.getWith(FLUIDS + "&api_key=" + key, "x-api-key", key, "X-Forwarded-For", address())
                .error(401, "invalid_api_key");
    }

    @Test
    void aRevokedKeyStopsWorkingWithinFiveSeconds() {
        IssuedKey issued = keys.issue(NewKey.of("revocation test", Plan.FREE));
        assertThat(keyless.getWith(FLUIDS, "x-api-key", issued.key()).status()).isEqualTo(200);

        keys.revoke(issued.record().prefix());
        Instant revoked = Instant.now();

        await().atMost(Duration.ofSeconds(5))
                .pollInterval(Duration.ofMillis(200))
                .until(() -> keyless.getWith(FLUIDS, "x-api-key", issued.key(), "X-Forwarded-For", address())
                                .status()
                        == 401);
        assertThat(Duration.between(revoked, Instant.now())).isLessThan(Duration.ofSeconds(5));
    }

    @Test
    void aKeyWithoutTheRoutesScopeAnswers403NamingTheScope() {
        String free = TestKeys.issue(db, Plan.FREE);
        String narrowed = keys.issue(new NewKey("labor only", Plan.PRO, Set.of(Scope.LABOR_READ), null, null, null))
                .key();

        String message = keyless.getWith("/api/v0/service-history?vin=" + CIVIC_LX_VIN, "x-api-key", free)
                .error(403, "insufficient_scope")
                .path("message")
                .asString();
        assertThat(message).contains("service_history:read");
        assertThat(keyless.getWith(FLUIDS, "x-api-key", narrowed)
                        .error(403, "insufficient_scope")
                        .path("message")
                        .asString())
                .contains("maintenance:read");
        assertThat(keyless.getWith("/api/v0/labor?config_key=" + CIVIC_LX, "x-api-key", narrowed)
                        .status())
                .isEqualTo(200);
    }

    @Test
    void includeGroupsAreCheckedAgainstTheirOwnScopes() {
        String free = TestKeys.issue(db, Plan.FREE);
        String pro = TestKeys.issue(db, Plan.PRO);
        String vehicle = "/api/v1/vehicle?vin=" + CIVIC_LX_VIN + "&include=fluids,labor,";

        assertThat(keyless.getWith(vehicle + "service_history", "x-api-key", free)
                        .error(403, "insufficient_scope")
                        .path("message")
                        .asString())
                .contains("service_history:read", "include=service_history");
        assertThat(keyless.getWith(vehicle + "image", "x-api-key", free).status())
                .isEqualTo(200);
        assertThat(keyless.getWith(vehicle + "service_history", "x-api-key", pro)
                        .status())
                .isEqualTo(200);
    }

    @Test
    void everyAuthenticatedAnswerCarriesTheLimitHeaders() {
        String key = TestKeys.issue(db, Plan.PRO);

        Reply first = keyless.getWith(FLUIDS, "x-api-key", key);
        Reply notFound = keyless.getWith("/api/v1/fluids?config_key=2019-nothing-here-x-y", "x-api-key", key);
        Reply forbidden = keyless.getWith(
                "/api/v1/fluids?config_key=" + CIVIC_LX,
                "x-api-key",
                keys.issue(new NewKey("media only", Plan.FREE, Set.of(Scope.MEDIA_READ), null, null, null))
                        .key());

        for (Reply reply : List.of(first, notFound)) {
            assertThat(reply.header("X-RateLimit-Limit")).isEqualTo("300");
            assertThat(reply.header("X-Monthly-Limit")).isEqualTo("250000");
            assertThat(Long.parseLong(reply.header("X-RateLimit-Reset")))
                    .isBetween(Instant.now().getEpochSecond(), Instant.now().getEpochSecond() + 61);
        }
        assertThat(Long.parseLong(notFound.header("X-RateLimit-Remaining")))
                .isEqualTo(Long.parseLong(first.header("X-RateLimit-Remaining")) - 1);
        // a 404 is not a read: once its answer is complete the month's remaining reads are what the
        // first answer left (a POST where no route is shows them without spending one)
        await().atMost(Duration.ofSeconds(2))
                .untilAsserted(() -> assertThat(
                                keyless.post(PEEK, null, null, "x-api-key", key).header("X-Monthly-Remaining"))
                        .isEqualTo(first.header("X-Monthly-Remaining")));
        assertThat(forbidden.status()).isEqualTo(403);
        assertThat(forbidden.header("X-RateLimit-Limit")).isEqualTo("60");
    }

    /**
     * The month's remaining reads are what every instance spent: another instance's reads (written to
     * access.spent_reads, as it does moments after a read) count here within moments, and this
     * instance's read counts once, before and after it is written.
     */
    @Test
    void theMonthsRemainingReadsCountWhatEveryInstanceSpent() {
        IssuedKey issued = keys.issue(NewKey.of("monthly counts", Plan.PRO));
        String key = issued.key();
        Reply first = keyless.getWith(FLUIDS, "x-api-key", key);
        long limit = Long.parseLong(first.header("X-Monthly-Limit"));

        assertThat(first.header("X-Monthly-Remaining")).isEqualTo(Long.toString(limit - 1));
        db.insertInto(SPENT_READS, SPENT_READS.KEY_ID, SPENT_READS.MONTH, SPENT_READS.READS)
                .values(issued.record().id(), Window.MONTH.index(Instant.now()), 100L)
                .onConflict(SPENT_READS.KEY_ID, SPENT_READS.MONTH)
                .doUpdate()
                .set(SPENT_READS.READS, SPENT_READS.READS.plus(100L))
                .execute();

        await().atMost(Duration.ofSeconds(5))
                .untilAsserted(() -> assertThat(
                                keyless.post(PEEK, null, null, "x-api-key", key).header("X-Monthly-Remaining"))
                        .isEqualTo(Long.toString(limit - 101)));
        Reply read = keyless.getWith(FLUIDS, "x-api-key", key);
        assertThat(read.header("X-Monthly-Remaining")).isEqualTo(Long.toString(limit - 102));
    }

    @Test
    void theSixtyFirstRequestOfAMinuteOnAFreeKeyIsRateLimited() {
        String key = TestKeys.issue(db, Plan.FREE);
        Map<String, Integer> admittedPerWindow = new HashMap<>();
        Reply refused = null;
        for (int i = 0; i < 150 && refused == null; i++) {
            Reply reply = keyless.getWith(FLUIDS, "x-api-key", key);
            if (reply.status() == 429) {
                refused = reply;
            } else {
                assertThat(reply.status()).isEqualTo(200);
                admittedPerWindow.merge(reply.header("X-RateLimit-Reset"), 1, Integer::sum);
            }
        }

        assertThat(refused).as("a 429 within 150 requests").isNotNull();
        JsonNode body = refused.error(429, "rate_limited");
        assertThat(body.path("message").asString()).contains("60 requests/minute");
        long retryAfter = Long.parseLong(refused.header("Retry-After"));
        assertThat(retryAfter).isBetween(1L, 60L);
        assertThat(refused.header("X-RateLimit-Remaining")).isEqualTo("0");
        assertThat(admittedPerWindow.get(refused.header("X-RateLimit-Reset"))).isEqualTo(60);
        assertThat(admittedPerWindow.values())
                .allSatisfy(admitted -> assertThat(admitted).isLessThanOrEqualTo(60));
    }

    @Test
    void aSpentMonthlyQuotaAnswers429UntilTheFirstOfNextMonth() {
        String key = keys.issue(new NewKey("quota test", Plan.ENTERPRISE, null, 1_000L, 3L, null))
                .key();

        for (int i = 0; i < 3; i++) {
            // A failure costs no read. Its read comes back once its answer is complete, which the
            // client may see a moment before: a POST where no route is shows the month's remaining reads
            // without spending one (a wrong method on a route's path is 405 before any key is looked at).
            assertThat(keyless.getWith("/api/v1/fluids?vin=123", "x-api-key", key)
                            .status())
                    .isEqualTo(400);
            long left = 3 - i;
            await().atMost(Duration.ofSeconds(2))
                    .untilAsserted(() -> assertThat(keyless.post(PEEK, null, null, "x-api-key", key)
                                    .header("X-Monthly-Remaining"))
                            .isEqualTo(Long.toString(left)));
            assertThat(keyless.getWith(FLUIDS, "x-api-key", key).status()).isEqualTo(200);
        }
        Reply spent = keyless.getWith(FLUIDS, "x-api-key", key);

        spent.error(429, "read_quota_exceeded");
        assertThat(spent.header("X-Monthly-Remaining")).isEqualTo("0");
        Instant renewal = YearMonth.now(ZoneOffset.UTC)
                .plusMonths(1)
                .atDay(1)
                .atStartOfDay()
                .toInstant(ZoneOffset.UTC);
        long expected = Duration.between(Instant.now(), renewal).toSeconds();
        assertThat(Long.parseLong(spent.header("Retry-After"))).isBetween(expected - 5, expected + 5);
        assertThat(spent.body().path("message").asString())
                .contains(renewal.atOffset(ZoneOffset.UTC).toLocalDate().toString());
    }

    @Test
    void anAddressThatKeepsFailingAuthenticationIsHeldOff() {
        String address = address();
        String valid = TestKeys.issue(db, Plan.FREE);
        List<Integer> statuses = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            statuses.add(keyless.getWith(FLUIDS, "X-Forwarded-For", address, "x-api-key", ApiKeys.generate())
                    .status());
        }
        Reply held = keyless.getWith(FLUIDS, "X-Forwarded-For", address, "x-api-key", valid);

        assertThat(statuses.subList(0, 10)).containsOnly(401);
        assertThat(statuses.subList(10, 12)).containsOnly(429);
        held.error(429, "rate_limited");
        assertThat(Long.parseLong(held.header("Retry-After"))).isBetween(1L, 60L);
        // another address is not affected
        assertThat(keyless.getWith(FLUIDS, "X-Forwarded-For", address(), "x-api-key", valid)
                        .status())
                .isEqualTo(200);
    }

    /**
     * Text that is no address, as a client may write it left of what the gateway appends, is not believed and makes
     * no budget of its own: the failures count against the address right of it. (Text alone would leave the
     * connection's address, loopback, which the other tests share; TrustedProxiesTest shows that case.)
     */
    @Test
    void forwardedForTextThatIsNoAddressMakesNoBudgetOfItsOwn() {
        String client = address();
        List<Integer> statuses = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            // over-long, not an address, and another one on every request
            String garbage = "x".repeat(300) + i;
            statuses.add(
                    keyless.getWith(FLUIDS, "X-Forwarded-For", garbage + ", " + client, "x-api-key", ApiKeys.generate())
                            .status());
        }

        assertThat(statuses.subList(0, 10)).containsOnly(401);
        assertThat(statuses.subList(10, 12)).containsOnly(429);
    }

    @Test
    void aLongForwardedForListCountsItsClientEntry() {
        String client = "198.51.100." + (ADDRESSES.incrementAndGet() % 250 + 1);
        StringBuilder hops = new StringBuilder();
        for (int i = 0; i < 200; i++) {
            hops.append("203.0.113.").append(i % 250).append(", ");
        }
        String forwardedFor = hops + client;
        List<Integer> statuses = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            statuses.add(keyless.getWith(FLUIDS, "X-Forwarded-For", forwardedFor, "x-api-key", ApiKeys.generate())
                    .status());
        }

        assertThat(statuses.subList(0, 10)).containsOnly(401);
        assertThat(statuses.subList(10, 12)).containsOnly(429);
    }

    @Test
    void theStatusDocumentNeedsNoKey() {
        assertThat(keyless.get("/api/v1/status").status()).isEqualTo(200);
    }

    @Test
    void anUnknownPathUnderApiNeedsAKeyBeforeItIsA404() {
        keyless.getWith("/api/v1/nothing", "X-Forwarded-For", address()).error(401, "invalid_api_key");
        keyless.getWith("/api/v1/nothing", "x-api-key", TestKeys.issue(db, Plan.FREE))
                .error(404, "not_found");
    }

    /** A client address of its own per test, so that failed authentications of one test do not hold off another. */
    private static String address() {
        return "10.77." + (ADDRESSES.get() / 250) + "." + (ADDRESSES.incrementAndGet() % 250 + 1);
    }
}
