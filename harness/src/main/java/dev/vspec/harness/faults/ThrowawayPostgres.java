package dev.vspec.harness.faults;

import dev.vspec.cli.stack.StackException;
import dev.vspec.embeddedpostgres.EmbeddedPostgres;
import dev.vspec.embeddedpostgres.EmbeddedPostgresException;
import dev.vspec.vpic.VpicPackage;
import java.nio.file.Path;
import java.util.Map;

/**
 * A PostgreSQL cluster of the drill's own ({@link EmbeddedPostgres}), on a port of its own: the database the drill
 * may crash and restart. It is deleted when the drill ends.
 */
final class ThrowawayPostgres implements AutoCloseable {

    private final EmbeddedPostgres cluster;
    private final int port;

    private ThrowawayPostgres(EmbeddedPostgres cluster, int port) {
        this.cluster = cluster;
        this.port = port;
    }

    /** Makes a new cluster in {@code wanted} and starts it on {@code port}. */
    static ThrowawayPostgres start(Path wanted, int port) {
        Path cache = VpicPackage.cacheRoot(System.getenv());
        ThrowawayPostgres postgres = new ThrowawayPostgres(EmbeddedPostgres.at(wanted, cache), port);
        postgres.start();
        return postgres;
    }

    String url(String database) {
        return "jdbc:postgresql://127.0.0.1:" + port + "/" + database;
    }

    void createDatabase(String name) {
        try {
            cluster.createDatabaseIfMissing(name);
        } catch (EmbeddedPostgresException e) {
            throw new StackException(e.getMessage(), e);
        }
    }

    /** Starts the server and returns once it accepts connections. */
    void start() {
        try {
            cluster.start(Map.of("max_connections", "400"), port);
        } catch (EmbeddedPostgresException e) {
            throw new StackException(e.getMessage(), e);
        }
    }

    /** Stops the server as a crash would (immediate mode: no checkpoint; the next start recovers from the WAL). */
    void crash() {
        try {
            cluster.crash();
        } catch (EmbeddedPostgresException e) {
            throw new StackException(e.getMessage(), e);
        }
    }

    /** Stops the server and deletes the cluster. */
    @Override
    public void close() {
        cluster.destroy();
    }
}
