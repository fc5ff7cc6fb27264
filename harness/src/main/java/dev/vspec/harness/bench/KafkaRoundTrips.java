package dev.vspec.harness.bench;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;

/** Bare Kafka produce-to-consume round trips: what an enrichment's time is compared with. */
final class KafkaRoundTrips {

    private KafkaRoundTrips() {}

    /**
     * Sends one record at a time with the relay's producer settings, on a topic of its own, and waits until a
     * consumer has it; a tenth more are sent first to warm up.
     */
    static Latencies measure(String bootstrapServers, int count) throws Exception {
        String topic = "vspec-bench-round-trip-" + UUID.randomUUID();
        try (Admin admin = Admin.create(Map.of("bootstrap.servers", bootstrapServers))) {
            admin.createTopics(List.of(new NewTopic(topic, 1, (short) 1))).all().get();
        }
        Properties producerSettings = new Properties();
        producerSettings.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        producerSettings.put(ProducerConfig.ACKS_CONFIG, "all");
        producerSettings.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
        Properties consumerSettings = new Properties();
        consumerSettings.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        consumerSettings.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        byte[] payload = new byte[512];
        Latencies latencies = new Latencies(count);
        TopicPartition partition = new TopicPartition(topic, 0);
        try (KafkaProducer<String, byte[]> producer =
                        new KafkaProducer<>(producerSettings, new StringSerializer(), new ByteArraySerializer());
                KafkaConsumer<String, byte[]> consumer =
                        new KafkaConsumer<>(consumerSettings, new StringDeserializer(), new ByteArrayDeserializer())) {
            consumer.assign(List.of(partition));
            consumer.seekToBeginning(List.of(partition));
            for (int i = 0; i < count + count / 10; i++) {
                long start = System.nanoTime();
                producer.send(new ProducerRecord<>(topic, "key-" + i, payload));
                int received = 0;
                while (received == 0) {
                    ConsumerRecords<String, byte[]> records = consumer.poll(Duration.ofMillis(100));
                    received = records.count();
                }
                if (i >= count / 10) {
                    latencies.add(System.nanoTime() - start);
                }
            }
        }
        return latencies;
    }
}
