package dev.vspec.cli.stack;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import kafka.server.KafkaConfig;
import kafka.server.KafkaRaftServer;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.DescribeClusterOptions;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.utils.Time;
import org.apache.kafka.metadata.properties.MetaPropertiesEnsemble;
import org.apache.kafka.metadata.storage.Formatter;
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

    static final int NODE_ID = 1;
    static final String LOOPBACK = "127.0.0.1";
    static final String CONTROLLER_LISTENER = "CONTROLLER";
    static final Duration STARTUP_TIMEOUT = Duration.ofSeconds(60);

    private final KafkaRaftServer server;
    private final Path dataDir;
    private final String bootstrapServers;
    private boolean closed;

    private LocalKafkaBroker(KafkaRaftServer server, Path dataDir, String bootstrapServers) {
        this.server = server;
        this.dataDir = dataDir;
        this.bootstrapServers = bootstrapServers;
    }

    /**
     * Starts the broker and blocks until it accepts client connections.
     *
     * @param dataDir directory holding all broker state (created if missing, formatted on first use)
     * @param port    client (PLAINTEXT) port on 127.0.0.1, or 0 to pick a free one
     * @throws IllegalStateException if the broker cannot be started within {@link #STARTUP_TIMEOUT}
     */
    public static LocalKafkaBroker start(Path dataDir, int port) {
        Objects.requireNonNull(dataDir, "dataDir");
        if (port < 0 || port > 65_535) {
            throw new IllegalArgumentException("port must be between 0 and 65535, was " + port);
        }
        long deadline = System.nanoTime() + STARTUP_TIMEOUT.toNanos();
        Path dir = dataDir.toAbsolutePath().normalize();
        createDirectories(dir);

        int clientPort = port == 0 ? freePort() : port;
        int controllerPort = freePortOtherThan(clientPort);
        String bootstrapServers = LOOPBACK + ":" + clientPort;

        // Parse and validate the configuration before touching the storage.
        KafkaConfig config = new KafkaConfig(brokerProperties(dir, clientPort, controllerPort), false);
        formatStorageIfNeeded(dir);

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
        log.info("Local Kafka broker ready on {} in {} ms", bootstrapServers,
            TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startedAt));
        return new LocalKafkaBroker(server, dir, bootstrapServers);
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
        server.shutdown();
        server.awaitShutdown();
        log.info("Local Kafka broker stopped (data kept in {})", dataDir);
    }

    static Properties brokerProperties(Path dataDir, int clientPort, int controllerPort) {
        Properties props = new Properties();
        props.put("process.roles", "broker,controller");
        props.put("node.id", String.valueOf(NODE_ID));
        // Static quorum (kraft.version 0): the voter endpoint is read from config on every start
        // and is not persisted, so the controller port may change between restarts.
        props.put("controller.quorum.voters", NODE_ID + "@" + LOOPBACK + ":" + controllerPort);
        props.put("listeners", "PLAINTEXT://" + LOOPBACK + ":" + clientPort + ","
            + CONTROLLER_LISTENER + "://" + LOOPBACK + ":" + controllerPort);
        props.put("advertised.listeners", "PLAINTEXT://" + LOOPBACK + ":" + clientPort);
        props.put("listener.security.protocol.map", "PLAINTEXT:PLAINTEXT," + CONTROLLER_LISTENER + ":PLAINTEXT");
        props.put("controller.listener.names", CONTROLLER_LISTENER);
        props.put("inter.broker.listener.name", "PLAINTEXT");
        // One directory for both the metadata log and topic data.
        props.put("log.dirs", dataDir.toString());

        // Single node: nothing can be replicated.
        props.put("offsets.topic.replication.factor", "1");
        props.put("transaction.state.log.replication.factor", "1");
        props.put("transaction.state.log.min.isr", "1");
        props.put("share.coordinator.state.topic.replication.factor", "1");
        props.put("share.coordinator.state.topic.min.isr", "1");
        props.put("min.insync.replicas", "1");
        props.put("default.replication.factor", "1");
        // Internal topics are created once and keep their partition count; these must not change
        // for an existing data dir (the coordinators hash group/transaction ids over them).
        props.put("offsets.topic.num.partitions", "1");
        props.put("transaction.state.log.num.partitions", "1");
        props.put("share.coordinator.state.topic.num.partitions", "1");

        props.put("group.initial.rebalance.delay.ms", "0");
        // Topics are provisioned explicitly, with their own retention.
        props.put("auto.create.topics.enable", "false");

        // Keep the footprint small: the cleaner's dedupe buffer defaults to 128 MiB of heap.
        props.put("log.cleaner.dedupe.buffer.size", String.valueOf(8 * 1024 * 1024));
        props.put("num.network.threads", "2");
        props.put("num.io.threads", "2");
        props.put("background.threads", "2");
        return props;
    }

    /** Formats the storage on first use only; a formatted directory is reused as is. */
    private static void formatStorageIfNeeded(Path dir) {
        if (Files.exists(dir.resolve(MetaPropertiesEnsemble.META_PROPERTIES_NAME))) {
            log.debug("Kafka storage in {} already formatted", dir);
            return;
        }
        String clusterId = Uuid.randomUuid().toString();
        // The formatter reports progress on a PrintStream (System.out by default); route it to the log.
        ByteArrayOutputStream output = new ByteArrayOutputStream();
        try (PrintStream printStream = new PrintStream(output, true, StandardCharsets.UTF_8)) {
            // Same steps as `kafka-storage format` for a static quorum; the release version
            // defaults to the latest production metadata.version of these jars.
            new Formatter()
                .setPrintStream(printStream)
                .setNodeId(NODE_ID)
                .setClusterId(clusterId)
                .setControllerListenerName(CONTROLLER_LISTENER)
                .setMetadataLogDirectory(dir.toString())
                .setDirectories(List.of(dir.toString()))
                .run();
        } catch (Exception e) {
            throw new IllegalStateException("Could not format Kafka storage in " + dir + ": " + e.getMessage(), e);
        } finally {
            output.toString(StandardCharsets.UTF_8).lines().forEach(line -> log.debug("format: {}", line));
        }
        log.info("Formatted Kafka storage in {} (cluster id {})", dir, clusterId);
    }

    private static void awaitClientConnections(String bootstrapServers, long deadline)
        throws InterruptedException {
        long remainingMs = Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime()));
        Map<String, Object> adminConfig = Map.of(
            AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers,
            AdminClientConfig.CLIENT_ID_CONFIG, "vspec-local-kafka-probe");
        try (Admin admin = Admin.create(adminConfig)) {
            // The admin client retries internally until the call's own timeout expires.
            Collection<Node> nodes = admin
                .describeCluster(new DescribeClusterOptions().timeoutMs((int) Math.min(remainingMs, Integer.MAX_VALUE)))
                .nodes()
                .get(remainingMs, TimeUnit.MILLISECONDS);
            if (nodes.isEmpty()) {
                throw new IllegalStateException("broker reported no live nodes");
            }
        } catch (ExecutionException e) {
            throw new IllegalStateException("broker did not accept client connections: " + e.getCause(), e.getCause());
        } catch (TimeoutException e) {
            throw new IllegalStateException("broker did not accept client connections within " + STARTUP_TIMEOUT, e);
        }
    }

    private static IllegalStateException startFailure(Path dir, String bootstrapServers, Exception cause) {
        return new IllegalStateException(
            "Local Kafka broker (data in " + dir + ") failed to start on " + bootstrapServers + ": " + cause.getMessage(),
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

    private static void createDirectories(Path dir) {
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot create Kafka data directory " + dir, e);
        }
    }

    private static int freePortOtherThan(int taken) {
        int port = freePort();
        while (port == taken) {
            port = freePort();
        }
        return port;
    }

    // Small race: the port is free now but could be taken before Kafka binds it; start() then fails
    // with the bind error, which is fine for an interactive local tool.
    private static int freePort() {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getByName(LOOPBACK))) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot find a free port on " + LOOPBACK, e);
        }
    }
}
