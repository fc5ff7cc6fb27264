package dev.vspec.projections.runtime;

import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;

/** A reader of the whole event topic: in no consumer group (it assigns itself partitions), committed records only. */
public final class EventTopicConsumer {

    private EventTopicConsumer() {}

    /**
     * @param clientId what the broker's logs and metrics call it
     * @param batch    the records one poll may return; partition fetches are large, since the topic is read end to end
     */
    public static KafkaConsumer<String, byte[]> open(String bootstrapServers, String clientId, int batch) {
        return new KafkaConsumer<>(
                Map.of(
                        ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
                        bootstrapServers,
                        ConsumerConfig.CLIENT_ID_CONFIG,
                        clientId,
                        ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG,
                        false,
                        ConsumerConfig.ISOLATION_LEVEL_CONFIG,
                        "read_committed",
                        ConsumerConfig.MAX_POLL_RECORDS_CONFIG,
                        batch,
                        ConsumerConfig.MAX_PARTITION_FETCH_BYTES_CONFIG,
                        8 * 1024 * 1024,
                        ConsumerConfig.DEFAULT_API_TIMEOUT_MS_CONFIG,
                        30_000),
                new StringDeserializer(),
                new ByteArrayDeserializer());
    }
}
