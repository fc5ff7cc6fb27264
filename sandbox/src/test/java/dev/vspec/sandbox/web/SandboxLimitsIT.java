package dev.vspec.sandbox.web;

import static dev.vspec.sandbox.ReferenceVehicle.VIN;
import static org.assertj.core.api.Assertions.assertThat;

import dev.vspec.access.SharedBudgets;
import dev.vspec.access.Window;
import dev.vspec.sandbox.SandboxApplication;
import dev.vspec.sandbox.SandboxClient;
import dev.vspec.sandbox.SandboxHttpIT;
import dev.vspec.testing.Api;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.env.Environment;
import tools.jackson.databind.JsonNode;

/**
 * The per-address limits, shared by two sandbox instances on one database. The second instance
 * trusts no proxy on loopback, so it counts the connection's own address and ignores
 * X-Forwarded-For.
 */
class SandboxLimitsIT extends SandboxHttpIT {

    private static final String ROUTE = "/api/sample/v1/fluids?vin=" + VIN;
    private static final String LOOPBACK = "127.0.0.1";
    private static ConfigurableApplicationContext second;

    @Autowired
    Environment environment;

    @Autowired
    SharedBudgets budgets;

    @BeforeEach
    void startSecondInstance() {
        if (second == null) {
            second = SandboxApplication.application()
                    .run(
                            "--server.port=0",
                            "--spring.main.banner-mode=off",
                            "--spring.datasource.url=" + environment.getProperty("spring.datasource.url"),
                            "--spring.datasource.username=" + environment.getProperty("spring.datasource.username"),
                            "--spring.datasource.password=" + environment.getProperty("spring.datasource.password", ""),
                            "--vspec.site.url=" + SITE,
                            "--vspec.trusted-proxies=192.0.2.1");
        }
    }

    @AfterAll
    static void stopSecondInstance() {
        if (second != null) {
            second.close();
            second = null;
        }
    }

    @Test
    void bothInstancesCountOneBudgetPerAddressExactly() {
        awaitTimeLeftInTheMinute();
        // both instances see the connection's own address: no X-Forwarded-For
        Api first = new Api(port);
        Api other = new Api(secondPort());
        Api.Reply opening = first.get(ROUTE);
        assertThat(opening.status()).isEqualTo(200);
        long expected = Long.parseLong(opening.header("X-RateLimit-Remaining")) - 1;
        assertThat(expected)
                .as("most of the minute's budget is left to count down")
                .isGreaterThanOrEqualTo(20);
        int sent = 0;
        while (expected >= 0) {
            Api.Reply reply = (sent++ % 2 == 0 ? other : first).get(ROUTE);
            assertThat(reply.status()).isEqualTo(200);
            assertThat(reply.header("X-RateLimit-Remaining")).isEqualTo(Long.toString(expected--));
        }

        for (Api instance : new Api[] {first, other}) {
            Api.Reply refused = instance.get(ROUTE);
            JsonNode error = refused.error(429, "rate_limited");
            assertThat(error.path("object").asString()).isEqualTo("error");
            assertThat(error.path("message").asString()).contains("30 requests per minute");
            assertThat(refused.header("X-RateLimit-Remaining")).isEqualTo("0");
            assertThat(Long.parseLong(refused.header("Retry-After"))).isBetween(1L, 60L);
        }
    }

    @Test
    void xForwardedForIsBelievedOnlyFromATrustedProxy() {
        awaitTimeLeftInTheMinute();
        SandboxClient trusted = newClient();
        SandboxClient spoofing = new SandboxClient(secondPort(), trusted.address());

        assertThat(trusted.get(ROUTE).header("X-RateLimit-Remaining")).isEqualTo("29");
        spoofing.get(ROUTE);
        spoofing.get(ROUTE);

        assertThat(trusted.get(ROUTE).header("X-RateLimit-Remaining"))
                .as("the untrusted instance counted its peer, not the forwarded address")
                .isEqualTo("28");
    }

    @Test
    void theDayRunsOutAt500AndIsToldUntilMidnight() {
        awaitTimeLeftIn(Window.DAY, 30);
        awaitTimeLeftInTheMinute();
        SandboxClient client = newClient();
        for (int i = 0; i < 499; i++) {
            assertThat(budgets.take(
                                    SandboxLimits.subject(client.address(), Window.DAY),
                                    500,
                                    Window.DAY,
                                    Long.MAX_VALUE)
                            .admitted())
                    .isTrue();
        }

        Api.Reply last = client.get(ROUTE);
        assertThat(last.status()).isEqualTo(200);
        assertThat(last.header("X-RateLimit-Remaining")).isEqualTo("29");
        assertThat(last.header("RateLimit-Limit")).isEqualTo("500");
        assertThat(last.header("RateLimit-Remaining")).isEqualTo("0");
        long toMidnight = Duration.between(
                        Instant.now(),
                        Instant.now().truncatedTo(ChronoUnit.DAYS).plus(Duration.ofDays(1)))
                .toSeconds();
        assertThat(Long.parseLong(last.header("RateLimit-Reset"))).isBetween(toMidnight - 5, toMidnight + 5);

        Api.Reply refused = client.get(ROUTE);
        JsonNode error = refused.error(429, "rate_limited");
        assertThat(error.path("message").asString()).contains("500 requests per day");
        assertThat(Long.parseLong(refused.header("Retry-After"))).isBetween(toMidnight - 5, toMidnight + 5);
        assertThat(refused.header("RateLimit-Remaining")).isEqualTo("0");
    }

    private static int secondPort() {
        return ((WebServerApplicationContext) second).getWebServer().getPort();
    }

    private static void awaitTimeLeftInTheMinute() {
        awaitTimeLeftIn(Window.MINUTE, 20);
    }
}
