package dev.vspec.testing.database;

import dev.vspec.embeddedpostgres.EmbeddedPostgres;
import dev.vspec.vpic.VpicPackage;
import java.nio.file.Path;
import java.util.Map;

/**
 * The tests' PostgreSQL server: {@code VSPEC_TEST_PG_URL} when set (ending in {@code /}, user from
 * {@code VSPEC_TEST_PG_USER}), else the machine's test cluster, a real PostgreSQL 17 that {@link EmbeddedPostgres}
 * keeps in the cache ({@code test-postgres}). The first test JVM that needs it starts it; it is left running for the
 * other JVMs of the build and the next build, so the vPIC template database it holds is built once per machine.
 */
final class TestServer {

    /**
     * Whole stacks run at once beside cached Spring contexts: more connections than the default 100. Durability
     * is not the tests' concern (the fault drill crashes a cluster of its own): no waiting for disks.
     */
    private static final Map<String, String> SETTINGS = Map.of(
            "max_connections", "500",
            "fsync", "off",
            "synchronous_commit", "off",
            "full_page_writes", "off");

    private TestServer() {}

    static String url() {
        String configured = System.getenv("VSPEC_TEST_PG_URL");
        if (configured != null && !configured.isBlank()) {
            return configured;
        }
        Path cache = VpicPackage.cacheRoot(System.getenv());
        int port = EmbeddedPostgres.at(cache.resolve("test-postgres"), cache).start(SETTINGS, 0);
        return "jdbc:postgresql://127.0.0.1:" + port + "/";
    }
}
