package dev.vspec.command.relay;

import dev.vspec.events.kafka.EventEnvelope;
import dev.vspec.events.kafka.EventEnvelopeCodec;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;

/** Everything on the event topic right now, read with a plain consumer as an analyst would. */
final class TopicRecords {

    /**
     * One record: its key, partition and offset, the envelope decoded with the codec, its value as
     * sent, and its event type header (null when it has none).
     */
    record Received(String key, int partition, long offset, EventEnvelope envelope, byte[] value, String typeHeader) {}

    private TopicRecords() {}

    /** Per partition in offset order, so the records of one key appear in the order the broker stored them. */
    static List<Received> readAll(String bootstrapServers, String topic, EventEnvelopeCodec codec) {
        Map<String, Object> config = Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
                bootstrapServers,
                ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG,
                StringDeserializer.class,
                ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG,
                ByteArrayDeserializer.class,
                ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG,
                false);
        try (KafkaConsumer<String, byte[]> consumer = new KafkaConsumer<>(config)) {
            List<TopicPartition> partitions = consumer.partitionsFor(topic).stream()
                    .map(info -> new TopicPartition(topic, info.partition()))
                    .toList();
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            Map<TopicPartition, Long> end = consumer.endOffsets(partitions);
            List<Received> received = new ArrayList<>();
            while (partitions.stream().anyMatch(p -> consumer.position(p) < end.get(p))) {
                for (ConsumerRecord<String, byte[]> record : consumer.poll(Duration.ofMillis(200))) {
                    Header type = record.headers().lastHeader(EventEnvelope.EVENT_TYPE_HEADER);
                    received.add(new Received(
                            record.key(),
                            record.partition(),
                            record.offset(),
                            codec.decode(record.value()),
                            record.value(),
                            type == null ? null : new String(type.value(), StandardCharsets.UTF_8)));
                }
            }
            return received;
        }
    }
}
