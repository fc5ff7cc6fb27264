package dev.vspec.sandbox.web;

import static dev.vspec.sandbox.ReferenceVehicle.CONFIG_KEY;
import static dev.vspec.sandbox.ReferenceVehicle.VIN;
import static dev.vspec.sandbox.SandboxHttpIT.SITE;
import static org.assertj.core.api.Assertions.assertThat;

import dev.vspec.query.lookup.HeldVehicle;
import dev.vspec.sandbox.SandboxWebSlice;
import dev.vspec.testing.Api;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Only the site may read the sandbox from a browser, with the read methods and the API's headers. How preflights and
 * refusals count against the budgets in PostgreSQL is SandboxCorsIT's.
 */
class SandboxCorsTest extends SandboxWebSlice {

    private static final String ROUTE = "/api/sample/v1/fluids?vin=" + VIN;

    @BeforeEach
    void holdTheReferenceVehicle() {
        HeldVehicle.resolveEveryLookupTo(vehicles, CONFIG_KEY);
    }

    @Test
    void theSitesPreflightIsAllowedReadMethodsAndTheApisHeaders() {
        Api.Reply preflight = preflight(SITE, "GET", "x-api-key, content-type");

        assertThat(preflight.status()).isEqualTo(204);
        assertThat(preflight.header("Access-Control-Allow-Origin")).isEqualTo(SITE);
        assertThat(Api.fields(preflight.headers(), "Access-Control-Allow-Methods"))
                .containsExactlyInAnyOrder("get", "head", "options");
        assertThat(preflight.header("Access-Control-Allow-Headers")).isEqualTo("x-api-key, content-type");
        assertThat(preflight.header("Access-Control-Max-Age")).isEqualTo("600");
        assertThat(Api.varyFields(preflight.headers())).contains("origin");
    }

    @Test
    void theSitesRequestMayReadTheAnswerAndItsLimitHeaders() {
        Api.Reply reply = api.getWith(ROUTE, "Origin", SITE);

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
        Api.Reply preflight = preflight(origin, "GET", "x-api-key");
        Api.Reply request = api.getWith(ROUTE, "Origin", origin);

        assertThat(preflight.status()).isEqualTo(204);
        assertThat(preflight.headers().map().keySet())
                .noneMatch(name -> name.toLowerCase().startsWith("access-control-"));
        assertThat(request.headers().map().keySet())
                .noneMatch(name -> name.toLowerCase().startsWith("access-control-"));
        assertThat(Api.varyFields(request.headers())).contains("origin");
    }

    @Test
    void theSiteMayNotPreflightAWrite() {
        Api.Reply preflight = preflight(SITE, "POST", "content-type");

        assertThat(preflight.header("Access-Control-Allow-Origin")).isNull();
        assertThat(preflight.header("Access-Control-Allow-Methods")).isNull();
    }

    @Test
    void theSiteMayNotPreflightHeadersTheApiDoesNotRead() {
        Api.Reply preflight = preflight(SITE, "GET", "x-api-key, x-debug-everything");

        assertThat(preflight.header("Access-Control-Allow-Origin")).isNull();
    }

    @Test
    void aRequestWithoutOriginGetsNoAllowanceButVariesByOrigin() {
        Api.Reply reply = api.get(ROUTE);

        assertThat(reply.header("Access-Control-Allow-Origin")).isNull();
        assertThat(Api.varyFields(reply.headers())).contains("origin");
    }

    private Api.Reply preflight(String origin, String method, String headers) {
        return api.sendWith(
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
