package dev.vspec.events.kafka;

import dev.vspec.contracts.catalog.PublishedEvents;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.ObjectReadContext;
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

    public EventEnvelope wrap(
            String eventId, String aggregateType, String aggregateId, long sequence, Instant occurredAt, Object event) {
        return new EventEnvelope(
                EventEnvelope.VERSION,
                eventId,
                PublishedEvents.nameOf(event.getClass()),
                aggregateType,
                aggregateId,
                sequence,
                occurredAt,
                mapper.valueToTree(event));
    }

    public byte[] encode(EventEnvelope envelope) {
        return mapper.writeValueAsBytes(envelope);
    }

    /**
     * The bytes of {@code encode(wrap(...))}, written in one pass: the event is serialized straight
     * into the envelope rather than first into a tree (the relay encodes every stored event).
     */
    public byte[] encode(
            String eventId, String aggregateType, String aggregateId, long sequence, Instant occurredAt, Object event) {
        return mapper.writeValueAsBytes(new Outgoing(
                EventEnvelope.VERSION,
                eventId,
                PublishedEvents.nameOf(event.getClass()),
                aggregateType,
                aggregateId,
                sequence,
                occurredAt,
                event));
    }

    /** {@link EventEnvelope} with the event itself as its payload; the same components in the same order. */
    private record Outgoing(
            int envelopeVersion,
            String eventId,
            String eventType,
            String aggregateType,
            String aggregateId,
            long aggregateSequence,
            Instant occurredAt,
            Object payload) {}

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

    /**
     * What a consumer of the events alone needs of a record: the envelope's event type and where its
     * payload lies in the record's bytes, found in one streaming pass without building the payload
     * (a rebuild reads millions of records, and a projection deserializes only the types it handles).
     * The other envelope fields are skipped, not checked; a payload that is not an object is found
     * all the same, and fails in {@link #event(Payload)}, as {@link #decode} then {@link #event(EventEnvelope)} do.
     */
    public Payload payloadOf(byte[] bytes) {
        // The factory's parser: the mapper's would set up a deserialization context this pass never uses.
        try (JsonParser parser = mapper.tokenStreamFactory().createParser(ObjectReadContext.empty(), bytes)) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                throw new UnreadableEnvelopeException("record is not an event envelope: not a JSON object");
            }
            String eventType = null;
            Instant occurredAt = null;
            int start = -1;
            int end = -1;
            for (String name = parser.nextName(); name != null; name = parser.nextName()) {
                JsonToken value = parser.nextToken();
                boolean present = value != JsonToken.VALUE_NULL;
                if (name.equals("eventType") && present && value.isScalarValue()) {
                    eventType = parser.getString();
                } else if (name.equals("occurredAt") && value == JsonToken.VALUE_STRING) {
                    occurredAt = instantOrNull(parser.getString());
                } else if (name.equals("payload") && present) {
                    // Any value: one that is no object fails only where a handler deserializes it.
                    start = Math.toIntExact(parser.currentTokenLocation().getByteOffset());
                    if (value.isStructStart()) {
                        parser.skipChildren();
                    } else {
                        parser.getString();
                    }
                    end = Math.toIntExact(parser.currentLocation().getByteOffset());
                } else {
                    parser.skipChildren();
                }
            }
            if (parser.currentToken() != JsonToken.END_OBJECT || parser.nextToken() != null) {
                throw new UnreadableEnvelopeException("record is not an event envelope: not one JSON object");
            }
            if (eventType == null || start < 0) {
                throw new UnreadableEnvelopeException("record has no eventType or payload");
            }
            return new Payload(eventType, PublishedEvents.typeNamed(eventType), bytes, start, end - start, occurredAt);
        } catch (JacksonException e) {
            throw new UnreadableEnvelopeException("record is not an event envelope: " + e.getOriginalMessage());
        }
    }

    /** The typed event of a payload, or null when its type is newer than this code (consumers skip it). */
    public Object event(Payload payload) {
        return payload.type() == null
                ? null
                : mapper.readValue(payload.bytes(), payload.offset(), payload.length(), payload.type());
    }

    private static Instant instantOrNull(String text) {
        try {
            return Instant.parse(text);
        } catch (DateTimeParseException e) {
            return null;
        }
    }

    /**
     * An envelope's event type, by name and as the class of this version (null: newer than this
     * code), its payload's JSON, bytes {@code offset} to {@code offset + length} of a record, and
     * when the event was stored ({@code occurredAt}; null when the envelope lacks a readable one).
     */
    public record Payload(
            String eventType, Class<? extends Record> type, byte[] bytes, int offset, int length, Instant occurredAt) {}

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
