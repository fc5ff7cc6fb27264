package dev.vspec.sandbox;

import dev.vspec.infra.testing.TestDatabase;
import java.util.concurrent.ThreadLocalRandom;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.ContextConfiguration;

/**
 * One sandbox on a fresh database, shared by every sandbox IT that extends this. The site (the one
 * origin CORS allows, the base of docs links) is {@link #SITE}. Request logging is on, so tests can
 * check what it writes.
 */
@SpringBootTest(classes = SandboxApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"spring.config.name=sandbox", "vspec.site.url=" + SandboxHttpIT.SITE,
                "vspec.sandbox.allowed-origin=" + SandboxHttpIT.SITE, "logging.level.vspec.requests=DEBUG"})
@ContextConfiguration(initializers = TestDatabase.class)
public abstract class SandboxHttpIT {

    public static final String SITE = "https://site.example";

    @LocalServerPort
    protected int port;

    /**
     * A client of its own address (from 198.18.0.0/15, the benchmarking range), which the sandbox
     * believes from X-Forwarded-For because the test connects from a trusted proxy address
     * (loopback); so each test has budgets of its own.
     */
    protected SandboxClient newClient() {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        return new SandboxClient(port, "198." + (18 + random.nextInt(2)) + "." + random.nextInt(256) + "." + (1 + random.nextInt(254)));
    }
}
