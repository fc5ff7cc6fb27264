package dev.vspec.sandbox;

import static org.awaitility.Awaitility.await;

import dev.vspec.access.Window;
import dev.vspec.decoding.DecoderSource;
import dev.vspec.testing.DecoderReady;
import dev.vspec.testing.database.TestDatabase;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeEach;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.ContextConfiguration;

/**
 * One sandbox on a fresh database holding the pinned vPIC release, shared by every sandbox IT that extends this. The site (the one
 * origin CORS allows, the base of docs links) is {@link #SITE}. Request logging is on, so tests can
 * check what it writes.
 */
@SpringBootTest(
        classes = SandboxApplication.class,
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {
            "spring.config.name=sandbox",
            "vspec.site.url=" + SandboxHttpIT.SITE,
            "vspec.sandbox.allowed-origin=" + SandboxHttpIT.SITE,
            "logging.level.vspec.requests=DEBUG"
        })
@ContextConfiguration(initializers = TestDatabase.WithVpic.class)
public abstract class SandboxHttpIT {

    public static final String SITE = "https://site.example";

    @LocalServerPort
    protected int port;

    @Autowired
    private DecoderSource decoders;

    /** The decoder loads the installed vPIC release in the background once the context is up. */
    @BeforeEach
    void awaitTheDecoder() {
        DecoderReady.await(decoders);
    }

    /** Every client of a test run has its own address; the database, and so every budget, is new per run. */
    private static final AtomicInteger CLIENTS = new AtomicInteger();

    /**
     * A client of its own address (from 198.18.0.0/15, the benchmarking range), which the sandbox
     * believes from X-Forwarded-For because the test connects from a trusted proxy address
     * (loopback); so each test has budgets of its own.
     */
    protected SandboxClient newClient() {
        return new SandboxClient(port, uniqueAddress());
    }

    public static String uniqueAddress() {
        int n = CLIENTS.incrementAndGet();
        return "198." + (18 + (n >> 16 & 1)) + "." + (n >> 8 & 0xff) + "." + (n & 0xff);
    }

    /**
     * Waits until the window holding now has at least {@code seconds} left, so that a test counting
     * within one window does not see it roll over (at most one window's worth of waiting is needed).
     */
    public static void awaitTimeLeftIn(Window window, long seconds) {
        await().atMost(Duration.ofSeconds(seconds + 5))
                .pollInterval(Duration.ofMillis(200))
                .until(() -> {
                    Instant now = Instant.now();
                    return window.end(window.index(now)).isAfter(now.plusSeconds(seconds));
                });
    }
}
