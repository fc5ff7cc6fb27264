package dev.vspec.projections.runtime;

import dev.vspec.contracts.catalog.PublishedEvents;
import dev.vspec.events.kafka.EventEnvelope;
import dev.vspec.events.kafka.EventEnvelopeCodec;
import dev.vspec.events.kafka.EventEnvelopeCodec.Payload;
import dev.vspec.events.kafka.EventEnvelopeCodec.UnreadableEnvelopeException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.Header;

/**
 * Decides what one record's value means to one projection. Only the event types the projection
 * handles are deserialized, so a payload it does not care about can never make it reject a record.
 */
final class RecordReader {

    /** What a record is for a projection. */
    sealed interface Reading {}

    /** An event the projection handles, and when it was stored (null when the envelope does not say). */
    record Apply(String eventType, Object event, Instant occurredAt) implements Reading {}

    /** A published event type the projection has no handler for. */
    record Ignore(String eventType) implements Reading {}

    /** An event type newer than this code: skipped, so that older projections keep running. */
    record Unknown(String eventType) implements Reading {}

    /** Not an envelope, or an unreadable payload of a handled type: it can never be applied. */
    record Unreadable(String reason) implements Reading {}

    private final EventEnvelopeCodec codec;
    private final EventHandlers handlers;
    private final Map<byte[], Decoded> shared;

    RecordReader(EventEnvelopeCodec codec, EventHandlers handlers) {
        this(codec, handlers, null);
    }

    /**
     * A reader that decodes each value once for every reader given the same {@code shared} map (by
     * identity of the value): the projections of one rebuild read the same polled records.
     */
    RecordReader(EventEnvelopeCodec codec, EventHandlers handlers, Map<byte[], Decoded> shared) {
        this.codec = codec;
        this.handlers = handlers;
        this.shared = shared;
    }

    /** The event type header of a record as the relay writes it; null when the record has none. */
    static String typeHeader(ConsumerRecord<?, ?> record) {
        Header header = record.headers().lastHeader(EventEnvelope.EVENT_TYPE_HEADER);
        return header == null || header.value() == null ? null : new String(header.value(), StandardCharsets.UTF_8);
    }

    /**
     * What {@code value} is for this projection. A record whose {@code typeHeader} (null: none) names
     * a type the projection does not handle is passed over unparsed, as its envelope would have been
     * after parsing: each record is read by every projection, and most handle few types.
     */
    Reading read(byte[] value, String typeHeader) {
        if (typeHeader != null && value != null) {
            Class<? extends Record> type = PublishedEvents.typeNamed(typeHeader);
            if (type == null) {
                return new Unknown(typeHeader);
            }
            if (!handlers.handles(type)) {
                return new Ignore(typeHeader);
            }
        }
        if (value == null) {
            return new Unreadable("record has no value");
        }
        Decoded decoded = shared == null ? decode(value) : shared.computeIfAbsent(value, this::decode);
        if (decoded.unreadable != null) {
            return new Unreadable(decoded.unreadable);
        }
        String eventType = decoded.payload.eventType();
        if (decoded.payload.type() == null) {
            return new Unknown(eventType);
        }
        if (!handlers.handles(decoded.payload.type())) {
            return new Ignore(eventType);
        }
        try {
            return new Apply(eventType, decoded.event(codec), decoded.payload.occurredAt());
        } catch (RuntimeException e) {
            return new Unreadable("payload of " + eventType + " is unreadable: " + Failures.describe(e));
        }
    }

    /** Decodes a value into a map shared by several readers, ahead of them (so they only read the map). */
    static void decodeInto(Map<byte[], Decoded> shared, EventEnvelopeCodec codec, byte[] value) {
        if (value != null) {
            shared.computeIfAbsent(value, v -> decode(codec, v));
        }
    }

    private Decoded decode(byte[] value) {
        return decode(codec, value);
    }

    private static Decoded decode(EventEnvelopeCodec codec, byte[] value) {
        try {
            return new Decoded(codec.payloadOf(value), null);
        } catch (UnreadableEnvelopeException e) {
            return new Decoded(null, e.getMessage());
        }
    }

    /** A record's event type and payload; the payload is deserialized on first use, by a projection that handles its type. */
    static final class Decoded {
        private final Payload payload;
        private final String unreadable;
        private Object event;
        private RuntimeException failure;

        private Decoded(Payload payload, String unreadable) {
            this.payload = payload;
            this.unreadable = unreadable;
        }

        /** Synchronized: projections applying a batch side by side may share a record. */
        private synchronized Object event(EventEnvelopeCodec codec) {
            if (event == null && failure == null) {
                try {
                    event = codec.event(payload);
                } catch (RuntimeException e) {
                    failure = e;
                }
            }
            if (failure != null) {
                throw failure;
            }
            return event;
        }
    }
}
