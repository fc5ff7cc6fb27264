package dev.vspec.gateway;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.vspec.platform.web.RequestChain;
import dev.vspec.testing.Api;
import dev.vspec.testing.ServedChain;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.boot.webmvc.error.DefaultErrorAttributes;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.web.servlet.handler.HandlerExceptionResolverComposite;
import tools.jackson.databind.JsonNode;

/**
 * The gateway over stub backends: routing, what passes through unchanged, its own errors (a
 * backend down or too slow: 502; a route without a backend: 503), error decoration, CORS and logs.
 */
@ExtendWith(OutputCaptureExtension.class)
class GatewayIT {

    static final String SITE = "https://site.example";

    private static StubBackend querySide;
    private static StubBackend sandbox;
    private static ConfigurableApplicationContext gateway;
    private static ConfigurableApplicationContext unconfigured;
    private static Api api;

    @BeforeAll
    static void start() throws IOException {
        querySide = new StubBackend("query-side");
        sandbox = new StubBackend("sandbox");
        gateway = GatewayApplication.application()
                .run(
                        "--server.port=0",
                        "--spring.main.banner-mode=off",
                        "--vspec.site.url=" + SITE,
                        "--logging.level.vspec.requests=DEBUG",
                        "--vspec.backends.query-side=" + querySide.url(),
                        "--vspec.backends.sandbox=" + sandbox.url(),
                        "--vspec.backends.command-side=http://127.0.0.1:" + closedPort(),
                        "--vspec.backends.reads-timeout=1s");
        unconfigured = GatewayApplication.application()
                .run(
                        "--server.port=0",
                        "--spring.main.banner-mode=off",
                        "--vspec.site.url=" + SITE,
                        "--logging.level.vspec.requests=DEBUG",
                        "--vspec.backends.query-side=",
                        "--vspec.backends.sandbox=",
                        "--vspec.backends.command-side=");
        api = new Api(port(gateway));
    }

