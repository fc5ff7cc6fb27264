package dev.vspec.cli.projections;

import dev.vspec.infra.kafka.EventTopicProperties;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import picocli.CommandLine.Option;

/** Where the stack's event topic is: the options the commands that read it share. */
public final class EventTopic {

    @Option(
            names = "--kafka-bootstrap",
            defaultValue = "${env:VSPEC_KAFKA_BOOTSTRAP:-127.0.0.1:9092}",
            description = "The stack's broker (default: VSPEC_KAFKA_BOOTSTRAP or ${DEFAULT-VALUE}).")
    String bootstrap;

    @Option(
            names = "--topic",
            defaultValue = "${env:VSPEC_EVENTS_TOPIC:-" + EventTopicProperties.DEFAULT_TOPIC + "}",
            description = "The event topic (default: VSPEC_EVENTS_TOPIC or ${DEFAULT-VALUE}).")
    String name;

    public String bootstrap() {
        return bootstrap;
    }

    public String name() {
        return name;
    }

    /** A consumer of the broker's committed records, in no group: it assigns itself what it reads. */
    public static KafkaConsumer<String, byte[]> consumer(String bootstrap) {
        return new KafkaConsumer<>(
                Map.of(
                        ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
                        bootstrap,
                        ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG,
                        false,
                        ConsumerConfig.ISOLATION_LEVEL_CONFIG,
                        "read_committed"),
                new StringDeserializer(),
                new ByteArrayDeserializer());
    }
}
