package dev.vspec.gateway;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;
import static org.awaitility.Awaitility.await;

import dev.vspec.testing.Api;
import dev.vspec.testing.ApiDocument;
import dev.vspec.testing.PrometheusScrape;
import dev.vspec.testing.RawHttp;
import dev.vspec.testing.Reachability;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.net.URLDecoder;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The gateway's edge, tried as a hostile or careless client would: a Content-Type that names no
 * media type, a malformed or nameless query parameter, a key in the URL, a body that never
 * arrives in full are each the client's 4xx JSON, asked of no backend, logged without the key; and
 * the public port serves the site, the API, its document and Swagger UI, and health, while metrics and info answer on a
 * management port bound to loopback.
 */
@ExtendWith(OutputCaptureExtension.class)
class GatewayEdgeIT {

    private static final String KEY = "vsk_live_GatewayEdgeKey0000000000000000abcdef";
    private static final String SECRET = KEY.substring("vsk_live_".length());
    private static final Duration BODY_TIMEOUT = Duration.ofSeconds(1);
    private static final Pattern CONTENT_LENGTH = Pattern.compile("(?i)\r\ncontent-length: (\\d+)");

    private static StubBackend backend;
    private static ConfigurableApplicationContext gateway;
    private static int port;
    private static Api api;

    @BeforeAll
    static void start() {
        backend = new StubBackend("backend");
        gateway = GatewayApplication.application()
                .run(
                        "--server.port=0",
                        "--spring.main.banner-mode=off",
                        "--logging.level.vspec.requests=DEBUG",
                        "--vspec.backends.body-timeout=" + BODY_TIMEOUT.toSeconds() + "s",
                        "--vspec.backends.query-side=" + backend.url(),
                        "--vspec.backends.sandbox=" + backend.url(),
                        "--vspec.backends.command-side=" + backend.url());
        port = ((WebServerApplicationContext) gateway).getWebServer().getPort();
        api = new Api(port);
    }

    @AfterAll
    static void stop() {
        if (gateway != null) {
            gateway.close();
        }
        if (backend != null) {
            backend.close();
        }
    }

    static Stream<Arguments> bodylessRequestsWithUnusableContentTypes() {
        return Stream.of(
                        "*/*",
                        "application/*",
                        "text/*",
                        "not a media type",
                        "application/json; charset=no-such-charset")
                .flatMap(type -> Stream.of(
                                "/api/v1/echo?vin=19XFC2F52KE715372",
                                "/api/sample/v1/echo",
                                "/docs",
                                "/actuator/health")
                        .map(path -> Arguments.of(path, type)));
    }

    @ParameterizedTest
    @MethodSource("bodylessRequestsWithUnusableContentTypes")
    void aContentTypeThatNamesNoMediaTypeIsIgnoredOnARequestWithoutABody(
            String path, String contentType, CapturedOutput output) {
        Api.Reply reply = api.getWith(path, "Content-Type", contentType);

        assertThat(reply.status()).isEqualTo(200);
        if (path.startsWith("/api/")) {
            assertThat(reply.body().at("/headers").has("content-type"))
                    .as("nothing is passed on")
                    .isFalse();
        }
        assertThat(output.getAll()).doesNotContain("Exception", "\tat ");
    }

    @Test
    void aContentTypeThatNamesNoMediaTypeIsIgnoredWhenThePageAnswersAnError(CapturedOutput output) {
        // an unsatisfiable range: the static page's handler sends an error, which Tomcat forwards to /error
        Api.Reply plain = api.getWith("/docs", "Range", "bytes=10-0");
        Api.Reply reply = api.getWith("/docs", "Content-Type", "*/*", "Range", "bytes=10-0");

        assertThat(plain.status()).isBetween(400, 499);
        assertThat(reply.status()).as("the header changes nothing").isEqualTo(plain.status());
        assertThat(reply.body().path("error").asString())
                .isEqualTo(plain.body().path("error").asString());
        assertThat(output.getAll()).doesNotContain("Exception", "\tat ");
    }

