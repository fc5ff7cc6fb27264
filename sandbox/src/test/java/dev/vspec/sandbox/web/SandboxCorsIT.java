package dev.vspec.sandbox.web;

import static dev.vspec.sandbox.ReferenceVehicle.VIN;
import static org.assertj.core.api.Assertions.assertThat;

import dev.vspec.access.Window;
import dev.vspec.sandbox.SandboxClient;
import dev.vspec.sandbox.SandboxHttpIT;
import dev.vspec.testing.Api;
import org.junit.jupiter.api.Test;

/**
 * A browser's preflight counts against the budgets like any request, and the site may read a 429 and its wait; the
 * CORS rules themselves are SandboxCorsTest's.
 */
class SandboxCorsIT extends SandboxHttpIT {

    private static final String ROUTE = "/api/sample/v1/fluids?vin=" + VIN;

    @Test
    void aPreflightCountsLikeAnyRequest() {
        awaitTimeLeftIn(Window.MINUTE, 20);
        SandboxClient client = newClient();

        assertThat(preflight(client, SITE, "GET", null).header("X-RateLimit-Remaining"))
                .isEqualTo("29");
        assertThat(preflight(client, "https://evil.example", "GET", null).header("X-RateLimit-Remaining"))
                .isEqualTo("28");
        assertThat(client.get(ROUTE).header("X-RateLimit-Remaining")).isEqualTo("27");
    }

    @Test
    void theSiteMayReadA429AndItsWait() {
        awaitTimeLeftIn(Window.MINUTE, 20);
        SandboxClient client = newClient();
        for (int i = 0; i < 30; i++) {
            assertThat(client.get(ROUTE, "Origin", SITE).status()).isEqualTo(200);
        }

        Api.Reply refused = client.get(ROUTE, "Origin", SITE);

        refused.error(429, "rate_limited");
        assertThat(refused.header("Access-Control-Allow-Origin")).isEqualTo(SITE);
        assertThat(refused.header("Access-Control-Expose-Headers")).contains("Retry-After", "X-RateLimit-Remaining");
        assertThat(refused.header("Retry-After")).isNotBlank();
    }

    private static Api.Reply preflight(SandboxClient client, String origin, String method, String headers) {
        return headers == null
                ? client.send("OPTIONS", ROUTE, "Origin", origin, "Access-Control-Request-Method", method)
                : client.send(
                        "OPTIONS",
                        ROUTE,
                        "Origin",
                        origin,
                        "Access-Control-Request-Method",
                        method,
                        "Access-Control-Request-Headers",
                        headers);
    }
}
