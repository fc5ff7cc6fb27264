package dev.vspec.command.webhooks;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Deque;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * A webhook receiver on loopback: each path answers its script in turn (a status code, or
 * {@link #SLOW}: no answer for longer than the sender waits), then 200 (or what {@link #answerAlways} says) once the script runs out,
 * and keeps every request it got.
 */
public final class WebhookReceiver implements AutoCloseable {

    /** Answers only after {@link #SLOW_FOR}, far beyond the tests' read timeout. */
    static final int SLOW = -1;

    private static final Duration SLOW_FOR = Duration.ofSeconds(4);

    public record Received(String path, Map<String, List<String>> headers, byte[] body, Instant at) {
        public String header(String name) {
            return headers.entrySet().stream()
                    .filter(header -> header.getKey().equalsIgnoreCase(name))
                    .map(header -> header.getValue().get(0))
                    .findFirst()
                    .orElse(null);
        }
    }

    private final HttpServer server;
    private final ExecutorService threads = Executors.newCachedThreadPool();
    private final CountDownLatch closing = new CountDownLatch(1);
    private final Map<String, Deque<Integer>> scripts = new ConcurrentHashMap<>();
    private final Map<String, Integer> otherwise = new ConcurrentHashMap<>();
    private final Map<String, List<Received>> received = new ConcurrentHashMap<>();

    public WebhookReceiver() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.setExecutor(threads);
        server.createContext("/", this::answer);
        server.start();
    }

    /** The URL of {@code path}, whose requests are answered {@code statuses} in turn, then 200. */
    public String url(String path, int... statuses) {
        Deque<Integer> script = new ConcurrentLinkedDeque<>();
        for (int status : statuses) {
            script.add(status);
        }
        scripts.put(path, script);
        return "http://127.0.0.1:" + server.getAddress().getPort() + path;
    }

    /** From now on, {@code path} answers {@code status} to every request. */
    void answerAlways(String path, int status) {
        otherwise.put(path, status);
        scripts.get(path).clear();
    }

    public List<Received> received(String path) {
        return List.copyOf(received.getOrDefault(path, List.of()));
    }

    private void answer(HttpExchange exchange) throws IOException {
        String path = exchange.getRequestURI().getPath();
        byte[] body = exchange.getRequestBody().readAllBytes();
        received.computeIfAbsent(path, p -> new CopyOnWriteArrayList<>())
                .add(new Received(path, Map.copyOf(exchange.getRequestHeaders()), body, Instant.now()));
        Deque<Integer> script = scripts.get(path);
        Integer next = script == null ? null : script.poll();
        int status = next != null ? next : otherwise.getOrDefault(path, 200);
        if (status == SLOW) {
            try {
                closing.await(SLOW_FOR.toMillis(), TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            status = 200;
        }
        try {
            exchange.sendResponseHeaders(status, -1);
        } catch (IOException e) {
            // the sender gave up waiting
        }
        exchange.close();
    }

    @Override
    public void close() {
        closing.countDown();
        server.stop(0);
        threads.shutdownNow();
    }

    private static final Pattern SIGNATURE = Pattern.compile("t=(\\d+),v1=([0-9a-f]{64})");

    /** The request carries {@code Vspec-Signature} of its body with this secret, made within the last two minutes. */
    public static void assertSigned(Received request, String secret) throws Exception {
        Matcher signature = SIGNATURE.matcher(request.header("Vspec-Signature"));
        assertThat(signature.matches()).as(request.header("Vspec-Signature")).isTrue();
        long t = Long.parseLong(signature.group(1));
        assertThat(Math.abs(Instant.now().getEpochSecond() - t)).isLessThan(120);
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
        mac.update((t + ".").getBytes(StandardCharsets.UTF_8));
        assertThat(signature.group(2)).isEqualTo(HexFormat.of().formatHex(mac.doFinal(request.body())));
    }
}
