package dev.vspec.cli.site;

import static org.assertj.core.api.Assertions.assertThat;

import com.microsoft.playwright.Browser;
import com.microsoft.playwright.BrowserContext;
import com.microsoft.playwright.BrowserType;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.Playwright;
import com.microsoft.playwright.options.WaitForSelectorState;
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
import org.assertj.core.api.InstanceOfAssertFactories;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The website in headless Chromium (the machine's own, {@code VSPEC_CHROMIUM} or /usr/bin/chromium),
 * driven by Playwright, against the whole local stack behind the gateway (the shared one): each page at a desktop's
 * width (1280 px) and a phone's (390 px), visited once at each, fits the screen whatever it shows (nothing wider than
 * the screen but inside a box that scrolls), and works: the request-access form, the sandbox console, the docs page's
 * navigation and error anchors, the API reference; and a page of another origin may not call the sandbox.
 * Screenshots of the pages land in {@code target/screenshots}.
 */
@ExtendWith(SharedStack.Resolver.class)
class SiteBrowserIT {

    private static final Logger log = LoggerFactory.getLogger(SiteBrowserIT.class);
    private static final Path SCREENSHOTS = Path.of("target", "screenshots");
    private static final String CHROMIUM = System.getenv().getOrDefault("VSPEC_CHROMIUM", "/usr/bin/chromium");
    private static final int HEIGHT = 900;
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    /** The document's read routes the sandbox does not mirror (a key's webhooks), which the console leaves out. */
    private static final List<String> LIVE_ONLY = List.of("/v0/webhooks", "/v0/webhooks/deliveries");

    private static final String VIN = "19XFC2F52KE715372";

    /**
     * What, on the page, is wider than the screen: the page itself, or an element whose right edge is past the
     * screen's and that no box scrolling (or clipping) sideways holds.
     */
    private static final String OVERFLOWS = """
            () => {
              const width = window.innerWidth;
              const found = [];
              if (document.documentElement.scrollWidth > width) {
                found.push('the page is ' + document.documentElement.scrollWidth + ' px wide');
              }
              const held = (element) => {
                for (let box = element.parentElement; box && box !== document.body; box = box.parentElement) {
                  if (['auto', 'scroll', 'hidden', 'clip'].includes(getComputedStyle(box).overflowX)) return true;
                }
                return false;
              };
              for (const element of document.querySelectorAll('body *')) {
                const edge = element.getBoundingClientRect();
                if ((edge.width > 0 || edge.height > 0) && edge.right > width + 1 && !held(element)) {
                  found.push(element.tagName.toLowerCase() + (element.id ? '#' + element.id : '')
                    + (element.className && typeof element.className === 'string' ? '.' + element.className : '')
                    + ' ends at ' + Math.round(edge.right) + ' px');
                }
              }
              return found.slice(0, 20);
            }""";

    private static Playwright playwright;
    private static Browser browser;
    private static String site;
    private static JsonNode document;

    private BrowserContext context;
    private Page page;
    private final List<String> console = new ArrayList<>();

