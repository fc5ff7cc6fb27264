package dev.vspec.gateway;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.vspec.testing.Api;
import dev.vspec.testing.HostileRequests.HostileRequest;
import dev.vspec.testing.RawHttp;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import tools.jackson.databind.JsonNode;

/**
 * What the gateway's own connector answers clients that break HTTP, trickle their requests or
 * hold many connections: error records instead of Tomcat's HTML, a 408 at the head deadline (2 s
 * here), and a share of connections per address (64 here) that leaves every other client served.
 */
class HostileClientsIT {

    private static final Duration HEAD_DEADLINE = Duration.ofSeconds(2);
    private static final int PER_ADDRESS = 64;
    private static final String HEALTH = "GET /actuator/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n";

    private static StubBackend sandbox;
    private static ConfigurableApplicationContext gateway;
    private static int port;

    @BeforeAll
    static void start() {
        sandbox = new StubBackend("sandbox");
        gateway = GatewayApplication.application()
                .run(
                        "--server.port=0",
                        "--spring.main.banner-mode=off",
                        "--vspec.site.url=" + GatewayIT.SITE,
                        "--vspec.backends.sandbox=" + sandbox.url(),
                        "--vspec.backends.query-side=",
                        "--vspec.backends.command-side=",
                        "--vspec.http.request-head-timeout=" + HEAD_DEADLINE.toSeconds() + "s",
                        "--vspec.http.max-connections-per-address=" + PER_ADDRESS);
        port = ((WebServerApplicationContext) gateway).getWebServer().getPort();
    }

