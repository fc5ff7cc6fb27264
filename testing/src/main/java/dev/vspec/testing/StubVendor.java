package dev.vspec.testing;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.vspec.contracts.error.ApiException;
import dev.vspec.contracts.identity.ConfigKey;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A catalog vendor for tests: a real HTTP server on 127.0.0.1, on a free port, answering
 * {@code GET /v1/vins/{vin}} with the JSON document given for that VIN, and
 * {@code GET /v1/configurations?year=&make=&model=&trim=&engine_code=[&drivetrain=]} with the one
 * given for the config_key those parameters form (so matched as slugs, as the contract says), else
 * 404. It can be made slow (answers after a delay), failing (a status for the next n requests or
 * until {@link #recover()}) or down (drops every connection without answering). It counts requests
 * per VIN (and for configurations), whatever it answered, and remembers the last
 * {@code Authorization} header and the last configuration query.
 */
public final class StubVendor implements AutoCloseable {

    private static final String PATH = "/v1/vins/";
    private static final String CONFIGURATIONS = "/v1/configurations";
    private static final List<String> IDENTITY = List.of("year", "make", "model", "trim", "engine_code");

    private final HttpServer server;
    private final ExecutorService handlers = Executors.newCachedThreadPool();
    private final Map<String, String> documents = new ConcurrentHashMap<>();
    private final Map<String, String> configurations = new ConcurrentHashMap<>();
    private final Map<String, AtomicInteger> requests = new ConcurrentHashMap<>();
    private volatile String lastAuthorization;
    private volatile String lastConfigurationQuery;
    private volatile Duration delay = Duration.ZERO;
    /** Holds slow answers back; {@link #recover()} lets them go at once. */
    private volatile CountDownLatch held = new CountDownLatch(0);

    private volatile boolean down;
    private volatile Failure failure;

    /** A status answered instead of the document, to {@code remaining} more requests or until recovered. */
    private record Failure(int status, Map<String, String> headers, AtomicInteger remaining, boolean untilRecovered) {

        boolean appliesToThisRequest() {
            return untilRecovered || remaining.getAndUpdate(n -> Math.max(0, n - 1)) > 0;
        }
    }

    private StubVendor() {
        try {
            server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        server.setExecutor(handlers);
        server.createContext("/", this::handle);
        server.start();
    }

    /** A healthy vendor that knows no VIN yet. */
    public static StubVendor start() {
        return new StubVendor();
    }

    /** The address to configure as the vendor's base URL, e.g. {@code http://127.0.0.1:40123}. */
    public URI baseUrl() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort());
    }

    /** Answers {@code json} to {@code GET /v1/vins/{vin}} from now on. */
    public StubVendor serve(String vin, String json) {
        documents.put(vin, json);
        return this;
    }

    /** Answers {@code json} to {@code GET /v1/configurations} whose parameters form {@code configKey} from now on. */
    public StubVendor serveConfiguration(String configKey, String json) {
        configurations.put(configKey, json);
        return this;
    }

    /** Answers each request only after {@code delay}. */
    public void slow(Duration delay) {
        this.held = new CountDownLatch(1);
        this.delay = delay;
    }

    /** Answers {@code status} to the next {@code count} requests, then answers normally again. */
    public void failNext(int count, int status) {
        failNext(count, status, Map.of());
    }

    /** Answers {@code status} with {@code headers} (e.g. Retry-After) to the next {@code count} requests. */
    public void failNext(int count, int status, Map<String, String> headers) {
        failure = new Failure(status, Map.copyOf(headers), new AtomicInteger(count), false);
    }

    /** Answers {@code status} to every request until {@link #recover()}. */
    public void failUntilRecovered(int status) {
        failure = new Failure(status, Map.of(), new AtomicInteger(), true);
    }

    /** Closes every connection without answering until {@link #recover()}, as a crashed vendor behind a proxy. */
    public void down() {
        down = true;
    }

    /** Healthy again: no delay, no failure, not down. */
    public void recover() {
        down = false;
        failure = null;
        delay = Duration.ZERO;
        held.countDown();
    }

    /** Requests received for {@code vin}, whatever was answered. */
    public int requests(String vin) {
        AtomicInteger count = requests.get(vin);
        return count == null ? 0 : count.get();
    }

    /** Requests received in all. */
    public int requests() {
        return requests.values().stream().mapToInt(AtomicInteger::get).sum();
    }

    /** Requests received for {@code /v1/configurations}, whatever was answered. */
    public int configurationRequests() {
        return requests(CONFIGURATIONS);
    }

    /** The raw (still encoded) query of the last {@code /v1/configurations} request, or null before one. */
    public String lastConfigurationQuery() {
        return lastConfigurationQuery;
    }

    /** The parameters of the last {@code /v1/configurations} request, decoded, in their order. */
    public Map<String, String> lastConfigurationParameters() {
        return parameters(lastConfigurationQuery);
    }

    /** The Authorization header of the last request, or null when it had none. */
    public String lastAuthorization() {
        return lastAuthorization;
    }

    @Override
    public void close() {
        server.stop(0);
        handlers.shutdownNow();
    }

    private void handle(HttpExchange exchange) {
        try (exchange) {
            String path = exchange.getRequestURI().getPath();
            String vin = path.startsWith(PATH) ? path.substring(PATH.length()) : path;
            requests.computeIfAbsent(vin, v -> new AtomicInteger()).incrementAndGet();
            lastAuthorization = exchange.getRequestHeaders().getFirst("Authorization");
            if (path.equals(CONFIGURATIONS)) {
                lastConfigurationQuery = exchange.getRequestURI().getRawQuery();
            }
            if (down) {
                return;
            }
            Duration holdFor = delay;
            if (!holdFor.isZero()) {
                held.await(holdFor.toMillis(), TimeUnit.MILLISECONDS);
            }
            Failure failing = failure;
            if (failing != null && failing.appliesToThisRequest()) {
                failing.headers().forEach(exchange.getResponseHeaders()::add);
                exchange.sendResponseHeaders(failing.status(), -1);
                return;
            }
            String document = !"GET".equals(exchange.getRequestMethod())
                    ? null
                    : path.startsWith(PATH)
                            ? documents.get(vin)
                            : path.equals(CONFIGURATIONS) ? configuration(lastConfigurationQuery) : null;
            if (document == null) {
                exchange.sendResponseHeaders(404, -1);
                return;
            }
            byte[] body = document.getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
        } catch (IOException e) {
            // the client went away (it timed out): nothing to answer
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The document served for the config_key a query's parameters form; null when they form none. */
    private String configuration(String query) {
        Map<String, String> parameters = parameters(query);
        if (!parameters.keySet().containsAll(IDENTITY)
                || !parameters.get("year").matches("\\d{4}")) {
            return null;
        }
        try {
            return configurations.get(ConfigKey.of(
                            Integer.parseInt(parameters.get("year")),
                            parameters.get("make"),
                            parameters.get("model"),
                            parameters.get("trim"),
                            parameters.get("engine_code"),
                            parameters.get("drivetrain"))
                    .value());
        } catch (ApiException e) {
            return null;
        }
    }

    private static Map<String, String> parameters(String query) {
        Map<String, String> parameters = new LinkedHashMap<>();
        if (query == null || query.isEmpty()) {
            return parameters;
        }
        for (String parameter : query.split("&")) {
            String[] nameAndValue = parameter.split("=", 2);
            parameters.put(
                    URLDecoder.decode(nameAndValue[0], StandardCharsets.UTF_8),
                    nameAndValue.length == 2 ? URLDecoder.decode(nameAndValue[1], StandardCharsets.UTF_8) : "");
        }
        return parameters;
    }
}
