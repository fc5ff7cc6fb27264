package dev.vspec.gateway.routing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpServer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.io.IOException;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.web.client.ResourceAccessException;
import org.springframework.web.client.RestClient;

/** Several instances of a backend: asked in turn, and one that refuses connections is passed over. */
class BackendInstancesTest {

    private final List<HttpServer> servers = new ArrayList<>();

    @AfterEach
    void stopServers() {
        servers.forEach(server -> server.stop(0));
    }

    @Test
    void requestsGoToEachInstanceInTurn() {
        String a = instance("a");
        String b = instance("b");
        RestClient client = client(BackendInstances.of(a + "," + b));

        List<String> answeredBy = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            answeredBy.add(
                    client.get().uri(a + "/api/v1/status?n=" + i).retrieve().body(String.class));
        }

        assertThat(answeredBy)
                .containsExactlyInAnyOrder(
                        "a GET /api/v1/status?n=0 ",
                        "b GET /api/v1/status?n=1 ",
                        "a GET /api/v1/status?n=2 ",
                        "b GET /api/v1/status?n=3 ");
    }

    @Test
    void aRefusedConnectionGoesToTheNextInstanceWithItsBody() throws IOException {
        String down = "http://127.0.0.1:" + closedPort();
        String up = instance("up");
        RestClient client = client(BackendInstances.of(down + ", " + up));

        for (int i = 0; i < 3; i++) {
            assertThat(client.post()
                            .uri(down + "/api/v0/enrich")
                            .body("{\"vin\": \"2T3P1RFV2NW131842\"}")
                            .retrieve()
                            .body(String.class))
                    .isEqualTo("up POST /api/v0/enrich {\"vin\": \"2T3P1RFV2NW131842\"}");
        }
    }

    @Test
    void whenEveryInstanceRefusesTheBackendIsUnreachable() throws IOException {
        String one = "http://127.0.0.1:" + closedPort();
        String other = "http://127.0.0.1:" + closedPort();
        RestClient client = client(BackendInstances.of(one + "," + other));

        assertThatThrownBy(() ->
                        client.get().uri(one + "/api/v1/status").retrieve().body(String.class))
                .isInstanceOf(ResourceAccessException.class)
                .hasCauseInstanceOf(ConnectException.class);
    }

    @Test
    void eachInstanceIsCheckedAsABackend() {
        assertThat(BackendInstances.of("http://query-side:8082").several()).isFalse();
        assertThat(BackendInstances.of("http://a:8082,http://b:8092").first().getHost())
                .isEqualTo("a");
        assertThatThrownBy(() -> BackendInstances.of("http://a:8082,b:8092")).hasMessageContaining("vspec.backends");
    }

    private static RestClient client(BackendInstances instances) {
        return RestClient.builder()
                .requestFactory(BackendRequests.factory(
                        Duration.ofSeconds(2),
                        Duration.ofSeconds(10),
                        8,
                        instances.size(),
                        "test",
                        new SimpleMeterRegistry()))
                .requestInterceptor(instances)
                .build();
    }

    /** An instance answering "<name> <method> <path and query> <body>". */
    private String instance(String name) {
        try {
            HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
            server.createContext("/", exchange -> {
                String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
                byte[] answer = (name + " " + exchange.getRequestMethod() + " " + exchange.getRequestURI() + " " + body)
                        .getBytes(StandardCharsets.UTF_8);
                exchange.sendResponseHeaders(200, answer.length);
                exchange.getResponseBody().write(answer);
                exchange.close();
            });
            server.start();
            servers.add(server);
            return "http://127.0.0.1:" + server.getAddress().getPort();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static int closedPort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }
}
