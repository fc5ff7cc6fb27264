package dev.vspec.gateway;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.zip.GZIPOutputStream;
import tools.jackson.databind.json.JsonMapper;

/**
 * A backend for the gateway's tests, on a free loopback port, counting the requests it is asked.
 * {@code /api/.../echo} answers what it was asked (method, path, query, headers, body) with the live
 * API's budget and caching headers and a CORS header of its own; {@code .../conflict} answers a 409
 * error record; {@code .../plain-error} a text 500; {@code .../slow} answers only once
 * {@link #release()} is called; {@code .../stalled-error} starts a 409 and stops halfway until the
 * stub is closed. It counts the connections the requests came on, too.
 */
final class StubBackend implements AutoCloseable {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final String name;
    private final HttpServer server;
    private final CountDownLatch slow = new CountDownLatch(1);
    private final CountDownLatch stalled = new CountDownLatch(1);
    private final AtomicInteger requests = new AtomicInteger();
    private final Set<Integer> connections = ConcurrentHashMap.newKeySet();

    StubBackend(String name) {
        this.name = name;
        try {
            server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        server.setExecutor(Executors.newCachedThreadPool());
        server.createContext("/", this::answer);
        server.start();
    }

    String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    /** How many requests reached this backend so far. */
    int requests() {
        return requests.get();
    }

    /** How many connections (by the gateway's port) those requests came on. */
    int connections() {
        return connections.size();
    }

    /** Lets every waiting {@code slow} request answer. */
    void release() {
        slow.countDown();
    }

    private void answer(HttpExchange exchange) throws IOException {
        requests.incrementAndGet();
        connections.add(exchange.getRemoteAddress().getPort());
        String path = exchange.getRequestURI().getPath();
        byte[] body = exchange.getRequestBody().readAllBytes();
        if (path.endsWith("/conflict")) {
            send(
                    exchange,
                    409,
                    "application/json",
                    Map.of(
                            "error",
                            "multiple_matches",
                            "message",
                            "2 configurations match",
                            "matches",
                            java.util.List.of(Map.of(
                                    "config_key", "2019-honda-civic-lx-k20c2-fwd", "label", "2019 Honda Civic LX")),
                            "available",
                            java.util.List.of("vin=19XFC2F52KE715372"),
                            "request_id",
                            "backend-request-id-1",
                            // a backend links to the site it was configured with, which need not be the gateway's
                            // public one
                            "object",
                            "error",
                            "docs",
                            "http://127.0.0.1:8080/docs#multiple_matches"));
            return;
        }
        if (path.endsWith("/gzip")) {
            // what the query side does for a client that accepts gzip: the bytes compressed, said so
            String accepted = exchange.getRequestHeaders().getFirst("Accept-Encoding");
            ByteArrayOutputStream compressed = new ByteArrayOutputStream();
            try (GZIPOutputStream gzip = new GZIPOutputStream(compressed)) {
                gzip.write(JSON.writeValueAsBytes(Map.of("accept_encoding", String.valueOf(accepted))));
            }
            exchange.getResponseHeaders().set("Content-Type", "application/json");
            exchange.getResponseHeaders().set("Content-Encoding", "gzip");
            exchange.getResponseHeaders().set("Vary", "Accept-Encoding");
            exchange.sendResponseHeaders(200, compressed.size());
            exchange.getResponseBody().write(compressed.toByteArray());
            exchange.close();
            return;
        }
        if (path.endsWith("/plain-error")) {
            byte[] trouble = "backend trouble".getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().set("Content-Type", "text/plain");
            exchange.sendResponseHeaders(500, trouble.length);
            exchange.getResponseBody().write(trouble);
            exchange.close();
            return;
        }
        if (path.endsWith("/stalled-error")) {
            exchange.getResponseHeaders().set("Content-Type", "application/json");
            exchange.sendResponseHeaders(409, 200);
            exchange.getResponseBody().write("{\"error\":\"multiple_".getBytes(StandardCharsets.UTF_8));
            exchange.getResponseBody().flush();
            try {
                stalled.await(30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            exchange.close();
            return;
        }
        if (path.endsWith("/slow")) {
            try {
                slow.await(30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        Map<String, Object> echo = new TreeMap<>();
        echo.put("backend", name);
        echo.put("method", exchange.getRequestMethod());
        echo.put("path", path);
        echo.put("query", exchange.getRequestURI().getRawQuery());
        Map<String, String> headers = new TreeMap<>();
        exchange.getRequestHeaders()
                .forEach((header, values) -> headers.put(header.toLowerCase(), String.join(",", values)));
        echo.put("headers", headers);
        echo.put("body", new String(body, StandardCharsets.UTF_8));
        exchange.getResponseHeaders().set("X-RateLimit-Limit", "60");
        exchange.getResponseHeaders().set("X-RateLimit-Remaining", "59");
        exchange.getResponseHeaders().set("X-RateLimit-Reset", "1795250000");
        exchange.getResponseHeaders().set("X-Monthly-Limit", "10000");
        exchange.getResponseHeaders().set("X-Monthly-Remaining", "9999");
        exchange.getResponseHeaders().set("RateLimit-Policy", "30;w=60, 500;w=86400");
        exchange.getResponseHeaders().set("RateLimit-Limit", "30");
        exchange.getResponseHeaders().set("RateLimit-Remaining", "29");
        exchange.getResponseHeaders().set("RateLimit-Reset", "17");
        exchange.getResponseHeaders().set("Retry-After", "17");
        exchange.getResponseHeaders().set("ETag", "\"abc123\"");
        exchange.getResponseHeaders().set("Cache-Control", "public, max-age=300");
        exchange.getResponseHeaders().set("Access-Control-Allow-Origin", "https://backend-says.example");
        send(exchange, 200, "application/json", echo);
    }

    private static void send(HttpExchange exchange, int status, String type, Object body) throws IOException {
        byte[] bytes = JSON.writeValueAsBytes(body);
        exchange.getResponseHeaders().set("Content-Type", type);
        exchange.sendResponseHeaders(status, bytes.length);
        exchange.getResponseBody().write(bytes);
        exchange.close();
    }

    @Override
    public void close() {
        release();
        stalled.countDown();
        server.stop(0);
    }
}