    @AfterAll
    static void stop() {
        for (AutoCloseable closeable : new AutoCloseable[] {gateway, unconfigured, querySide, sandbox}) {
            try {
                if (closeable != null) {
                    closeable.close();
                }
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }
    }

    /** The order GatewayRequestChain declares: its filters, and its exception resolver ahead of Spring's. */
    @Test
    void aRequestIsWrappedInTheDeclaredOrder() {
        ServedChain served = ServedChain.of(gateway, "GET", "/api/v1/echo");

        assertThat(served.filterNames())
                .as(served.describe())
                .containsExactlyElementsOf(gateway.getBean(RequestChain.class).filters());
        assertThat(served.exceptionResolvers())
                .as(served.describe())
                .containsExactly(
                        "dev.vspec.gateway.web.GatewayErrors",
                        DefaultErrorAttributes.class.getName(),
                        HandlerExceptionResolverComposite.class.getName());
    }

    @Test
    void readsGoToTheQuerySideWithTheirPathQueryAndClientAddress() {
        JsonNode echo = api.getWith("/api/v1/echo?vin=19XFC2F52KE715372&x=a%20b", "X-Forwarded-For", "203.0.113.9")
                .ok();

        assertThat(echo.path("backend").asString()).isEqualTo("query-side");
        assertThat(echo.path("path").asString()).isEqualTo("/api/v1/echo");
        assertThat(echo.path("query").asString()).isEqualTo("vin=19XFC2F52KE715372&x=a%20b");
        // the client's own entry stays, and the gateway appends the address it saw
        assertThat(echo.at("/headers/x-forwarded-for").asString().split("\\s*,\\s*"))
                .containsExactly("203.0.113.9", "127.0.0.1");
    }

    @Test
    void theSandboxGetsEveryMethodUnderItsPrefix() {
        assertThat(api.get("/api/sample/v1/echo").ok().path("backend").asString())
                .isEqualTo("sandbox");
        assertThat(api.post("/api/sample/v0/echo", "application/json", "{}")
                        .json(200)
                        .path("method")
                        .asString())
                .isEqualTo("POST");
    }

    @Test
    void theBackendAnswersUnderTheGatewaysRequestId() {
        Api.Reply reply = api.get("/api/v1/echo");

        assertThat(reply.ok().at("/headers/x-request-id").asString()).isEqualTo(reply.requestId());
        assertThat(reply.headers().allValues("X-Request-Id")).as("sent once").hasSize(1);
    }

    @Test
    void budgetCachingAndEtagHeadersPassThroughUnchanged() {
        Api.Reply reply = api.get("/api/v1/echo");

        assertThat(reply.header("X-RateLimit-Limit")).isEqualTo("60");
        assertThat(reply.header("X-RateLimit-Remaining")).isEqualTo("59");
        assertThat(reply.header("X-RateLimit-Reset")).isEqualTo("1795250000");
        assertThat(reply.header("X-Monthly-Limit")).isEqualTo("10000");
        assertThat(reply.header("X-Monthly-Remaining")).isEqualTo("9999");
        assertThat(reply.header("RateLimit-Policy")).isEqualTo("30;w=60, 500;w=86400");
        assertThat(reply.header("RateLimit-Limit")).isEqualTo("30");
        assertThat(reply.header("RateLimit-Remaining")).isEqualTo("29");
        assertThat(reply.header("RateLimit-Reset")).isEqualTo("17");
        assertThat(reply.header("Retry-After")).isEqualTo("17");
        assertThat(reply.header("ETag")).isEqualTo("\"abc123\"");
        assertThat(reply.header("Cache-Control")).isEqualTo("public, max-age=300");
    }

    /** The gateway keeps its connections to a backend open: a request does not pay for a new one. */
    @Test
    void requestsInTurnShareOneConnectionToTheBackend() {
        int before = querySide.connections();
        for (int i = 0; i < 20; i++) {
            api.get("/api/v1/echo?n=" + i).ok();
        }

        assertThat(querySide.connections() - before).isLessThanOrEqualTo(1);
    }

    /** A compressed answer passes as the backend compressed it, for the client that asked for it. */
    @Test
    void acceptEncodingGoesToTheBackendAndItsGzipComesBackUntouched() throws IOException {
        HttpResponse<byte[]> reply = api.bytes("/api/v1/gzip", "Accept-Encoding", "gzip");

        assertThat(reply.statusCode()).isEqualTo(200);
        assertThat(reply.headers().firstValue("Content-Encoding")).hasValue("gzip");
        assertThat(reply.headers().allValues("Vary")).contains("Accept-Encoding");
        try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(reply.body()))) {
            assertThat(Api.json(new String(in.readAllBytes(), StandardCharsets.UTF_8))
                            .path("accept_encoding")
                            .asString())
                    .isEqualTo("gzip");
        }
    }

    @Test
    void aBackendErrorIsDecoratedAndKeepsItsFields() {
        Api.Reply reply = api.get("/api/v1/conflict");
        JsonNode error = reply.body();

        assertThat(reply.status()).isEqualTo(409);
        assertThat(error.propertyNames().iterator().next()).isEqualTo("object");
        assertThat(error.path("object").asString()).isEqualTo("error");
        assertThat(error.path("error").asString()).isEqualTo("multiple_matches");
        assertThat(error.path("docs").asString()).isEqualTo(SITE + "/docs#multiple_matches");
        assertThat(error.path("matches").get(0).path("config_key").asString())
                .isEqualTo("2019-honda-civic-lx-k20c2-fwd");
        assertThat(error.path("available").get(0).asString()).isEqualTo("vin=19XFC2F52KE715372");
        assertThat(error.path("request_id").asString()).isEqualTo("backend-request-id-1");
        assertThat(Long.parseLong(reply.header("Content-Length")))
                .isEqualTo(reply.text().getBytes(java.nio.charset.StandardCharsets.UTF_8).length);
    }

    @Test
    void anErrorThatIsNotARecordPassesAsItIs() {
        Api.Reply reply = api.get("/api/v1/plain-error");

        assertThat(reply.status()).isEqualTo(500);
        assertThat(reply.text()).isEqualTo("backend trouble");
    }

    @Test
    void aBackendThatRefusesIs502UpstreamUnreachable() {
        Api.Reply reply = api.post("/api/v0/enrich", "application/json", "{\"vin\":\"19XFC2F52KE715372\"}");
        JsonNode error = reply.error(502, "upstream_unreachable");
        assertThat(reply.header("Retry-After")).as("a retry may find it back").isEqualTo("5");

        assertThat(error.path("object").asString()).isEqualTo("error");
        assertThat(error.path("docs").asString()).isEqualTo(SITE + "/docs#upstream_unreachable");
    }

    /** The query side answers a read, or refuses a method no read takes with 405 and Allow. */
    @ParameterizedTest
    @ValueSource(strings = {"PUT", "DELETE", "PATCH", "POST", "OPTIONS", "HEAD"})
    void everyMethodOnAPathOtherThanAWritesGoesToTheQuerySide(String method) {
        Api.Reply reply = api.send(method, "/api/v1/echo", null);

        assertThat(reply.status()).isEqualTo(200);
        if (!method.equals("HEAD")) {
            assertThat(reply.body().path("backend").asString()).isEqualTo("query-side");
            assertThat(reply.body().path("method").asString()).isEqualTo(method);
        }
    }

    /** No one backend knows every method of a write's path, so the gateway answers them, without asking either. */
    @Test
    void aWrongMethodOnAWritesPathIs405ListingTheMethodsOfBothBackends() {
        for (String method : List.of("PUT", "DELETE", "PATCH")) {
            Api.Reply reply = api.send(method, "/api/v0/enrich", null);
            JsonNode error = reply.error(405, "method_not_allowed");
            assertThat(reply.header("Allow")).isEqualTo("GET,HEAD,POST,OPTIONS");
            assertThat(error.path("message").asString())
                    .isEqualTo(method + " is not accepted on /api/v0/enrich; it takes GET, HEAD, POST, OPTIONS");
            assertThat(error.path("docs").asString()).isEqualTo(SITE + "/docs#method_not_allowed");
        }
        Api.Reply get = api.get("/api/request-access");
        get.error(405, "method_not_allowed");
        assertThat(get.header("Allow")).isEqualTo("POST,OPTIONS");

        Api.Reply options = api.send("OPTIONS", "/api/v0/enrich", null);
        assertThat(options.status()).isEqualTo(200);
        assertThat(options.header("Allow")).isEqualTo("GET,HEAD,POST,OPTIONS");
        assertThat(api.get("/api/v0/enrich?job_id=enr_19XFC2F52KE715372_1")
                        .ok()
                        .path("backend")
                        .asString())
                .isEqualTo("query-side");
    }

    /** A key's webhooks live on the command side, every method of theirs; a method no side takes is 405 here. */
    @Test
    void webhookRoutesGoToTheCommandSideAndAWrongMethodIs405() {
        for (String[] request : new String[][] {
            {"GET", "/api/v0/webhooks"},
            {"GET", "/api/v0/webhooks/deliveries"},
            {"DELETE", "/api/v0/webhooks/wh_0123456789abcdefghijklmn"}
        }) {
            // the command side here is a closed port: a request routed to it fails, where the query side would echo it
            api.send(request[0], request[1], null).error(502, "upstream_unreachable");
        }
        api.post("/api/v0/webhooks", "application/json", "{\"url\":\"https://example.com\"}")
                .error(502, "upstream_unreachable");

        Api.Reply delete = api.send("DELETE", "/api/v0/webhooks", null);
        delete.error(405, "method_not_allowed");
        assertThat(delete.header("Allow")).isEqualTo("GET,HEAD,POST,OPTIONS");
        Api.Reply post = api.post("/api/v0/webhooks/deliveries", "application/json", "{}");
        post.error(405, "method_not_allowed");
        assertThat(post.header("Allow")).isEqualTo("GET,HEAD,OPTIONS");
        Api.Reply get = api.get("/api/v0/webhooks/wh_0123456789abcdefghijklmn");
        get.error(405, "method_not_allowed");
        assertThat(get.header("Allow")).isEqualTo("DELETE,OPTIONS");
    }

    @Test
    void theGatewaysOwnPagesAnswerAWrongMethodAsTheApiDoesWithoutAWarning(CapturedOutput output) {
        int before = output.getAll().length();
        Api.Reply reply = api.send("PUT", "/docs", null);

        reply.error(405, "method_not_allowed");
        assertThat(reply.header("Allow")).isEqualTo("GET,HEAD,OPTIONS");
        api.get("/error").error(404, "not_found");
        assertThat(output.getAll().substring(before)).doesNotContain("DefaultHandlerExceptionResolver", "WARN");
    }

    @Test
    void aBackendSlowerThanItsRoutesTimeoutIs502() {
        JsonNode error = api.get("/api/v1/slow").error(502, "upstream_unreachable");

        assertThat(error.path("message").asString()).contains("did not answer in time");
    }

    @Test
    void anErrorThatStopsHalfwayBecomesAClean502() {
        Api.Reply reply = api.get("/api/v1/stalled-error");

        JsonNode error = reply.error(502, "upstream_unreachable");
        assertThat(error.path("object").asString()).isEqualTo("error");
        assertThat(reply.text()).startsWith("{\"object\":\"error\"").doesNotContain("multiple_");
    }

    @Test
    void eachRouteHasItsOwnTimeout() throws Exception {
        // the reads' 1 s timeout is not the sandbox's: a sandbox answer 1.5 s late still arrives
        CompletableFuture<Api.Reply> late = CompletableFuture.supplyAsync(() -> api.get("/api/sample/v1/slow"));
        await().during(Duration.ofMillis(1500)).atMost(Duration.ofSeconds(3)).until(() -> !late.isDone());
        sandbox.release();

        assertThat(late.get(10, TimeUnit.SECONDS).status()).isEqualTo(200);
    }

    @ParameterizedTest
    @ValueSource(strings = {"/api/v1/fluids?vin=19XFC2F52KE715372", "/api/sample/v1/fluids"})
    void aRouteWithoutABackendIs503GatewayUnconfigured(String path) {
        JsonNode error = new Api(port(unconfigured)).get(path).error(503, "gateway_unconfigured");

        assertThat(error.path("object").asString()).isEqualTo("error");
        assertThat(error.path("docs").asString()).isEqualTo(SITE + "/docs#gateway_unconfigured");
    }

    @Test
    void theLiveApiAllowsAnyOriginWithTheSpecifiedHeaders() {
        Api.Reply preflight =
                preflight("/api/v1/fluids", "https://anyone.example", "GET", "authorization, x-api-key, content-type");

        assertThat(preflight.status()).isEqualTo(204);
        assertThat(preflight.header("Access-Control-Allow-Origin")).isEqualTo("*");
        assertThat(Api.fields(preflight.headers(), "Access-Control-Allow-Headers"))
                .containsExactly("authorization", "content-type", "x-api-key");
        assertThat(Api.fields(preflight.headers(), "Access-Control-Allow-Methods"))
                .containsExactlyInAnyOrder("get", "head", "post");
        assertThat(preflight.header("X-RateLimit-Limit"))
                .as("a preflight never reaches a backend")
                .isNull();

        Api.Reply read = api.getWith("/api/v1/echo", "Origin", "https://anyone.example");
        assertThat(read.headers().allValues("Access-Control-Allow-Origin")).containsExactly("*");
        assertThat(read.header("Access-Control-Expose-Headers").split(", "))
                .as("a page may read the limits, the request id and a listing's next page")
                .contains(
                        "X-RateLimit-Remaining", "X-Monthly-Remaining", "Retry-After", "X-Request-Id", "ETag", "Link");
    }

    @Test
    void everyLiveAnswerAllowsAnyOriginEvenWithoutOne() {
        assertThat(api.get("/api/v1/echo").header("Access-Control-Allow-Origin"))
                .as("a cached answer suits any page")
                .isEqualTo("*");
        assertThat(api.post("/api/v0/enrich", "application/json", "{}").header("Access-Control-Allow-Origin"))
                .as("the gateway's own errors too")
                .isEqualTo("*");
        assertThat(preflight("/api", "https://anyone.example", "GET", null).header("Access-Control-Allow-Origin"))
                .isEqualTo("*");
    }

    @Test
    void theLiveApiRefusesHeadersAndMethodsBeyondTheSpecification() {
        assertThat(preflight("/api/v1/fluids", "https://anyone.example", "GET", "x-debug")
                        .header("Access-Control-Allow-Origin"))
                .isNull();
        assertThat(preflight("/api/v1/fluids", "https://anyone.example", "DELETE", null)
                        .header("Access-Control-Allow-Origin"))
                .isNull();
    }

    @Test
    void theSandboxAllowsTheSiteAlone() {
        Api.Reply site = preflight("/api/sample/v1/fluids", SITE, "GET", "content-type");
        assertThat(site.status()).isEqualTo(204);
        assertThat(site.header("Access-Control-Allow-Origin")).isEqualTo(SITE);
        assertThat(Api.fields(site.headers(), "Access-Control-Allow-Methods")).containsExactlyInAnyOrder("get", "head");

        Api.Reply other = preflight("/api/sample/v1/fluids", "https://elsewhere.example", "GET", null);
        assertThat(other.status()).isEqualTo(204);
        assertThat(other.headers().map().keySet())
                .noneMatch(name -> name.toLowerCase().startsWith("access-control-"));

        Api.Reply fromSite = api.getWith("/api/sample/v1/echo", "Origin", SITE);
        assertThat(fromSite.headers().allValues("Access-Control-Allow-Origin")).containsExactly(SITE);
        Api.Reply fromElsewhere = api.getWith("/api/sample/v1/echo", "Origin", "https://elsewhere.example");
        assertThat(fromElsewhere.header("Access-Control-Allow-Origin"))
                .as("the backend's own CORS header is dropped too")
                .isNull();
        assertThat(fromElsewhere.headers().allValues("Vary")).contains("Origin");
    }

    @Test
    void keysAreNeverLoggedAndQueriesAreLoggedRedacted(CapturedOutput output) {
        String header = "vsk_live_GatewayHeaderKey000000000000000abcdef";
        String bearer = "vsk_live_GatewayBearerKey000000000000000abcdef";
        String inQuery = "vsk_live_GatewayQueryKey0000000000000000abcdef";

        api.getWith(
                "/api/v1/echo?vin=19XFC2F52KE715372&api_key=" + inQuery,
                "x-api-key",
                header,
                "Authorization",
                "Bearer " + bearer);

        // the request log is written once the answer has gone
        await().atMost(Duration.ofSeconds(5))
                .untilAsserted(() ->
                        assertThat(output.getAll()).contains("/api/v1/echo?vin=19XFC2F52KE715372&api_key=[redacted]"));
        assertThat(output.getAll()).doesNotContain(header, bearer, inQuery);
    }

    @Test
    void anUnknownPathOutsideTheApiIsAJson404() {
        api.get("/nothing-here").error(404, "not_found");
    }

    private static Api.Reply preflight(String path, String origin, String method, String headers) {
        return headers == null
                ? api.sendWith("OPTIONS", path, "Origin", origin, "Access-Control-Request-Method", method)
                : api.sendWith(
                        "OPTIONS",
                        path,
                        "Origin",
                        origin,
                        "Access-Control-Request-Method",
                        method,
                        "Access-Control-Request-Headers",
                        headers);
    }

    private static int closedPort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    private static int port(ConfigurableApplicationContext context) {
        return ((WebServerApplicationContext) context).getWebServer().getPort();
    }
}
