package dev.vspec.infra.kafka;

import dev.vspec.contracts.catalog.PublishedEvents;
import java.time.Instant;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.cfg.DateTimeFeature;
import tools.jackson.databind.json.JsonMapper;

/** Writes and reads {@link EventEnvelope}s as JSON: the only codec of the event topic. */
public final class EventEnvelopeCodec {

    private final ObjectMapper mapper = JsonMapper.builder()
            .disable(DateTimeFeature.WRITE_DATES_AS_TIMESTAMPS)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .build();

    public EventEnvelope wrap(String eventId, String aggregateType, String aggregateId, long sequence,
                              Instant occurredAt, Object event) {
        return new EventEnvelope(EventEnvelope.VERSION, eventId, PublishedEvents.nameOf(event.getClass()),
                aggregateType, aggregateId, sequence, occurredAt, mapper.valueToTree(event));
    }

    public byte[] encode(EventEnvelope envelope) {
        return mapper.writeValueAsBytes(envelope);
    }

    /** Reads an envelope; a record that is not one is an {@link UnreadableEnvelopeException}. */
    public EventEnvelope decode(byte[] bytes) {
        try {
            EventEnvelope envelope = mapper.readValue(bytes, EventEnvelope.class);
            if (envelope.eventType() == null || envelope.payload() == null) {
                throw new UnreadableEnvelopeException("record has no eventType or payload");
            }
            return envelope;
        } catch (JacksonException e) {
            throw new UnreadableEnvelopeException("record is not an event envelope: " + e.getOriginalMessage());
        }
    }

    /** The typed event of an envelope, or null when its type is newer than this code (consumers skip it). */
    public Object event(EventEnvelope envelope) {
        Class<? extends Record> type = PublishedEvents.typeNamed(envelope.eventType());
        return type == null ? null : mapper.treeToValue(envelope.payload(), type);
    }

    /** A record on the topic that cannot be read as an envelope. */
    public static final class UnreadableEnvelopeException extends RuntimeException {
        public UnreadableEnvelopeException(String message) {
            super(message);
        }
    }
}
