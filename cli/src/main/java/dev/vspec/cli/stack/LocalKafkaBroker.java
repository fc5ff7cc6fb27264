package dev.vspec.cli.stack;

import java.io.IOException;
import java.net.BindException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Collection;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import kafka.server.KafkaConfig;
import kafka.server.KafkaRaftServer;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.DescribeClusterOptions;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.utils.Time;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A single-node Apache Kafka broker in KRaft combined mode (broker + controller in one process),
 * run in-process for the local stack ({@code vspec up}).
 *
 * <p>Storage lives under the given data directory and survives restarts: the first start formats
 * it (generating the cluster id, which Kafka keeps in {@code meta.properties}); later starts reuse
 * it as is. Both listeners bind to 127.0.0.1 only.
 */
public final class LocalKafkaBroker implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(LocalKafkaBroker.class);

    private static final Duration STARTUP_TIMEOUT = Duration.ofSeconds(60);

    private final KafkaRaftServer server;
    private final DataDirLock dirLock;
    private final Path dataDir;
    private final int port;
    private final String bootstrapServers;
    private boolean closed;

    private LocalKafkaBroker(KafkaRaftServer server, DataDirLock dirLock, Path dataDir, int port) {
        this.server = server;
        this.dirLock = dirLock;
        this.dataDir = dataDir;
        this.port = port;
        this.bootstrapServers = KraftNode.LOOPBACK + ":" + port;
    }

    /**
     * Starts the broker and blocks until it accepts client connections.
     *
     * @param dataDir directory holding all broker state (created if missing, formatted on first use)
     * @param port    client (PLAINTEXT) port on 127.0.0.1, or 0 to pick a free one
     * @throws StackException if the broker cannot be started within {@link #STARTUP_TIMEOUT}, or its
     *                        directory or port is in use
     */
    public static LocalKafkaBroker start(Path dataDir, int port) {
        Objects.requireNonNull(dataDir, "dataDir");
        if (port < 0 || port > 65_535) {
            throw new IllegalArgumentException("port must be between 0 and 65535, was " + port);
        }
        long deadline = System.nanoTime() + STARTUP_TIMEOUT.toNanos();
        Path dir = createDirectories(dataDir);
        DataDirLock dirLock = DataDirLock.acquire(dir);
        try {
            return startLocked(dir, dirLock, port, deadline);
        } catch (RuntimeException e) {
            dirLock.close();
            throw e;
        }
    }

    private static LocalKafkaBroker startLocked(Path dir, DataDirLock dirLock, int port, long deadline) {
        int clientPort = port == 0 ? freePort() : port;
        int controllerPort = freePortOtherThan(clientPort);
        String bootstrapServers = KraftNode.LOOPBACK + ":" + clientPort;

        // Parse and validate the configuration before touching the storage.
        KafkaConfig config = new KafkaConfig(KraftNode.properties(dir, clientPort, controllerPort), false);
        KraftNode.formatStorageIfNeeded(dir);

        log.info("Starting local Kafka broker on {} (data in {})", bootstrapServers, dir);
        long startedAt = System.nanoTime();
        KafkaRaftServer server;
        try {
            server = new KafkaRaftServer(config, Time.SYSTEM);
        } catch (RuntimeException e) {
            throw startFailure(dir, bootstrapServers, e);
        }
        try {
            // Returns once the broker has registered with the controller and is unfenced.
            server.startup();
            awaitClientConnections(bootstrapServers, deadline);
        } catch (RuntimeException | InterruptedException e) {
            shutDownQuietly(server);
            if (e instanceof InterruptedException) {
                Thread.currentThread().interrupt();
            }
            throw startFailure(dir, bootstrapServers, e);
        }
        log.info(
                "Local Kafka broker ready on {} in {} ms",
                bootstrapServers,
                TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startedAt));
        return new LocalKafkaBroker(server, dirLock, dir, clientPort);
    }

    /**
     * Starts a broker again on this closed one's data directory and port, with its topics, records
     * and committed offsets: what clients see when a broker comes back after an outage.
     */
    public synchronized LocalKafkaBroker startAgain() {
        if (!closed) {
            throw new IllegalStateException("the broker on " + bootstrapServers + " is still running");
        }
        return start(dataDir, port);
    }

    /** Client bootstrap address, e.g. {@code 127.0.0.1:9092}. */
    public String bootstrapServers() {
        return bootstrapServers;
    }

    /** Shuts the broker down (controlled shutdown, logs flushed) and waits until it has stopped. */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        log.info("Stopping local Kafka broker on {}", bootstrapServers);
        try {
            server.shutdown();
            server.awaitShutdown();
        } finally {
            dirLock.close();
        }
        log.info("Local Kafka broker stopped (data kept in {})", dataDir);
    }

    private static void awaitClientConnections(String bootstrapServers, long deadline) throws InterruptedException {
        long remainingMs = Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime()));
        Map<String, Object> adminConfig = Map.of(
                AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG,
                bootstrapServers,
                AdminClientConfig.CLIENT_ID_CONFIG,
                "vspec-local-kafka-probe");
        try (Admin admin = Admin.create(adminConfig)) {
            // The admin client retries internally until the call's own timeout expires.
            Collection<Node> nodes = admin.describeCluster(
                            new DescribeClusterOptions().timeoutMs((int) Math.min(remainingMs, Integer.MAX_VALUE)))
                    .nodes()
                    .get(remainingMs, TimeUnit.MILLISECONDS);
            if (nodes.isEmpty()) {
                throw new StackException("broker reported no live nodes");
            }
        } catch (ExecutionException e) {
            throw new StackException("broker did not accept client connections: " + e.getCause(), e.getCause());
        } catch (TimeoutException e) {
            throw new StackException("broker did not accept client connections within " + STARTUP_TIMEOUT, e);
        }
    }

    private static StackException startFailure(Path dir, String bootstrapServers, Exception cause) {
        for (Throwable t = cause; t != null; t = t.getCause()) {
            if (t instanceof BindException) {
                return new StackException(
                        "Local Kafka broker failed to start on " + bootstrapServers
                                + ": the port is already in use by another process",
                        cause);
            }
        }
        return new StackException(
                "Local Kafka broker (data in " + dir + ") failed to start on " + bootstrapServers + ": "
                        + cause.getMessage(),
                cause);
    }

    private static void shutDownQuietly(KafkaRaftServer server) {
        try {
            server.shutdown();
            server.awaitShutdown();
        } catch (RuntimeException e) {
            log.warn("Error while shutting down a Kafka broker that failed to start", e);
        }
    }

    /** Creates the directory and returns its real path, so the same directory always locks alike. */
    private static Path createDirectories(Path dir) {
        try {
            return Files.createDirectories(dir).toRealPath();
        } catch (IOException e) {
            throw new StackException("Cannot create Kafka data directory " + dir + ": " + e, e);
        }
    }

    private static int freePortOtherThan(int taken) {
        int port = freePort();
        while (port == taken) {
            port = freePort();
        }
        return port;
    }

    // Small race: the port is free now but could be taken before it is bound; the start then fails
    // with the bind error, which is fine for an interactive local tool.
    static int freePort() {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getByName(KraftNode.LOOPBACK))) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new StackException("Cannot find a free port on " + KraftNode.LOOPBACK + ": " + e, e);
        }
    }
}