    @BeforeAll
    static void startTheBrowser(SharedStack shared) throws IOException, InterruptedException {
        if (!Files.isExecutable(Path.of(CHROMIUM))) {
            throw new IllegalStateException("The browser tests need Chromium at " + CHROMIUM
                    + " (Debian: apt-get install chromium; or set VSPEC_CHROMIUM); .ci/run installs it");
        }
        Files.createDirectories(SCREENSHOTS);
        site = shared.stack().url(Deployable.GATEWAY);
        document =
                JsonMapper.builder().build().readTree(get("/api/openapi.json").body());
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

    /**
     * A page {@code width} px wide; {@code headers} go with each of its requests (an X-Forwarded-For gives its
     * requests an address of their own, so that the other tests' do not count against its limits).
     */
    private Page open(int width, Map<String, String> headers) {
        context = browser.newContext(new Browser.NewContextOptions()
                .setViewportSize(width, HEIGHT)
                .setExtraHTTPHeaders(headers)
                .setPermissions(List.of("clipboard-read", "clipboard-write")));
        page = context.newPage();
        // what the page says goes to the test's output, so a failing page tells why
        page.onConsoleMessage(message -> {
            log.info("browser console: {} {}", message.type(), message.text());
            console.add(message.text());
        });
        page.onPageError(error -> log.warn("browser page error: {}", error));
        return page;
    }

    private Page open(int width) {
        return open(width, Map.of());
    }

    @AfterEach
    void closePage() {
        if (context != null) {
            context.close();
        }
        // the site's pages work under their Content-Security-Policy: the browser blocked nothing
        assertThat(console).noneMatch(message -> message.contains("Content Security Policy"));
        console.clear();
    }

    /** The page, as it stands, fits its screen: {@code what} names the moment in a failure. */
    private void assertFits(String what) {
        assertThat(page.evaluate(OVERFLOWS))
                .as("%s at %d px: what is wider than the screen", what, page.viewportSize().width)
                .asInstanceOf(InstanceOfAssertFactories.LIST)
                .isEmpty();
    }

    private void screenshot(String name, boolean fullPage) {
        page.screenshot(new Page.ScreenshotOptions()
                .setPath(SCREENSHOTS.resolve(name + "-" + page.viewportSize().width + ".png"))
                .setFullPage(fullPage));
    }

    private static HttpResponse<String> get(String path) throws IOException, InterruptedException {
        return HTTP.send(HttpRequest.newBuilder(URI.create(site + path)).build(), HttpResponse.BodyHandlers.ofString());
    }

    @ParameterizedTest(name = "{0} px")
    @ValueSource(ints = {1280, 390})
    void theHomePageFitsAndNamesTheSitesIcon(int width) throws IOException, InterruptedException {
        open(width).navigate(site + "/");

        assertFits("/");
        assertThat(page.evaluate("fetch(document.querySelector('link[rel=icon]').href)"
                        + ".then(answer => answer.status + ' ' + answer.headers.get('Content-Type'))"))
                .isEqualTo("200 image/svg+xml");
        HttpResponse<String> icon = get("/favicon.ico");
        assertThat(icon.statusCode()).isEqualTo(200);
        assertThat(icon.headers().firstValue("Content-Type"))
                .hasValueSatisfying(type -> assertThat(type).startsWith("image/"));
        screenshot("home", true);
    }

    /** A typo costs no submission: the page marks each wrong field beside it and sends nothing until all are right. */
    @ParameterizedTest(name = "{0} px")
    @ValueSource(ints = {1280, 390})
    void theRequestAccessFormMarksTyposAndSubmitsOnceTheyAreCorrected(int width) {
        // an address of each width's own, so that the other tests' submissions do not count here
        open(width, Map.of("X-Forwarded-For", width == 1280 ? "198.51.100.81" : "198.51.100.82"));
        List<String> sent = new ArrayList<>();
        page.onRequest(request -> {
            if (request.url().endsWith("/api/request-access")) {
                sent.add(request.method());
            }
        });
        page.navigate(site + "/request-access");
        assertFits("/request-access");
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
        assertFits("/request-access with its field errors");
        screenshot("request-access-typos", true);

        page.fill("#request-access-email", "ada@example.com");
        assertThat(page.isVisible("#request-access-email-error"))
                .as("a corrected field's message goes")
                .isFalse();
        assertThat(page.getAttribute("#request-access-email", "aria-invalid")).isNull();
        page.fill("#request-access-name", "Ada Example");
        page.fill("#request-access-company", "Example Fleet Services");
        page.fill("#request-access-intended-use", "Service reminders for a fleet of 40 sample vehicles.");
        page.selectOption("#request-access-plan", "pro");
        assertThat(sent).as("requests sent while fields were wrong").isEmpty();
        page.click("#request-access-submit");

        page.waitForSelector("#request-access-result[data-outcome=success]");
        assertThat(sent).containsExactly("POST");
        assertThat(page.textContent("#request-access-result"))
                .contains("pro plan has been received")
                .contains("ada@example.com");
        assertFits("/request-access with its confirmation");
        screenshot("request-access", true);
    }

    @Test
    void theSixthSubmissionInAnHourShowsTheWait() {
        // an address of its own (the gateway and the command side trust loopback's X-Forwarded-For), so the
        // other tests' submissions do not count here
        open(1280, Map.of("X-Forwarded-For", "198.51.100.66"));
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

    /**
     * The console offers every read route of the document the gateway serves (but a key's webhooks, which the sandbox
     * does not mirror), each with its own parameters, set anew when the route changes; it copies the request as
     * curl; and it fits the screen with any answer: a big one, an error, an image.
     */
    @ParameterizedTest(name = "{0} px")
    @ValueSource(ints = {1280, 390})
    void theConsoleCallsEveryReadRouteAndFitsAnyAnswer(int width) throws IOException, InterruptedException {
        // an address of each width's own: the sandbox allows an address 30 requests a minute
        open(width, Map.of("X-Forwarded-For", width == 1280 ? "198.51.100.91" : "198.51.100.92"));
        page.navigate(site + "/console");
        page.waitForSelector("#console-route:not([disabled])");

        List<String> reads = new ArrayList<>();
        document.path("paths").forEachEntry((path, item) -> {
            if (item.has("get")) {
                reads.add(path);
            }
        });
        assertThat(reads).contains("/v1/decode/batch", "/v1/wmi/{wmi}", "/v1/years", "/v1/trims", "/v1/recalls");
        List<String> offered = ((List<?>) page.locator("#console-route option")
                        .evaluateAll("options => options.map(option => option.value)"))
                .stream().map(String::valueOf).toList();
        assertThat(offered)
                .containsExactlyElementsOf(
                        reads.stream().filter(path -> !LIVE_ONLY.contains(path)).toList());
        for (String path : LIVE_ONLY) {
            assertThat(get("/api/sample" + path).statusCode())
                    .as("the sandbox answers %s", path)
                    .isEqualTo(404);
        }
        assertFits("/console");

        // the request as curl, to the sandbox and to the live API with the key from the shell
        ask("/v1/fluids", "vin", 200);
        assertThat(page.textContent("#console-request")).isEqualTo("/api/sample/v1/fluids?vin=" + VIN);
        assertThat(page.textContent("#console-body")).contains("2019-honda-civic-lx-k20c2-fwd", "engine_oil");
        assertThat(page.textContent("#console-headers tr[data-header='X-RateLimit-Limit']"))
                .contains("30");
        assertThat(page.textContent("#console-headers tr[data-header='RateLimit-Policy']"))
                .contains("30;w=60, 500;w=86400");
        String curl = "curl -s '" + site + "/api/sample/v1/fluids?vin=" + VIN + "'";
        assertThat(page.textContent("#console-curl")).isEqualTo(curl);
        page.click("#console-copy-curl");
        page.waitForSelector("#console-copy-status:has-text('Copied')");
        assertThat(page.evaluate("navigator.clipboard.readText()")).isEqualTo(curl);
        page.click("#console-copy-live-curl");
        page.waitForSelector("#console-copy-status:has-text('live API')");
        assertThat(page.evaluate("navigator.clipboard.readText()"))
                .isEqualTo(
                        "curl -s -H \"Authorization: Bearer $VSPEC_KEY\" '" + site + "/api/v1/fluids?vin=" + VIN + "'");

        // a route's parameters are its own: a change of route sets them, and the extra ones, anew
        page.selectOption("#console-route", "/v1/vehicle");
        assertThat(page.inputValue("#console-param-include")).isEqualTo("fluids,specs");
        page.fill("#console-param-include", "tires");
        page.fill("#console-extra", "bogus=1");
        page.selectOption("#console-route", "/v1/wmi/{wmi}");
        assertThat(page.isVisible("#console-mode"))
                .as("an identifier mode for a WMI")
                .isFalse();
        assertThat(page.inputValue("#console-param-wmi")).isEqualTo("19X");
        assertThat(page.inputValue("#console-extra")).isEmpty();
        assertThat(page.textContent("#console-curl")).isEqualTo("curl -s '" + site + "/api/sample/v1/wmi/19X'");
        page.selectOption("#console-route", "/v1/vehicle");
        assertThat(page.inputValue("#console-param-include")).isEqualTo("fluids,specs");
        assertThat(page.inputValue("#console-vin"))
                .as("the vehicle, which routes share")
                .isEqualTo(VIN);

        // a big answer: the vehicle with every group
        page.fill(
                "#console-param-include",
                "fluids,specs,tires,maintenance_schedule,parts,labor,image,service_history,recalls");
        send(200);
        assertThat(page.textContent("#console-body")).contains("\"maintenance_schedule\"", "\"service_history\"");
        assertFits("/console with the whole vehicle");
        screenshot("console-vehicle", true);

        // an error: 409, with the docs' section and the candidates to pick from
        page.selectOption("#console-route", "/v1/fluids");
        page.selectOption("#console-mode", "ymmt");
        page.fill("#console-trim", "");
        send(409);
        assertThat(page.getAttribute("#console-body a", "href")).isEqualTo(site + "/docs#multiple_matches");
        assertThat(page.locator("button.console-pick").count()).isPositive();
        assertFits("/console with 409 multiple_matches");
        screenshot("console-409", true);

        // another: 400, a parameter the route does not take
        page.selectOption("#console-mode", "vin");
        page.fill("#console-extra", "bogus=1");
        send(400);
        assertThat(page.textContent("#console-body")).contains("invalid_param", "bogus");
        assertFits("/console with 400 invalid_param");

        // the render, under the site's policy (a policy without blob: images would leave it unloaded)
        page.selectOption("#console-route", "/v0/vehicle-image");
        send(200);
        page.waitForFunction("document.querySelector('#console-image').naturalWidth > 0");
        assertFits("/console with the render");
    }

    /** Sends the console's request for {@code route} by {@code mode} and waits for the answer's {@code status}. */
    private void ask(String route, String mode, int status) {
        page.selectOption("#console-route", route);
        page.selectOption("#console-mode", mode);
        send(status);
    }

    private void send(int status) {
        page.click("#console-send");
        page.waitForSelector("#console-status[data-status='" + status + "']");
    }

    /**
     * The guide: a section for every error code, route names that stay whole, and its navigation in view wherever the
     * page is scrolled: beside the page on a wide screen, a bar that opens the list on a narrow one.
     */
    @ParameterizedTest(name = "{0} px")
    @ValueSource(ints = {1280, 390})
    void theDocsPageKeepsItsNavigationInViewAndFits(int width) {
        open(width).navigate(site + "/docs");

        assertThat(page.title()).contains("vspec");
        for (ErrorCode code : ErrorCode.values()) {
            assertThat(page.locator("[id='" + code.code() + "']").count())
                    .as(code.code())
                    .isEqualTo(1);
        }
        assertThat(page.locator("a[href='/api/openapi.json']").count()).isPositive();
        assertFits("/docs");
        assertThat(page.locator("#route-table code, #error-table code, .route h3 code, .error-code h3 code")
                        .evaluateAll("names => names.filter(name => name.getClientRects().length > 1)"
                                + ".map(name => name.textContent)"))
                .as("names broken over two lines")
                .asInstanceOf(InstanceOfAssertFactories.LIST)
                .isEmpty();

        page.evaluate("document.getElementById('errors').scrollIntoView()");
        marked("#errors");
        boolean wide = width >= 960;
        String shown = wide ? "#docs-nav-list" : "#docs-nav-toggle";
        assertThat(inView(shown)).as("%s after a scroll", shown).isTrue();
        if (!wide) {
            assertThat(page.isVisible("#docs-nav-list")).isFalse();
            page.click("#docs-nav-toggle");
            assertThat(page.getAttribute("#docs-nav-toggle", "aria-expanded")).isEqualTo("true");
            assertThat(page.isVisible("#docs-nav-list")).isTrue();
            assertFits("/docs with its navigation open");
            screenshot("docs-navigation", false);
        }
        page.click("#docs-nav a[href='#sandbox']");
        marked("#sandbox");
        assertThat(page.isVisible("#docs-nav-list"))
                .as("the list, once a section is chosen")
                .isEqualTo(wide);
        assertThat((Boolean) page.evaluate("document.getElementById('sandbox').getBoundingClientRect().top"
                        + " >= document.getElementById('docs-nav').getBoundingClientRect().bottom - 1"
                        + " || document.getElementById('docs-nav').getBoundingClientRect().right"
                        + " <= document.getElementById('sandbox').getBoundingClientRect().left"))
                .as("the chosen section, not under the navigation")
                .isTrue();
        assertFits("/docs scrolled");
        screenshot("docs", false);
    }

    /** Waits until the docs' navigation marks the section {@code anchor} as the one in view (the list may be closed). */
    private void marked(String anchor) {
        page.waitForSelector(
                "#docs-nav a[href='" + anchor + "'][aria-current=location]",
                new Page.WaitForSelectorOptions().setState(WaitForSelectorState.ATTACHED));
    }

    private boolean inView(String selector) {
        return (Boolean) page.evaluate(
                "selector => { const edge = document.querySelector(selector).getBoundingClientRect();"
                        + " return edge.height > 0 && edge.top >= 0 && edge.top < window.innerHeight; }",
                selector);
    }

    /**
     * The API reference, Redoc rendering in the browser the document the gateway serves: titled by the document, with
     * the site's header back to it; every operation of that document is on it, it runs under the site's policy
     * (closePage checks the browser blocked nothing), it fits the screen, and its search, which runs in a worker,
     * finds a route.
     */
    @ParameterizedTest(name = "{0} px")
    @ValueSource(ints = {1280, 390})
    void theReferenceShowsEveryOperationOfTheServedDocumentAndLeadsBack(int width) {
        List<String> errors = new ArrayList<>();
        open(width).onPageError(errors::add);
        page.navigate(site + "/docs/reference");

        assertThat(page.title()).isEqualTo(document.path("info").path("title").asString() + " — API reference");
        assertThat(page.isVisible("header a[href='/']")).isTrue();
        assertThat(page.isVisible("header a[href='/docs']")).isTrue();
        List<String> operations = new ArrayList<>();
        document.path("paths")
                .forEach(item -> item.forEach(operation -> {
                    if (operation.has("operationId")) {
                        operations.add(operation.path("operationId").asString());
                    }
                }));
        assertThat(operations).contains("getFluids", "scheduleEnrichment", "requestAccess");
        page.waitForSelector("[id$='operation/getFluids']");
        assertThat(page.evaluate(
                        "operations => operations.filter(operation =>"
                                + " !document.querySelector(\"[id$='operation/\" + operation + \"']\"))",
                        operations))
                .as("operations the page does not show")
                .asInstanceOf(InstanceOfAssertFactories.LIST)
                .isEmpty();
        assertFits("/docs/reference");
        screenshot("reference", false);
        if (width >= 960) {
            page.fill("input[placeholder^='Search']", "fluids");
            page.waitForSelector("[data-role='search:results'] >> text=/fluids/i");
        }
        assertThat(errors).isEmpty();
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
            open(1280).navigate("http://127.0.0.1:" + elsewhere.getAddress().getPort() + "/");

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
