package dev.vspec.gateway.routing;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;
import org.springframework.http.ResponseEntity;
import org.springframework.web.client.RestClient;

/** How the proxies talk to a backend: kept-alive connections, a restarted backend, answers passed on as given. */
class BackendRequestsTest {

    private final RestClient client = RestClient.builder()
            .requestFactory(BackendRequests.factory(
                    Duration.ofSeconds(2), Duration.ofSeconds(10), 8, 1, "test", new SimpleMeterRegistry()))
            .build();
    private final AtomicInteger asked = new AtomicInteger();
    private final Set<Integer> connections = ConcurrentHashMap.newKeySet();
    private final List<String> methods = new CopyOnWriteArrayList<>();
    private HttpServer server;

    @AfterEach
    void stop() {
        server.stop(0);
    }

    @Test
    void requestsInTurnShareOneConnection() {
        String url = start(0, 200);

        for (int i = 0; i < 10; i++) {
            assertThat(client.get().uri(url + "/api/v1/status").retrieve().body(String.class))
                    .isEqualTo("answer 200");
        }

        assertThat(connections).hasSize(1);
    }

    @Test
    void aBackendRestartedSinceTheLastRequestIsAskedOnANewConnection() {
        String url = start(0, 200);
        client.get().uri(url + "/api/v1/status").retrieve().toBodilessEntity();
        int port = server.getAddress().getPort();

        server.stop(0);
        start(port, 200);

        assertThat(client.get().uri(url + "/api/v1/status").retrieve().body(String.class))
                .isEqualTo("answer 200");
    }

    /** A 503 or 429 with Retry-After is the client's to act on: the proxy passes it on at once, having asked once. */
    @Test
    void anAnswerAskingToRetryIsPassedOnNotRetried() {
        String url = start(0, 503);

        ResponseEntity<String> answer = client.get()
                .uri(url + "/api/v1/status")
                .retrieve()
                .onStatus(status -> true, (request, response) -> {})
                .toEntity(String.class);

        assertThat(answer.getStatusCode().value()).isEqualTo(503);
        assertThat(answer.getHeaders().getFirst("Retry-After")).isEqualTo("1");
        assertThat(asked).hasValue(1);
    }

    /** Methods are case-sensitive tokens: one no standard names reaches the backend as sent, for it to answer. */
    @Test
    void anyMethodGoesToTheBackendAsSent() {
        String url = start(0, 405);

        ResponseEntity<String> answer = client.method(HttpMethod.valueOf("get"))
                .uri(url + "/api/v1/status")
                .retrieve()
                .onStatus(status -> true, (request, response) -> {})
                .toEntity(String.class);

        assertThat(answer.getStatusCode().value()).isEqualTo(405);
        assertThat(methods).containsExactly("get");
    }

    /** A backend on {@code port} (0: a free one) answering every request with {@code status}. */
    private String start(int port, int status) {
        try {
            server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        server.createContext("/", exchange -> {
            asked.incrementAndGet();
            connections.add(exchange.getRemoteAddress().getPort());
            methods.add(exchange.getRequestMethod());
            exchange.getRequestBody().readAllBytes();
            byte[] body = ("answer " + status).getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Retry-After", "1");
            exchange.sendResponseHeaders(status, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        server.start();
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }
}
