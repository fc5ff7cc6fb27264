package dev.vspec.cli.stack;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.BindException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
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

    private static final int NODE_ID = 1;
    private static final String LOOPBACK = "127.0.0.1";
    private static final String CONTROLLER_LISTENER = "CONTROLLER";
    // Kafka only loads sub-directories of a log dir as partitions, so a plain file here is ignored.
    private static final String LOCK_FILE = "vspec-broker.lock";
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
        this.bootstrapServers = LOOPBACK + ":" + port;
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

    private static Properties brokerProperties(Path dataDir, int clientPort, int controllerPort) {
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
            throw new StackException("Could not format Kafka storage in " + dir + ": " + e.getMessage(), e);
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
                return new StackException("Local Kafka broker failed to start on " + bootstrapServers
                    + ": the port is already in use by another process", cause);
            }
        }
        return new StackException(
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
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getByName(LOOPBACK))) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new StackException("Cannot find a free port on " + LOOPBACK + ": " + e, e);
        }
    }

    /**
     * Guards the data directory for the broker's lifetime, across processes (OS file lock) and
     * within this JVM (where a second channel on the file could not lock it, and closing that
     * channel would drop the process's lock). Kafka's own log-dir lock is not enough: with the
     * metadata log in the same directory it is only taken after the controller has started
     * writing, so a second broker on the directory could corrupt it.
     */
    private static final class DataDirLock implements AutoCloseable {

        private static final Set<Path> heldByThisJvm = ConcurrentHashMap.newKeySet();

        private final Path dir;
        private final FileChannel channel;

        private DataDirLock(Path dir, FileChannel channel) {
            this.dir = dir;
            this.channel = channel;
        }

        static DataDirLock acquire(Path dir) {
            Path lockFile = dir.resolve(LOCK_FILE);
            if (!heldByThisJvm.add(dir)) {
                throw inUse(dir, lockFile);
            }
            try {
                return new DataDirLock(dir, lockAgainstOtherProcesses(dir, lockFile));
            } catch (RuntimeException e) {
                heldByThisJvm.remove(dir);
                throw e;
            }
        }

        private static FileChannel lockAgainstOtherProcesses(Path dir, Path lockFile) {
            FileChannel channel;
            try {
                channel = FileChannel.open(lockFile, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
            } catch (IOException e) {
                throw new StackException("Cannot open lock file " + lockFile + ": " + e, e);
            }
            try {
                if (channel.tryLock() != null) {
                    return channel;
                }
            } catch (IOException e) {
                closeQuietly(channel);
                throw new StackException("Cannot lock " + lockFile + ": " + e, e);
            }
            closeQuietly(channel);
            throw inUse(dir, lockFile);
        }

        @Override
        public void close() {
            closeQuietly(channel); // releases the OS lock
            heldByThisJvm.remove(dir);
        }

        private static StackException inUse(Path dir, Path lockFile) {
            return new StackException("Kafka data directory " + dir + " is already in use by another"
                + " local broker (" + lockFile + " is locked); stop it or use another data directory");
        }

        private static void closeQuietly(FileChannel channel) {
            try {
                channel.close();
            } catch (IOException e) {
                log.warn("Could not close {}", channel, e);
            }
        }
    }
}
