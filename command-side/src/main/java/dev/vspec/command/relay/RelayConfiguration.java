package dev.vspec.command.relay;

import dev.vspec.infra.kafka.EventEnvelopeCodec;
import dev.vspec.infra.kafka.EventTopicProperties;
import java.time.Duration;
import java.util.Map;
import org.apache.kafka.clients.admin.AdminClient;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.axonframework.config.ConfigurerModule;
import org.axonframework.eventhandling.PropagatingErrorHandler;
import org.springframework.boot.kafka.autoconfigure.DefaultKafkaProducerFactoryCustomizer;
import org.springframework.boot.kafka.autoconfigure.KafkaProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.kafka.core.KafkaAdmin;

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
            RelayedEnds relayedEnds,
            EventEnvelopeCodec codec,
            KafkaProperties kafkaProperties) {
        String configured =
                kafkaProperties.getProducer().getProperties().get(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG);
        Duration deliveryTimeout =
                configured == null ? DEFAULT_DELIVERY_TIMEOUT : Duration.ofMillis(Long.parseLong(configured));
        return new KafkaRelay(publisher, relayedEnds, codec, deliveryTimeout.plus(ACK_MARGIN));
    }

    @Bean
    PublishedOffsets publishedOffsets(KafkaAdmin kafka, JdbcTemplate jdbc, EventTopicProperties topic) {
        return new PublishedOffsets(AdminClient.create(kafka.getConfigurationProperties()), jdbc, topic.topic());
    }
}
