package dev.vspec.cli.site;

import static org.assertj.core.api.Assertions.assertThat;

import com.microsoft.playwright.Browser;
import com.microsoft.playwright.BrowserType;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.Playwright;
import com.sun.net.httpserver.HttpServer;
import dev.vspec.cli.stack.Deployable;
import dev.vspec.cli.stack.SharedStack;
import dev.vspec.contracts.error.ErrorCode;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The website in headless Chromium (the machine's own, {@code VSPEC_CHROMIUM} or /usr/bin/chromium),
 * driven by Playwright, against the whole local stack behind the gateway (the shared one): the request-access form,
 * the sandbox console, the docs page's error anchors, the API reference, and a page of another origin that
 * may not call the sandbox. Screenshots of the pages land in {@code target/screenshots}.
 */
@ExtendWith(SharedStack.Resolver.class)
class SiteBrowserIT {

    private static final Logger log = LoggerFactory.getLogger(SiteBrowserIT.class);
    private static final Path SCREENSHOTS = Path.of("target", "screenshots");
    private static final String CHROMIUM = System.getenv().getOrDefault("VSPEC_CHROMIUM", "/usr/bin/chromium");

    private static Playwright playwright;
    private static Browser browser;
    private static String site;
    private Page page;

    @BeforeAll
    static void startTheBrowser(SharedStack shared) throws IOException {
        if (!Files.isExecutable(Path.of(CHROMIUM))) {
            throw new IllegalStateException("The browser tests need Chromium at " + CHROMIUM
                    + " (Debian: apt-get install chromium; or set VSPEC_CHROMIUM); .ci/run installs it");
        }
        Files.createDirectories(SCREENSHOTS);
        site = shared.stack().url(Deployable.GATEWAY);
        playwright = Playwright.create(
                new Playwright.CreateOptions().setEnv(Map.of("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", "1")));
        // the flags keep Chromium off the network it would otherwise call at start
        browser = playwright
                .chromium()
                .launch(new BrowserType.LaunchOptions()
                        .setExecutablePath(Path.of(CHROMIUM))
                        .setHeadless(true)
                        .setArgs(List.of(
                                "--no-sandbox",
                                "--disable-gpu",
                                "--disable-quic",
                                "--no-first-run",
                                "--disable-background-networking",
                                "--disable-component-update",
                                "--disable-sync")));
    }

    @AfterAll
    static void stop() {
        if (browser != null) {
            browser.close();
        }
        if (playwright != null) {
            playwright.close();
        }
    }

    private final List<String> console = new ArrayList<>();

    @BeforeEach
    void openPage() {
        page = browser.newPage(new Browser.NewPageOptions().setViewportSize(1280, 900));
        // what the page says goes to the test's output, so a failing page tells why
        page.onConsoleMessage(message -> {
            log.info("browser console: {} {}", message.type(), message.text());
            console.add(message.text());
        });
        page.onPageError(error -> log.warn("browser page error: {}", error));
    }

    @AfterEach
    void closePage() {
        page.close();
        // the site's pages work under their Content-Security-Policy: the browser blocked nothing
        assertThat(console).noneMatch(message -> message.contains("Content Security Policy"));
        console.clear();
    }

    @Test
    void theRequestAccessFormSubmitsAndShowsItsConfirmation() {
        page.navigate(site + "/request-access");
        page.fill("#request-access-name", "Ada Example");
        page.fill("#request-access-email", "ada@example.com");
        page.fill("#request-access-company", "Example Fleet Services");
        page.fill("#request-access-intended-use", "Service reminders for a fleet of 40 sample vehicles.");
        page.selectOption("#request-access-plan", "pro");
        page.click("#request-access-submit");

        page.waitForSelector("#request-access-result[data-outcome=success]");
        assertThat(page.textContent("#request-access-result"))
                .contains("pro plan has been received")
                .contains("ada@example.com");
        page.screenshot(new Page.ScreenshotOptions()
                .setPath(SCREENSHOTS.resolve("request-access.png"))
                .setFullPage(true));
    }

    /** A typo costs no submission: the page marks each wrong field beside it and sends nothing until all are right. */
    @Test
    void typosAreMarkedBesideEachFieldAndNothingIsSentUntilTheyAreCorrected() {
        List<String> sent = new ArrayList<>();
        page.onRequest(request -> {
            if (request.url().endsWith("/api/request-access")) {
                sent.add(request.method());
            }
        });
        page.navigate(site + "/request-access");
        page.fill("#request-access-email", "ada@example");
        page.fill("#request-access-intended-use", "Fleet");
        page.click("#request-access-submit");

        page.waitForSelector("#request-access-result[data-outcome=invalid]");
        assertThat(page.textContent("#request-access-result")).contains("nothing was sent");
        assertThat(page.textContent("#request-access-name-error")).isEqualTo("Name is required.");
        assertThat(page.textContent("#request-access-email-error")).contains("not a plausible address");
        assertThat(page.textContent("#request-access-intended-use-error"))
                .contains("10 to 2,000 characters", "(it is 5)");
        assertThat(page.isVisible("#request-access-company-error"))
                .as("an optional field left empty")
                .isFalse();
        assertThat(page.getAttribute("#request-access-email", "aria-invalid")).isEqualTo("true");
        assertThat(page.evaluate("document.activeElement.id"))
                .as("the first wrong field has the focus")
                .isEqualTo("request-access-name");
        page.screenshot(new Page.ScreenshotOptions()
                .setPath(SCREENSHOTS.resolve("request-access-typos.png"))
                .setFullPage(true));

        page.fill("#request-access-email", "ada@example.com");
        assertThat(page.isVisible("#request-access-email-error"))
                .as("a corrected field's message goes")
                .isFalse();
        assertThat(page.getAttribute("#request-access-email", "aria-invalid")).isNull();
        page.fill("#request-access-name", "Ada Example");
        page.fill("#request-access-intended-use", "Service reminders for a fleet of 40 sample vehicles.");
        assertThat(sent).as("requests sent while fields were wrong").isEmpty();
        page.click("#request-access-submit");

        page.waitForSelector("#request-access-result[data-outcome=success]");
        assertThat(sent).containsExactly("POST");
    }

    @Test
    void theSixthSubmissionInAnHourShowsTheWait() {
        // an address of its own (the gateway and the command side trust loopback's X-Forwarded-For), so the
        // other tests' submissions do not count here
        page.setExtraHTTPHeaders(Map.of("X-Forwarded-For", "198.51.100.66"));
        page.navigate(site + "/request-access");
        for (int i = 1; i <= 6; i++) {
            page.fill("#request-access-name", "Sample Submitter " + i);
            page.fill("#request-access-email", "submitter" + i + "@example.com");
            page.fill("#request-access-intended-use", "Checking the request-access limit with sample data.");
            page.click("#request-access-submit");
            page.waitForSelector("#request-access-result[data-outcome]");
            if (i < 6) {
                assertThat(page.getAttribute("#request-access-result", "data-outcome"))
                        .isEqualTo("success");
                page.navigate(site + "/request-access");
            }
        }

        assertThat(page.getAttribute("#request-access-result", "data-outcome")).isEqualTo("rate-limited");
        assertThat(page.textContent("#request-access-result"))
                .contains("try again in about")
                .contains("minutes");
    }

    @Test
    void theConsoleShowsASandboxAnswerWithItsLimitHeaders() {
        askTheConsole("/v1/fluids", "vin", 200);

        assertThat(page.textContent("#console-request")).isEqualTo("/api/sample/v1/fluids?vin=19XFC2F52KE715372");
        assertThat(page.textContent("#console-body"))
                .contains("2019-honda-civic-lx-k20c2-fwd")
                .contains("engine_oil");
        assertThat(page.textContent("#console-headers tr[data-header='X-RateLimit-Limit']"))
                .contains("30");
        assertThat(page.textContent("#console-headers tr[data-header='RateLimit-Policy']"))
                .contains("30;w=60, 500;w=86400");
        page.screenshot(new Page.ScreenshotOptions()
                .setPath(SCREENSHOTS.resolve("console.png"))
                .setFullPage(true));
    }

    @Test
    void theConsoleShowsTheSandboxsRenderUnderTheSitesPolicy() {
        askTheConsole("/v0/vehicle-image", "vin", 200);

        // a policy without blob: images would leave it unloaded
        page.waitForFunction("document.querySelector('#console-image').naturalWidth > 0");
    }

    @Test
    void theConsoleShowsAnErrorWithItsDocsLink() {
        page.navigate(site + "/console");
        page.selectOption("#console-route", "/v1/fluids");
        page.selectOption("#console-mode", "ymmt");
        page.fill("#console-trim", "");
        page.click("#console-send");

        page.waitForSelector("#console-status[data-status='409']");
        assertThat(page.getAttribute("#console-body a", "href")).isEqualTo(site + "/docs#multiple_matches");
    }

    /** Sends the console's request for {@code route} by {@code mode} and waits for the answer's {@code status}. */
    private void askTheConsole(String route, String mode, int status) {
        page.navigate(site + "/console");
        page.selectOption("#console-route", route);
        page.selectOption("#console-mode", mode);
        page.click("#console-send");
        page.waitForSelector("#console-status[data-status='" + status + "']");
    }

    @Test
    void theDocsPageHasASectionForEveryErrorCode() {
        page.navigate(site + "/docs");

        assertThat(page.title()).contains("vspec");
        for (ErrorCode code : ErrorCode.values()) {
            assertThat(page.locator("[id='" + code.code() + "']").count())
                    .as(code.code())
                    .isEqualTo(1);
        }
        assertThat(page.locator("a[href='/api/openapi.json']").count()).isPositive();
        page.screenshot(new Page.ScreenshotOptions()
                .setPath(SCREENSHOTS.resolve("docs.png"))
                .setFullPage(true));
    }

    /**
     * The API reference, Redoc rendering in the browser the document the gateway serves: every operation of that
     * document is on it, it runs under the site's policy (closePage checks the browser blocked nothing) and its
     * search, which runs in a worker, finds a route.
     */
    @Test
    void theReferenceShowsEveryOperationOfTheServedDocument() throws IOException, InterruptedException {
        List<String> errors = new ArrayList<>();
        page.onPageError(errors::add);
        page.navigate(site + "/docs/reference");

        JsonNode document = JsonMapper.builder()
                .build()
                .readTree(HttpClient.newHttpClient()
                        .send(
                                HttpRequest.newBuilder(URI.create(site + "/api/openapi.json"))
                                        .build(),
                                HttpResponse.BodyHandlers.ofString())
                        .body());
        List<String> operations = new ArrayList<>();
        document.path("paths")
                .forEach(item -> item.forEach(operation -> {
                    if (operation.has("operationId")) {
                        operations.add(operation.path("operationId").asString());
                    }
                }));
        assertThat(operations).contains("getFluids", "scheduleEnrichment", "requestAccess");
        page.waitForSelector("[id$='operation/getFluids']");
        for (String operation : operations) {
            assertThat(page.locator("[id$='operation/" + operation + "']").count())
                    .as(operation)
                    .isPositive();
        }
        page.fill("input[placeholder^='Search']", "fluids");
        page.waitForSelector("[data-role='search:results'] >> text=/fluids/i");
        assertThat(errors).isEmpty();
        page.screenshot(new Page.ScreenshotOptions().setPath(SCREENSHOTS.resolve("reference.png")));
    }

    @Test
    void aPageOfAnotherOriginCannotCallTheSandboxButMayCallTheLiveApi() throws IOException {
        HttpServer elsewhere = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        String html = """
                <!doctype html><meta charset="utf-8"><p id="sandbox">pending</p><p id="live">pending</p>
                <script>
                async function probe(id, url) {
                  try { const r = await fetch(url); document.getElementById(id).textContent = 'read ' + r.status; }
                  catch (e) { document.getElementById(id).textContent = 'blocked'; }
                }
                probe('sandbox', '%1$s/api/sample/v1/status');
                probe('live', '%1$s/api/v1/status');
                </script>
                """.formatted(site);
        elsewhere.createContext("/", exchange -> {
            byte[] body = html.getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().set("Content-Type", "text/html; charset=utf-8");
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        elsewhere.start();
        try {
            page.navigate("http://127.0.0.1:" + elsewhere.getAddress().getPort() + "/");

            page.waitForFunction("document.getElementById('sandbox').textContent !== 'pending'"
                    + " && document.getElementById('live').textContent !== 'pending'");
            assertThat(page.textContent("#sandbox")).isEqualTo("blocked");
            assertThat(page.textContent("#live"))
                    .as("the control: the live API allows any origin")
                    .isEqualTo("read 200");
        } finally {
            elsewhere.stop(0);
        }
    }
}
