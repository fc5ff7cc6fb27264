package dev.vspec.command.relay;

import dev.vspec.events.kafka.EventEnvelopeCodec;
import dev.vspec.events.kafka.EventTopicProperties;
import io.micrometer.core.instrument.MeterRegistry;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.axonframework.common.jdbc.ConnectionProvider;
import org.axonframework.config.ConfigurerModule;
import org.axonframework.eventhandling.PropagatingErrorHandler;
import org.axonframework.eventhandling.tokenstore.TokenStore;
import org.axonframework.eventhandling.tokenstore.jdbc.JdbcTokenStore;
import org.axonframework.eventhandling.tokenstore.jdbc.TokenSchema;
import org.axonframework.serialization.Serializer;
import org.axonframework.springboot.TokenStoreProperties;
import org.springframework.boot.kafka.autoconfigure.DefaultKafkaProducerFactoryCustomizer;
import org.springframework.boot.kafka.autoconfigure.KafkaProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Wires the relay: a producer that cannot lose an acknowledged record (acks=all, idempotent), and
 * error handling that fails the batch instead of Axon's default of logging and skipping the event.
 * The processor itself (pooled, one segment, batch size, claim interval) is set in command-side.yml.
 */
@Configuration(proxyBeanMethods = false)
class RelayConfiguration {

    /** Kafka's own default for delivery.timeout.ms. */
    private static final Duration DEFAULT_DELIVERY_TIMEOUT = Duration.ofMinutes(2);

    private static final Duration ACK_MARGIN = Duration.ofSeconds(5);

    /** What this node claims tokens as: {@code <pid>@<host>}, the fault drill finds the relaying process by it. */
    static final String NODE = ManagementFactory.getRuntimeMXBean().getName();

    @Bean
    DefaultKafkaProducerFactoryCustomizer relayProducerGuarantees() {
        return factory -> factory.updateConfigs(Map.of(
                ProducerConfig.ACKS_CONFIG,
                "all",
                ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG,
                true,
                ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG,
                StringSerializer.class,
                ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG,
                ByteArraySerializer.class));
    }

    /**
     * A failed send must fail the batch (Axon's default listener error handler would log and skip
     * the event). While a worker waits up to the ack timeout for Kafka, the coordinator keeps
     * extending the segment's claim, so another node cannot take the segment over mid-batch.
     */
    @Bean
    ConfigurerModule relayProcessing() {
        return configurer -> configurer
                .eventProcessing()
                .registerListenerInvocationErrorHandler(
                        KafkaRelay.PROCESSING_GROUP, c -> PropagatingErrorHandler.instance())
                .registerErrorHandler(KafkaRelay.PROCESSING_GROUP, c -> PropagatingErrorHandler.instance())
                .registerPooledStreamingEventProcessorConfiguration(
                        KafkaRelay.PROCESSING_GROUP, (c, builder) -> builder.enableCoordinatorClaimExtension());
    }

    /**
     * The producer fails a send after delivery.timeout.ms; the relay waits a little longer than
     * that, so it sees the producer's own verdict rather than a timeout of its own.
     */
    @Bean
    KafkaRelay kafkaRelay(
            EventPublisher publisher,
            PublishedOffsets offsets,
            EventEnvelopeCodec codec,
            KafkaProperties kafkaProperties,
            MeterRegistry meters) {
        String configured =
                kafkaProperties.getProducer().getProperties().get(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG);
        Duration deliveryTimeout =
                configured == null ? DEFAULT_DELIVERY_TIMEOUT : Duration.ofMillis(Long.parseLong(configured));
        return new KafkaRelay(publisher, offsets, codec, deliveryTimeout.plus(ACK_MARGIN), new RelayMetrics(meters));
    }

    @Bean
    PublishedOffsets publishedOffsets(JdbcTemplate jdbc, EventTopicProperties topic, KafkaTopicTail tail) {
        return new PublishedOffsets(new JdbcRelayLedger(jdbc, topic.topic(), NODE), tail);
    }

    /** A consumer in no group, which never creates the topic (the deployables create it with its settings). */
    @Bean
    KafkaTopicTail kafkaTopicTail(
            KafkaProperties kafkaProperties, EventTopicProperties topic, EventEnvelopeCodec codec) {
        Map<String, Object> config = new HashMap<>(kafkaProperties.buildConsumerProperties());
        config.remove(ConsumerConfig.GROUP_ID_CONFIG);
        config.put(ConsumerConfig.CLIENT_ID_CONFIG, "vspec-relay-tail");
        config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        config.put(ConsumerConfig.ALLOW_AUTO_CREATE_TOPICS_CONFIG, false);
        config.put(ConsumerConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, 10_000);
        return new KafkaTopicTail(
                () -> new KafkaConsumer<>(config, new StringDeserializer(), new ByteArrayDeserializer()),
                topic.topic(),
                codec);
    }

    /**
     * Axon's token store as its auto-configuration builds it, under a node name of our own choosing, so that the
     * relay can tell whether this node still holds the relay's claim. The name is Axon's default one.
     */
    @Bean
    TokenStore tokenStore(
            ConnectionProvider connectionProvider,
            Serializer serializer,
            TokenSchema schema,
            TokenStoreProperties properties) {
        return JdbcTokenStore.builder()
                .connectionProvider(connectionProvider)
                .schema(schema)
                .serializer(serializer)
                .claimTimeout(properties.getClaimTimeout())
                .nodeId(NODE)
                .build();
    }
}
