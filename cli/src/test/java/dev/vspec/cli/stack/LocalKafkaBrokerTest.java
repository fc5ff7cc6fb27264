package dev.vspec.cli.stack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.config.TopicConfig;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LocalKafkaBrokerTest {

    private static final String TOPIC = "vspec.local-broker-test";
    private static final String GROUP = "vspec.local-broker-test";
    private static final TopicPartition PARTITION = new TopicPartition(TOPIC, 0);
    private static final Duration CLIENT_TIMEOUT = Duration.ofSeconds(30);

    @TempDir
    Path dataDir;

    @Test
    void keepsTopicsAndRecordsAcrossRestarts() throws Exception {
        String clusterId;
        try (LocalKafkaBroker broker = LocalKafkaBroker.start(dataDir, 0)) {
            assertThat(broker.bootstrapServers()).matches("127\\.0\\.0\\.1:\\d+");
            try (Admin admin = admin(broker)) {
                admin.createTopics(List.of(new NewTopic(TOPIC, 1, (short) 1)
                                .configs(Map.of(TopicConfig.RETENTION_MS_CONFIG, "-1"))))
                        .all()
                        .get(CLIENT_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
                clusterId = admin.describeCluster().clusterId().get(CLIENT_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
            }
            RecordMetadata written = produce(broker, "vehicle-1", "spec-v1");
            assertThat(written.offset()).isZero();
            assertThat(readFromStart(broker, 1)).containsExactly("vehicle-1=spec-v1");
            assertThat(consumeAndCommit(broker)).containsExactly("vehicle-1=spec-v1");
        }
        assertThat(metaProperties().getProperty("cluster.id")).isEqualTo(clusterId);

        // Restart on the same storage, this time on an explicitly requested port.
        int port = freePort();
        try (LocalKafkaBroker restarted = LocalKafkaBroker.start(dataDir, port)) {
            assertThat(restarted.bootstrapServers()).isEqualTo("127.0.0.1:" + port);
            try (Admin admin = admin(restarted)) {
                assertThat(admin.describeCluster().clusterId().get(CLIENT_TIMEOUT.toSeconds(), TimeUnit.SECONDS))
                        .isEqualTo(clusterId);
                assertThat(admin.listTopics().names().get(CLIENT_TIMEOUT.toSeconds(), TimeUnit.SECONDS))
                        .contains(TOPIC);
                // The group's committed offset survived too (__consumer_offsets is persistent).
                assertThat(admin.listConsumerGroupOffsets(GROUP)
                                .partitionsToOffsetAndMetadata()
                                .get(CLIENT_TIMEOUT.toSeconds(), TimeUnit.SECONDS)
                                .get(PARTITION)
                                .offset())
                        .isEqualTo(1);
            }
            assertThat(readFromStart(restarted, 1)).containsExactly("vehicle-1=spec-v1");
        }
    }

    @Test
    void failsClearlyWhenThePortIsTaken() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            assertThatThrownBy(() -> LocalKafkaBroker.start(dataDir, taken.getLocalPort()))
                    .isInstanceOf(StackException.class)
                    .hasMessageContaining("failed to start on 127.0.0.1:" + taken.getLocalPort())
                    .hasMessageContaining("already in use");
        }
        // The failed attempt released the data directory again.
        try (LocalKafkaBroker broker = LocalKafkaBroker.start(dataDir, 0)) {
            assertThat(broker.bootstrapServers()).startsWith("127.0.0.1:");
        }
    }

    @Test
    void refusesASecondBrokerOnTheSameDirectory() throws Exception {
        try (LocalKafkaBroker broker = LocalKafkaBroker.start(dataDir, 0)) {
            assertThatThrownBy(() -> LocalKafkaBroker.start(dataDir, 0))
                    .isInstanceOf(StackException.class)
                    .hasMessageContaining("already in use");
            // The running broker is unaffected.
            try (Admin admin = admin(broker)) {
                assertThat(admin.describeCluster().nodes().get(CLIENT_TIMEOUT.toSeconds(), TimeUnit.SECONDS))
                        .hasSize(1);
            }
        }
    }

    private static Admin admin(LocalKafkaBroker broker) {
        return Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers()));
    }

    private static RecordMetadata produce(LocalKafkaBroker broker, String key, String value) throws Exception {
        Map<String, Object> config = Map.of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
                broker.bootstrapServers(),
                ProducerConfig.ACKS_CONFIG,
                "all",
                ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG,
                true);
        try (KafkaProducer<String, String> producer =
                new KafkaProducer<>(config, new StringSerializer(), new StringSerializer())) {
            return producer.send(new ProducerRecord<>(TOPIC, key, value))
                    .get(CLIENT_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
        }
    }

    /** Reads the partition from offset 0 without a consumer group until {@code expected} records arrived. */
    private static List<String> readFromStart(LocalKafkaBroker broker, int expected) {
        Map<String, Object> config = Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
                broker.bootstrapServers(),
                ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG,
                false);
        List<String> records = new ArrayList<>();
        try (KafkaConsumer<String, String> consumer =
                new KafkaConsumer<>(config, new StringDeserializer(), new StringDeserializer())) {
            consumer.assign(List.of(PARTITION));
            consumer.seek(PARTITION, 0);
            // Same thread: KafkaConsumer must not be shared between threads.
            await().pollInSameThread().atMost(CLIENT_TIMEOUT).until(() -> {
                for (ConsumerRecord<String, String> record : consumer.poll(Duration.ofMillis(200))) {
                    records.add(record.key() + "=" + record.value());
                }
                return records.size() >= expected;
            });
        }
        return records;
    }

    /** Consumes as a member of {@link #GROUP} until one record arrived and commits its offset. */
    private static List<String> consumeAndCommit(LocalKafkaBroker broker) {
        Map<String, Object> config = Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
                broker.bootstrapServers(),
                ConsumerConfig.GROUP_ID_CONFIG,
                GROUP,
                ConsumerConfig.AUTO_OFFSET_RESET_CONFIG,
                "earliest",
                ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG,
                false);
        List<String> records = new ArrayList<>();
        try (KafkaConsumer<String, String> consumer =
                new KafkaConsumer<>(config, new StringDeserializer(), new StringDeserializer())) {
            consumer.subscribe(List.of(TOPIC));
            await().pollInSameThread().atMost(CLIENT_TIMEOUT).until(() -> {
                for (ConsumerRecord<String, String> record : consumer.poll(Duration.ofMillis(200))) {
                    records.add(record.key() + "=" + record.value());
                }
                return !records.isEmpty();
            });
            consumer.commitSync(CLIENT_TIMEOUT);
        }
        return records;
    }

    private Properties metaProperties() throws IOException {
        Properties props = new Properties();
        try (InputStream in = Files.newInputStream(dataDir.resolve("meta.properties"))) {
            props.load(in);
        }
        return props;
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            return socket.getLocalPort();
        }
    }
}
