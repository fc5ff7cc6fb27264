package dev.vspec.projections;

import dev.vspec.contracts.catalog.ServiceHistoryRecorded;
import dev.vspec.contracts.catalog.VinLinked;
import dev.vspec.events.kafka.EventEnvelope;
import dev.vspec.events.kafka.EventEnvelopeCodec;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;

/** Publishes onto the event topic as the relay does: envelopes from the codec, keyed by aggregate id. */
final class Events implements AutoCloseable {

    private final String topic;
    private final EventEnvelopeCodec codec;
    private final KafkaProducer<String, byte[]> producer;
    private final Map<String, Long> sequences = new ConcurrentHashMap<>();

    Events(String brokers, String topic, EventEnvelopeCodec codec) {
        this.topic = topic;
        this.codec = codec;
        this.producer = new KafkaProducer<>(
                Map.of(
                        ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
                        brokers,
                        ProducerConfig.ACKS_CONFIG,
                        "all",
                        ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG,
                        true),
                new StringSerializer(),
                new ByteArraySerializer());
    }

    String topic() {
        return topic;
    }

    /** Wraps a catalog event in the next envelope of its aggregate (a vehicle's events by VIN, else the config_key). */
    EventEnvelope envelope(String aggregateId, Object event) {
        String aggregateType = event instanceof VinLinked || event instanceof ServiceHistoryRecorded
                ? "Vehicle"
                : "VehicleConfiguration";
        long sequence = sequences.merge(aggregateId, 1L, Long::sum) - 1;
        return codec.wrap(
                UUID.randomUUID().toString(),
                aggregateType,
                aggregateId,
                sequence,
                Instant.parse("2025-01-01T00:00:00Z").plusSeconds(sequence),
                event);
    }

    RecordMetadata publish(String aggregateId, Object event) {
        return publish(envelope(aggregateId, event));
    }

    RecordMetadata publish(EventEnvelope envelope) {
        return publishRaw(envelope.aggregateId(), codec.encode(envelope));
    }

    void publishAll(List<EventEnvelope> envelopes) {
        envelopes.forEach(this::publish);
    }

    RecordMetadata publishRaw(String key, byte[] value) {
        try {
            return producer.send(new ProducerRecord<>(topic, key, value)).get(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException("cannot publish to " + topic, e);
        }
    }

    @Override
    public void close() {
        producer.close();
    }
}
