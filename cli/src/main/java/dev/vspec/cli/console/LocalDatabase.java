package dev.vspec.cli.console;

import dev.vspec.embeddedpostgres.EmbeddedPostgres;
import dev.vspec.embeddedpostgres.EmbeddedPostgresException;
import dev.vspec.vpic.VpicPackage;
import java.nio.file.Path;
import java.util.Map;

/**
 * The database vspec uses when none is configured: database {@code vspec} on an embedded PostgreSQL 17 kept in the
 * data directory ({@code <data-dir>/postgres}; run as root where the server's account cannot reach that, under
 * /var/lib/vspec/postgres). {@code vspec up} starts it and stops it with the stack; any other command finds it there
 * and starts it when it is not running.
 */
public final class LocalDatabase {

    public static final String NAME = "vspec";
    public static final String USER = EmbeddedPostgres.USER;

    /** Five deployables with a pool of ten each, the CLI's commands beside them, and room for a second stack. */
    private static final Map<String, String> SETTINGS = Map.of("max_connections", "200");

    private final EmbeddedPostgres cluster;

    private LocalDatabase(EmbeddedPostgres cluster) {
        this.cluster = cluster;
    }

    /** The local database of the stack whose state is in {@code dataDir}. */
    public static LocalDatabase in(Path dataDir) {
        Path cache = VpicPackage.cacheRoot(System.getenv());
        return new LocalDatabase(EmbeddedPostgres.at(dataDir.resolve("postgres"), cache));
    }

    /** The data directory a command finds the stack's state in: {@code VSPEC_DATA_DIR}, else {@code .vspec}. */
    public static Path defaultDataDir() {
        String configured = System.getenv("VSPEC_DATA_DIR");
        return Path.of(configured == null || configured.isBlank() ? ".vspec" : configured);
    }

    /** Whether the server has been made (by an earlier start). */
    public boolean made() {
        return cluster.initialized();
    }

    public boolean running() {
        return cluster.runningPort().isPresent();
    }

    public Path directory() {
        return cluster.directory();
    }

    /**
     * Makes the server when it is not made, starts it when it is not running, and creates database {@code vspec}
     * when it is missing.
     *
     * @return the database's JDBC URL
     */
    public String start() {
        try {
            cluster.start(SETTINGS, 0);
            cluster.createDatabaseIfMissing(NAME);
            return cluster.url(NAME);
        } catch (EmbeddedPostgresException e) {
            throw new IllegalStateException("Cannot start vspec's embedded PostgreSQL: " + e.getMessage(), e);
        }
    }

    /** Stops the server, letting its sessions end first. */
    public void stop() {
        cluster.stop();
    }
}
