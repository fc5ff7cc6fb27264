package dev.vspec.sandbox.web;

import static dev.vspec.sandbox.ReferenceVehicle.VIN;
import static org.assertj.core.api.Assertions.assertThat;

import dev.vspec.infra.access.Window;
import dev.vspec.infra.testing.Api;
import dev.vspec.sandbox.SandboxClient;
import dev.vspec.sandbox.SandboxHttpIT;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Only the site's own origin may call the sandbox from a browser. */
class SandboxCorsIT extends SandboxHttpIT {

    private static final String ROUTE = "/api/sample/v1/fluids?vin=" + VIN;

    @Test
    void theSitesPreflightIsAllowedReadMethodsAndTheApisHeaders() {
        Api.Reply preflight = preflight(newClient(), SITE, "GET", "x-api-key, content-type");

        assertThat(preflight.status()).isEqualTo(204);
        assertThat(preflight.header("Access-Control-Allow-Origin")).isEqualTo(SITE);
        assertThat(Api.fields(preflight.headers(), "Access-Control-Allow-Methods"))
                .containsExactlyInAnyOrder("get", "head", "options");
        assertThat(preflight.header("Access-Control-Allow-Headers")).isEqualTo("x-api-key, content-type");
        assertThat(preflight.header("Access-Control-Max-Age")).isEqualTo("600");
        assertThat(Api.varyFields(preflight.headers())).contains("origin");
    }

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

    @Test
    void theSitesRequestMayReadTheAnswerAndItsLimitHeaders() {
        Api.Reply reply = newClient().get(ROUTE, "Origin", SITE);

        assertThat(reply.status()).isEqualTo(200);
        assertThat(reply.header("Access-Control-Allow-Origin")).isEqualTo(SITE);
        assertThat(reply.header("Access-Control-Expose-Headers").split(", "))
                .contains(
                        "X-RateLimit-Limit",
                        "X-RateLimit-Remaining",
                        "RateLimit-Policy",
                        "RateLimit-Limit",
                        "RateLimit-Remaining",
                        "RateLimit-Reset",
                        "Retry-After",
                        "X-Request-Id",
                        "ETag",
                        "Link");
    }

    @ParameterizedTest
    @ValueSource(strings = {"https://evil.example", "http://site.example", "https://site.example:8443", "null"})
    void anyOtherOriginGetsNoAllowance(String origin) {
        SandboxClient client = newClient();
        Api.Reply preflight = preflight(client, origin, "GET", "x-api-key");
        Api.Reply request = client.get(ROUTE, "Origin", origin);

        assertThat(preflight.status()).isEqualTo(204);
        assertThat(preflight.headers().map().keySet())
                .noneMatch(name -> name.toLowerCase().startsWith("access-control-"));
        assertThat(request.headers().map().keySet())
                .noneMatch(name -> name.toLowerCase().startsWith("access-control-"));
        assertThat(Api.varyFields(request.headers())).contains("origin");
    }

    @Test
    void theSiteMayNotPreflightAWrite() {
        Api.Reply preflight = preflight(newClient(), SITE, "POST", "content-type");

        assertThat(preflight.header("Access-Control-Allow-Origin")).isNull();
        assertThat(preflight.header("Access-Control-Allow-Methods")).isNull();
    }

    @Test
    void theSiteMayNotPreflightHeadersTheApiDoesNotRead() {
        Api.Reply preflight = preflight(newClient(), SITE, "GET", "x-api-key, x-debug-everything");

        assertThat(preflight.header("Access-Control-Allow-Origin")).isNull();
    }

    @Test
    void aRequestWithoutOriginGetsNoAllowanceButVariesByOrigin() {
        Api.Reply reply = newClient().get(ROUTE);

        assertThat(reply.header("Access-Control-Allow-Origin")).isNull();
        assertThat(Api.varyFields(reply.headers())).contains("origin");
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
