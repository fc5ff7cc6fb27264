package dev.vspec.cli.projections;

import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;

/** The consumer a rebuild reads the topic with: no group (it assigns partitions itself), committed records only. */
public final class TopicReader {

    private TopicReader() {
    }

    /** Records per poll by default: each batch is one transaction per projection. */
    public static final int BATCH = 5_000;

    public static KafkaConsumer<String, byte[]> open(String bootstrapServers) {
        return open(bootstrapServers, BATCH);
    }

    public static KafkaConsumer<String, byte[]> open(String bootstrapServers, int batch) {
        return new KafkaConsumer<>(Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers,
                ConsumerConfig.CLIENT_ID_CONFIG, "vspec-rebuild",
                ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false,
                ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed",
                ConsumerConfig.MAX_POLL_RECORDS_CONFIG, batch,
                ConsumerConfig.MAX_PARTITION_FETCH_BYTES_CONFIG, 8 * 1024 * 1024,
                ConsumerConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, 30_000),
                new StringDeserializer(), new ByteArrayDeserializer());
    }
}