    @Test
    void aContentTypeThatNamesNoMediaTypeOnABodyIs415() {
        int asked = backend.requests();

        api.post("/api/v0/enrich", "*/*", "{\"vin\":\"19XFC2F52KE715372\"}").error(415, "unsupported_media_type");
        assertThat(backend.requests()).isEqualTo(asked);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "/api/v1/fluids?vin=%",
                "/api/v1/fluids?vin=%zz",
                "/api/v1/fluids?vin=%E2%82",
                "/api/sample/v1/fluids?vin=%",
                "/api/v1/fluids?make=honda&vin=%C3%28"
            })
    void aMalformedEscapeIs400NamingTheParameterAndAsksNoBackend(String pathAndQuery) {
        int asked = backend.requests();

        RawHttp.Answer answer = RawHttp.get(port, pathAndQuery);

        assertThat(answer.status()).isEqualTo(400);
        assertThat(answer.json().path("error").asString()).isEqualTo("invalid_param");
        assertThat(answer.json().path("message").asString()).contains("'vin'").doesNotContain("%");
        assertThat(backend.requests()).isEqualTo(asked);
    }

    @ParameterizedTest
    @ValueSource(strings = {"/api/v1/fluids?=x", "/api/v1/fluids?==v", "/api/sample/v1/fluids?vin=1&=2", "/docs?=x"})
    void aParameterWithoutANameIs400(String pathAndQuery) {
        RawHttp.Answer answer = RawHttp.get(port, pathAndQuery);

        assertThat(answer.status()).isEqualTo(400);
        assertThat(answer.json().path("error").asString()).isEqualTo("invalid_param");
    }

    @ParameterizedTest
    @ValueSource(strings = {"token", "auth", "api-key", "k", "api_key", "vin", "X-Api-Key"})
    void aKeyInAnyQueryParameterIs401AndTravelsNowhere(String name, CapturedOutput output) {
        int asked = backend.requests();

        for (String route : List.of("/api/v1/echo", "/api/sample/v1/echo", "/docs")) {
            String message = api.get(route + "?make=honda&" + name + "=" + KEY)
                    .error(401, "invalid_api_key")
                    .path("message")
                    .asString();
            assertThat(message).contains("'" + name + "'", "x-api-key header").doesNotContain(SECRET);
        }
        assertThat(backend.requests()).isEqualTo(asked);
        // the request log is written once the answer has gone
        await().atMost(Duration.ofSeconds(5))
                .untilAsserted(() -> assertThat(output.getAll()).contains(name + "=[redacted]"));
        assertThat(output.getAll()).doesNotContain(SECRET);
    }

    @Test
    void aKeyAsAParameterNameIs401AndIsNotRepeated(CapturedOutput output) {
        JsonNode error = api.get("/api/v1/echo?" + KEY + "=1").error(401, "invalid_api_key");

        assertThat(error.path("message").asString())
                .contains("a query parameter's name")
                .doesNotContain(SECRET);
        assertThat(output.getAll()).doesNotContain(SECRET);
    }

    @Test
    void aParameterThatDoesNotDecodeIsNeverLoggedRaw(CapturedOutput output) {
        assertThat(RawHttp.get(port, "/api/v1/fluids?api_key=" + KEY + "%").status())
                .isEqualTo(401);
        assertThat(RawHttp.get(port, "/api/v1/fluids?note=" + SECRET + "%zz").status())
                .isEqualTo(400);
        assertThat(RawHttp.get(port, "/api/v1/fluids?note=%76sk_live_" + SECRET).status())
                .isEqualTo(401);

        await().atMost(Duration.ofSeconds(5))
                .untilAsserted(() -> assertThat(output.getAll()).contains("/api/v1/fluids?note=[redacted]"));
        assertThat(output.getAll()).doesNotContain(SECRET);
    }

    @ParameterizedTest
    @ValueSource(strings = {"/api/sample/v1/echo/1%2B8%25G", "/api/v1/echo/100%25", "/api/v1/echo/%25zz%20x"})
    void anEncodedPercentInThePathReachesTheBackendAsTheClientMeantIt(String path) {
        Api.Reply reply = api.get(path);

        assertThat(reply.status()).isEqualTo(200);
        assertThat(reply.body().path("path").asString())
                .isEqualTo(URLDecoder.decode(path.replace("+", "%2B"), StandardCharsets.UTF_8));
    }

    @ParameterizedTest
    @ValueSource(strings = {"PUT", "PATCH", "DELETE"})
    void aMalformedFormSentWithAWrongMethodIs405(String method, CapturedOutput output) {
        String form = "name=%&email=%zz";
        RawHttp.Answer answer = RawHttp.exchange(
                port,
                method + " /api/request-access HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                        + "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: " + form.length()
                        + "\r\nConnection: close\r\n\r\n" + form);

        assertThat(answer.status()).isEqualTo(405);
        assertThat(answer.json().path("error").asString()).isEqualTo("method_not_allowed");
        assertThat(output.getAll()).doesNotContain("\tat ");
    }

    @Test
    void aBodyShorterThanItsContentLengthIs400InvalidBodyWithinTheBodyTimeout() {
        int asked = backend.requests();
        String shortBody = "POST /api/v0/enrich HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                + "Content-Length: 100\r\n\r\n{\"vin\"";

        RawHttp.Answer stalled = RawHttp.exchange(port, shortBody);
        RawHttp.Answer ended = RawHttp.sendThenEnd(port, shortBody);

        for (RawHttp.Answer answer : List.of(stalled, ended)) {
            assertThat(answer.status()).isEqualTo(400);
            assertThat(answer.json().path("error").asString()).isEqualTo("invalid_body");
            assertThat(answer.json().path("object").asString()).isEqualTo("error");
        }
        assertThat(stalled.firstByte()).isBetween(BODY_TIMEOUT.minusMillis(200), BODY_TIMEOUT.multipliedBy(3));
        assertThat(backend.requests()).isEqualTo(asked);
    }

    @Test
    void aBodyTrickledInSlowerThanTheBodyTimeoutIs400() throws Exception {
        ScheduledExecutorService trickle = Executors.newSingleThreadScheduledExecutor();
        try (Socket socket = new Socket("127.0.0.1", port)) {
            socket.setSoTimeout(30_000);
            OutputStream out = socket.getOutputStream();
            out.write(("POST /api/v0/enrich HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                            + "Content-Length: 1000\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            out.flush();
            long start = System.nanoTime();
            // one byte every 200 ms: each read is well within the timeout, the whole body never is
            trickle.scheduleAtFixedRate(
                    () -> {
                        try {
                            out.write(' ');
                            out.flush();
                        } catch (IOException closed) {
                            trickle.shutdown();
                        }
                    },
                    0,
                    200,
                    TimeUnit.MILLISECONDS);
            // the answer comes at once; the container may go on draining the trickle afterwards
            String answer = readAnswer(socket.getInputStream());
            Duration waited = Duration.ofNanos(System.nanoTime() - start);

            assertThat(answer).startsWith("HTTP/1.1 400").contains("\"invalid_body\"", "did not arrive within");
            assertThat(waited).isLessThan(BODY_TIMEOUT.multipliedBy(3));
        } finally {
            trickle.shutdownNow();
        }
    }

    @Test
    void aBodyLargerThanAnyRouteTakesIs400() {
        api.post("/api/v0/enrich", "application/json", "{\"vin\":\"" + "x".repeat(70_000) + "\"}")
                .error(400, "invalid_body");
    }

    @Test
    void aWholeBodyPassesOnByteForByteFormsToo() {
        String form = "name=Ann+Lee&email=ann%40example.com&intended_use=fleet";

        JsonNode echo = api.post("/api/request-access/echo", "application/x-www-form-urlencoded", form)
                .json(200);

        assertThat(echo.path("body").asString()).isEqualTo(form);
        assertThat(echo.path("query").isNull())
                .as("form fields stay in the body")
                .isTrue();
    }

    @ParameterizedTest
    @ValueSource(
            strings = {"/actuator/prometheus", "/actuator/info", "/actuator/metrics", "/actuator/env", "/actuator"})
    void thePublicPortServesNoActuatorButHealth(String path) {
        api.get(path).error(404, "not_found");
    }

    @ParameterizedTest
    @ValueSource(strings = {"/actuator/health", "/actuator/health/liveness", "/actuator/health/readiness"})
    void healthAndItsGroupsStayPublic(String path) {
        assertThat(api.get(path).ok().path("status").asString()).isEqualTo("UP");
    }

    @Test
    void eachBackendsRequestsAndConnectionPoolAreMeasured() {
        api.get("/api/v1/echo?vin=19XFC2F52KE715372").ok();
        int management = gateway.getEnvironment().getRequiredProperty("local.management.port", Integer.class);

        PrometheusScrape scrape = PrometheusScrape.of(management);
        assertThat(scrape.samples("http_client_requests_seconds_count"))
                .anySatisfy(sample -> {
                    assertThat(sample.labels())
                            .containsEntry("client_name", "query-side")
                            .containsEntry("status", "200");
                    assertThat(sample.value()).isPositive();
                })
                .noneSatisfy(sample -> assertThat(sample.labels().get("uri")).contains("19XFC2F52KE715372"));
        assertThat(scrape.samples("httpcomponents_httpclient_pool_total_max"))
                .extracting(sample -> sample.labels().get("httpclient"))
                .contains("query-side", "command-side", "sandbox");
    }

    /** Latency per route of the contract, not per the gateway's catch-all; a made-up path adds no series of its own. */
    @Test
    void eachRequestIsMeasuredUnderItsApiRoute() {
        api.get("/api/v1/wmi/1HG");
        api.get("/api/sample/v1/fluids?config_key=2019-honda-civic-lx-k20c2-fwd");
        api.get("/api/v1/echo/made-up-" + System.nanoTime());
        int management = gateway.getEnvironment().getRequiredProperty("local.management.port", Integer.class);

        // a request's observation ends after its answer is written: the client may read the answer first
        await().atMost(Duration.ofSeconds(10))
                .untilAsserted(() -> assertThat(
                                PrometheusScrape.of(management).samples("http_server_requests_seconds_count").stream()
                                        .map(sample -> sample.labels().get("uri"))
                                        .toList())
                        .contains("/api/v1/wmi/{wmi}", "/api/sample/v1/fluids", "/api/{unknown}")
                        .doesNotContain("/api/**")
                        .noneMatch(uri -> uri.contains("made-up") || uri.contains("1HG")));
    }

    @Test
    void metricsAndInfoAnswerOnTheManagementPortOnLoopbackAlone() {
        int management = gateway.getEnvironment().getRequiredProperty("local.management.port", Integer.class);
        Api operations = new Api(management);

        assertThat(operations
                        .getWith("/actuator/prometheus", "Accept", "text/plain")
                        .text())
                .contains("http_server_requests_seconds");
        assertThat(operations.get("/actuator/info").status()).isEqualTo(200);
        Optional<InetAddress> external = Reachability.externalAddress();
        assumeThat(external).as("a non-loopback address to try").isPresent();
        assertThat(Reachability.accepts(external.get(), management))
                .as("management port from outside")
                .isFalse();
        assertThat(Reachability.accepts(external.get(), port))
                .as("public port from outside")
                .isTrue();
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "/",
                "/docs",
                "/request-access",
                "/console",
                "/site.css",
                "/console/console.js",
                "/docs/docs.js",
                "/nothing-here"
            })
    void theSitesAnswersCarryNosniffAndAContentSecurityPolicy(String path) {
        Api.Reply reply = api.get(path);

        assertThat(reply.header("X-Content-Type-Options")).isEqualTo("nosniff");
        assertThat(reply.header("Content-Security-Policy"))
                .contains(
                        "default-src 'none'",
                        "script-src 'self'",
                        "connect-src 'self'",
                        "img-src 'self' blob:",
                        "frame-ancestors 'none'");
    }

    /** Redoc inserts style elements and searches in a blob worker; its scripts are still only the site's. */
    @ParameterizedTest
    @ValueSource(
            strings = {
                "/docs/reference",
                "/docs/reference/reference.js",
                "/docs/reference/reference.css",
                "/docs/reference/redoc.standalone.js",
                "/docs/reference/openapi.json"
            })
    void theApiReferenceIsServedUnderItsOwnPolicy(String path) {
        Api.Reply reply = api.get(path);

        assertThat(reply.status()).isEqualTo(200);
        assertThat(reply.header("X-Content-Type-Options")).isEqualTo("nosniff");
        assertThat(reply.header("Content-Security-Policy"))
                .contains(
                        "default-src 'none'",
                        "script-src 'self';",
                        "style-src 'self' 'unsafe-inline'",
                        "worker-src blob:",
                        "frame-ancestors 'none'");
        if (path.equals("/docs/reference")) {
            assertThat(reply.header("Content-Type")).startsWith("text/html");
            assertThat(reply.text())
                    .contains("<script src=\"/docs/reference/redoc.standalone.js\"")
                    .doesNotContain("https://cdn.", "fonts.googleapis.com");
        }
    }

    /** The guide links the repository's documents (their address filled in by the build from the root POM's). */
    @Test
    void theGuideLinksTheRepositorysDocumentsThatExist() {
        String guide = api.get("/docs").text();
        Matcher links = Pattern.compile("<a data-repository-file=\"([^\"]+)\" href=\"([^\"]+)\">")
                .matcher(guide);
        Set<String> repositories = new HashSet<>();
        int linked = 0;
        while (links.find()) {
            String file = links.group(1);
            assertThat(links.group(2)).startsWith("https://").endsWith("/blob/main/" + file);
            assertThat(Path.of("..").resolve(file))
                    .as("a document of the repository")
                    .isRegularFile();
            repositories.add(links.group(2).substring(0, links.group(2).length() - file.length()));
            linked++;
        }
        assertThat(linked).isGreaterThanOrEqualTo(5);
        assertThat(repositories).hasSize(1);
    }

    /** The guide's sample answers are the contract's examples (filled in by the build, fill-guide.mjs), which its tests replay. */
    @Test
    void theGuidesSampleAnswersAreTheContractsExamples() {
        String guide = api.get("/docs").text();
        assertThat(Api.json(api.get("/docs/reference/openapi.json").text()))
                .as("the document the reference renders")
                .isEqualTo(ApiDocument.bundle().json());
        Matcher samples = Pattern.compile("<code data-openapi-example=\"([^\"]+)\">([^<]*)</code>")
                .matcher(guide);
        int compared = 0;
        while (samples.find()) {
            JsonNode example =
                    ApiDocument.bundle().resolve(ApiDocument.bundle().json().at(samples.group(1)));
            assertThat(example.has("value"))
                    .as("an example at %s", samples.group(1))
                    .isTrue();
            String sample =
                    samples.group(2).replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&");
            assertThat(Api.json(sample)).as(samples.group(1)).isEqualTo(example.path("value"));
            compared++;
        }
        assertThat(compared).as("sample answers in the guide").isGreaterThanOrEqualTo(2);
        assertThat(guide).as("a sample answer written by hand").doesNotContain("<pre><code>{");
    }

    /**
     * The API's document is the gateway's own answer, from contracts' bundle, asked of no backend: no key, five
     * minutes' reuse, revalidated by its ETag; as YAML too. Another method is 405.
     */
    @Test
    void theApiDocumentIsTheBundleTheGatewayServes() {
        int asked = backend.requests();
        Api.Reply document = api.get("/api/openapi.json");

        assertThat(document.status()).isEqualTo(200);
        assertThat(document.header("Content-Type")).startsWith("application/json");
        assertThat(document.header("Cache-Control")).isEqualTo("max-age=300");
        assertThat(document.header("ETag")).startsWith("W/\"");
        assertThat(Api.json(document.text())).isEqualTo(ApiDocument.bundle().json());
        assertThat(api.getWith("/api/openapi.json", "If-None-Match", document.header("ETag"))
                        .status())
                .isEqualTo(304);
        Api.Reply yaml = api.get("/api/openapi.json.yaml");
        assertThat(yaml.header("Content-Type")).startsWith("application/vnd.oai.openapi");
        JsonNode parsed = JsonMapper.builder()
                .build()
                .valueToTree(new Yaml(new SafeConstructor(new LoaderOptions())).load(yaml.text()));
        assertThat(parsed).isEqualTo(ApiDocument.bundle().json());
        Api.Reply post = api.post("/api/openapi.json", null, null);
        post.error(405, "method_not_allowed");
        assertThat(post.header("Allow")).isEqualTo("GET,HEAD,OPTIONS");
        assertThat(backend.requests()).as("requests a backend was asked").isEqualTo(asked);
    }

    /**
     * The site's icon is an image under its conventional name and the one the pages name, kept a day, with the site's
     * headers; asked of no backend.
     */
    @ParameterizedTest
    @CsvSource({"/favicon.ico, image/", "/favicon.svg, image/svg+xml"})
    void theSitesIconIsAnImage(String path, String type) throws IOException {
        int asked = backend.requests();
        HttpResponse<byte[]> icon = api.bytes(path);

        assertThat(icon.statusCode()).isEqualTo(200);
        assertThat(icon.headers().firstValue("Content-Type"))
                .hasValueSatisfying(value -> assertThat(value).startsWith(type));
        assertThat(icon.headers().firstValue("Cache-Control")).hasValue("max-age=86400, public");
        assertThat(icon.headers().firstValue("X-Content-Type-Options")).hasValue("nosniff");
        byte[] served = icon.body();
        try (InputStream file = getClass().getResourceAsStream("/static" + path)) {
            assertThat(served).isEqualTo(file.readAllBytes());
        }
        if (path.endsWith(".ico")) {
            assertThat(served).startsWith(0, 0, 1, 0);
        }
        assertThat(backend.requests()).as("requests a backend was asked").isEqualTo(asked);
    }

    /** Swagger UI over the same document, from the webjar, but for its initializer, which points it at the document. */
    @Test
    void swaggerUiAnswersHtmlThatLoadsTheDocument() {
        Api.Reply entry = api.get("/api/docs");
        assertThat(entry.status()).isEqualTo(302);
        String ui = entry.header("Location");
        assertThat(ui).isEqualTo("/api/swagger-ui/index.html");

        Api.Reply page = api.getWith(ui);
        assertThat(page.status()).isEqualTo(200);
        assertThat(page.header("Content-Type")).startsWith("text/html");
        assertThat(page.text()).contains("swagger-ui", "./swagger-initializer.js");
        assertThat(page.header("Cache-Control")).isEqualTo("max-age=300");
        assertThat(api.get("/api/swagger-ui/swagger-initializer.js").text()).contains("url: '/api/openapi.json'");
        assertThat(api.get("/api/swagger-ui/swagger-ui-bundle.js").status()).isEqualTo(200);
        api.get("/api/swagger-ui/nothing.js").error(404, "not_found");
    }

    @Test
    void theApisAnswersKeepWhatTheirBackendSays() {
        assertThat(api.get("/api/v1/echo").header("Content-Security-Policy")).isNull();
    }

    /** The head and a Content-Length body of one answer, without waiting for the connection to close. */
    private static String readAnswer(InputStream in) throws IOException {
        ByteArrayOutputStream answer = new ByteArrayOutputStream();
        while (true) {
            int next = in.read();
            if (next < 0) {
                return answer.toString(StandardCharsets.UTF_8);
            }
            answer.write(next);
            String text = answer.toString(StandardCharsets.UTF_8);
            int headEnd = text.indexOf("\r\n\r\n");
            Matcher length = CONTENT_LENGTH.matcher(text);
            if (headEnd > 0 && length.find() && answer.size() >= headEnd + 4 + Integer.parseInt(length.group(1))) {
                return text;
            }
        }
    }
}