    @AfterAll
    static void stop() {
        gateway.close();
        sandbox.close();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.vspec.testing.HostileRequests#all")
    void whatTomcatRefusesIsAnErrorRecordTheGatewayDecorates(HostileRequest request) {
        JsonNode error = request.assertRefusedAsErrorRecord(port);

        assertThat(error.path("object").asString()).isEqualTo("error");
        assertThat(error.path("docs").asString()).isEqualTo(GatewayIT.SITE + "/docs#" + request.code());
    }

    @Test
    void aPageCanReadWhyTomcatRefusedItsRequest() {
        RawHttp.Answer live = RawHttp.exchange(
                port,
                "GET /api/v1/wmi/1H%2FG HTTP/1.1\r\nHost: 127.0.0.1\r\n" + "Origin: https://anyone.example\r\n\r\n");
        RawHttp.Answer sandboxFromSite = RawHttp.exchange(
                port,
                "GET /api/sample/v1/wmi/1H%2FG HTTP/1.1\r\nHost: 127.0.0.1\r\n" + "Origin: " + GatewayIT.SITE
                        + "\r\n\r\n");
        RawHttp.Answer sandboxFromElsewhere = RawHttp.exchange(
                port,
                "GET /api/sample/v1/wmi/1H%2FG HTTP/1.1\r\n"
                        + "Host: 127.0.0.1\r\nOrigin: https://elsewhere.example\r\n\r\n");

        assertThat(live.header("Access-Control-Allow-Origin")).isEqualTo("*");
        assertThat(live.header("Access-Control-Expose-Headers")).contains("X-Request-Id");
        assertThat(sandboxFromSite.header("Access-Control-Allow-Origin")).isEqualTo(GatewayIT.SITE);
        assertThat(sandboxFromElsewhere.header("Access-Control-Allow-Origin")).isNull();
        assertThat(sandboxFromElsewhere.headers().get("vary"))
                .as("the answer depends on Origin")
                .contains("Origin");
    }

    @Test
    void aClientTricklingItsHeadersIsAnswered408AtTheDeadline() throws IOException {
        ScheduledExecutorService trickle = Executors.newSingleThreadScheduledExecutor();
        try (Socket socket = RawHttp.connect(InetAddress.getLoopbackAddress(), port)) {
            OutputStream out = socket.getOutputStream();
            out.write("GET /api/sample/v1/echo HTTP/1.1\r\nHost: 127.0.0.1\r\n".getBytes(StandardCharsets.US_ASCII));
            // a byte every 200 ms: each one would restart Tomcat's own read timeout
            AtomicInteger sent = new AtomicInteger();
            trickle.scheduleAtFixedRate(
                    () -> {
                        try {
                            out.write('a' + sent.getAndIncrement() % 26);
                        } catch (IOException closed) {
                            throw new IllegalStateException("closed", closed);
                        }
                    },
                    0,
                    200,
                    TimeUnit.MILLISECONDS);
            long start = System.nanoTime();
            CompletableFuture<RawHttp.Answer> answer = CompletableFuture.supplyAsync(() -> read(socket));

            await().atMost(HEAD_DEADLINE.plusSeconds(3)).until(answer::isDone);
            Duration waited = Duration.ofNanos(System.nanoTime() - start);
            RawHttp.Answer timeout = answer.join();
            assertThat(sent.get()).as("bytes sent before the answer").isGreaterThan(5);
            assertThat(waited).isGreaterThan(HEAD_DEADLINE.minusMillis(500));
            assertThat(timeout.status()).isEqualTo(408);
            assertThat(timeout.json().path("error").asString()).isEqualTo("request_timeout");
            assertThat(timeout.json().path("docs").asString()).isEqualTo(GatewayIT.SITE + "/docs#request_timeout");
            assertThat(timeout.header("Connection")).isEqualTo("close");
        } finally {
            trickle.shutdownNow();
        }
    }

    @Test
    void aConnectionThatSendsNothingIsClosedAtTheDeadline() throws IOException {
        try (Socket socket = RawHttp.connect(InetAddress.getLoopbackAddress(), port)) {
            CompletableFuture<Integer> end = CompletableFuture.supplyAsync(() -> {
                try {
                    return socket.getInputStream().read();
                } catch (IOException e) {
                    return -1;
                }
            });

            await().atMost(HEAD_DEADLINE.plusSeconds(3)).until(end::isDone);
            assertThat(end.join()).as("closed without an answer").isEqualTo(-1);
        }
    }

    @Test
    void theDeadlineCountsFromEachRequestsFirstByteNotFromTheConnection() throws IOException {
        try (Socket socket = RawHttp.connect(InetAddress.getLoopbackAddress(), port)) {
            send(socket, HEALTH);
            assertThat(RawHttp.read(socket.getInputStream()).status()).isEqualTo(200);
            // idle longer than the deadline: a kept-alive connection waits under Tomcat's keep-alive timeout
            await().pollDelay(HEAD_DEADLINE.plusMillis(500)).until(() -> true);

            send(socket, HEALTH);
            assertThat(RawHttp.read(socket.getInputStream()).status()).isEqualTo(200);
        }
    }

    @Test
    void aSlowBackendOutlastsTheHeadDeadline() {
        CompletableFuture<Api.Reply> slow =
                CompletableFuture.supplyAsync(() -> new Api(port).get("/api/sample/v1/slow"));

        await().during(HEAD_DEADLINE.plusMillis(500))
                .atMost(HEAD_DEADLINE.plusSeconds(2))
                .until(() -> !slow.isDone());
        sandbox.release();

        assertThat(slow.join().status()).isEqualTo(200);
    }

    @Test
    void oneAddressHoldsItsShareOfConnectionsAndAnyOtherClientIsAnsweredAtOnce() throws IOException {
        int attempts = 2_000;
        List<Socket> held = new ArrayList<>();
        int refused = 0;
        try {
            for (int i = 0; i < attempts; i++) {
                Socket socket = RawHttp.connect(InetAddress.getLoopbackAddress(), port);
                if (admitted(socket)) {
                    // kept alive after its answer, the connection keeps its place
                    held.add(socket);
                } else {
                    refused++;
                    socket.close();
                }
            }
            assertThat(held).hasSize(PER_ADDRESS);
            assertThat(refused).isEqualTo(attempts - PER_ADDRESS);

            long start = System.nanoTime();
            try (Socket other = RawHttp.connect(InetAddress.getByName("127.0.0.2"), port)) {
                send(other, HEALTH);
                assertThat(RawHttp.read(other.getInputStream()).status()).isEqualTo(200);
            }
            assertThat(Duration.ofNanos(System.nanoTime() - start))
                    .as("another address's answer")
                    .isLessThan(Duration.ofSeconds(1));

            try (Socket oneMore = RawHttp.connect(InetAddress.getLoopbackAddress(), port)) {
                RawHttp.Answer refusal = RawHttp.read(oneMore.getInputStream());
                assertThat(refusal.status()).isEqualTo(429);
                assertThat(refusal.header("Retry-After")).isEqualTo("1");
                assertThat(refusal.json().path("error").asString()).isEqualTo("rate_limited");
                assertThat(refusal.json().path("message").asString()).contains(String.valueOf(PER_ADDRESS));
                assertThat(refusal.json().path("docs").asString())
                        .as("answered before any request, and still linked")
                        .isEqualTo(GatewayIT.SITE + "/docs#rate_limited");
            }
        } finally {
            for (Socket socket : held) {
                socket.close();
            }
        }
        await().atMost(Duration.ofSeconds(5)).until(() -> {
            try (Socket socket = RawHttp.connect(InetAddress.getLoopbackAddress(), port)) {
                return admitted(socket);
            }
        });
    }

    /** Answered its request (and so kept), or refused at accept: a 429 or, when the refusal crossed the request, a reset. */
    private static boolean admitted(Socket socket) {
        try {
            send(socket, HEALTH);
            int status = RawHttp.read(socket.getInputStream()).status();
            assertThat(status).isIn(200, 429);
            return status == 200;
        } catch (IOException reset) {
            return false;
        }
    }

    private static void send(Socket socket, String request) throws IOException {
        socket.getOutputStream().write(request.getBytes(StandardCharsets.US_ASCII));
        socket.getOutputStream().flush();
    }

    private static RawHttp.Answer read(Socket socket) {
        try {
            return RawHttp.read(socket.getInputStream());
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
