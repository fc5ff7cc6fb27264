package dev.vspec.cli.stack;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.metadata.properties.MetaPropertiesEnsemble;
import org.apache.kafka.metadata.storage.Formatter;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How the local broker runs as a single KRaft node (broker and controller in one process, both listeners on
 * 127.0.0.1): its configuration, and its storage, formatted on first use.
 */
final class KraftNode {

    private static final Logger log = LoggerFactory.getLogger(KraftNode.class);

    static final String LOOPBACK = "127.0.0.1";
    private static final int NODE_ID = 1;
    private static final String CONTROLLER_LISTENER = "CONTROLLER";
    /** Single node: nothing can be replicated. */
    private static final List<String> SINGLE_REPLICA = List.of(
            "offsets.topic.replication.factor",
            "transaction.state.log.replication.factor",
            "transaction.state.log.min.isr",
            "share.coordinator.state.topic.replication.factor",
            "share.coordinator.state.topic.min.isr",
            "min.insync.replicas",
            "default.replication.factor");
    /**
     * Internal topics are created once and keep their partition count; these must not change for an existing
     * data dir (the coordinators hash group/transaction ids over them).
     */
    private static final List<String> SINGLE_PARTITION = List.of(
            "offsets.topic.num.partitions",
            "transaction.state.log.num.partitions",
            "share.coordinator.state.topic.num.partitions");

    private KraftNode() {}

    static Properties properties(Path dataDir, int clientPort, int controllerPort) {
        Properties props = new Properties();
        props.put("process.roles", "broker,controller");
        props.put("node.id", String.valueOf(NODE_ID));
        // Static quorum (kraft.version 0): the voter endpoint is read from config on every start
        // and is not persisted, so the controller port may change between restarts.
        props.put("controller.quorum.voters", NODE_ID + "@" + LOOPBACK + ":" + controllerPort);
        props.put(
                "listeners",
                "PLAINTEXT://" + LOOPBACK + ":" + clientPort + "," + CONTROLLER_LISTENER + "://" + LOOPBACK + ":"
                        + controllerPort);
        props.put("advertised.listeners", "PLAINTEXT://" + LOOPBACK + ":" + clientPort);
        props.put("listener.security.protocol.map", "PLAINTEXT:PLAINTEXT," + CONTROLLER_LISTENER + ":PLAINTEXT");
        props.put("controller.listener.names", CONTROLLER_LISTENER);
        props.put("inter.broker.listener.name", "PLAINTEXT");
        // One directory for both the metadata log and topic data.
        props.put("log.dirs", dataDir.toString());
        SINGLE_REPLICA.forEach(name -> props.put(name, "1"));
        SINGLE_PARTITION.forEach(name -> props.put(name, "1"));

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
    static void formatStorageIfNeeded(Path dir) {
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
}
