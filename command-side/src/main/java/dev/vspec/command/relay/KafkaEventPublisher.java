package dev.vspec.command.relay;

import dev.vspec.events.kafka.EventEnvelope;
import dev.vspec.events.kafka.EventTopicProperties;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.stereotype.Component;

/** Publishes to the event topic through the idempotent, acks=all producer of {@link RelayConfiguration}. */
@Component
class KafkaEventPublisher implements EventPublisher {

    private final KafkaTemplate<String, byte[]> kafkaTemplate;
    private final String topic;

    KafkaEventPublisher(KafkaTemplate<String, byte[]> kafkaTemplate, EventTopicProperties topicProperties) {
        this.kafkaTemplate = kafkaTemplate;
        this.topic = topicProperties.topic();
    }

    @Override
    public CompletableFuture<Placed> publish(String key, String eventType, byte[] envelope) {
        ProducerRecord<String, byte[]> record = new ProducerRecord<>(topic, key, envelope);
        record.headers().add(EventEnvelope.EVENT_TYPE_HEADER, eventType.getBytes(StandardCharsets.UTF_8));
        return kafkaTemplate
                .send(record)
                .thenApply(sent -> new Placed(
                        sent.getRecordMetadata().partition(),
                        sent.getRecordMetadata().offset()));
    }
}
