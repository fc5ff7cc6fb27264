package dev.vspec.projections.runtime;

import dev.vspec.contracts.catalog.PublishedEvents;
import dev.vspec.infra.kafka.EventEnvelope;
import dev.vspec.infra.kafka.EventEnvelopeCodec;
import dev.vspec.infra.kafka.EventEnvelopeCodec.UnreadableEnvelopeException;

/**
 * Decides what one record's value means to one projection. Only the event types the projection
 * handles are deserialized, so a payload it does not care about can never make it reject a record.
 */
final class RecordReader {

    /** What a record is for a projection. */
    sealed interface Reading {
    }

    /** An event the projection handles. */
    record Apply(EventEnvelope envelope, Object event) implements Reading {
    }

    /** A published event type the projection has no handler for. */
    record Ignore(String eventType) implements Reading {
    }

    /** An event type newer than this code: skipped, so that older projections keep running. */
    record Unknown(String eventType) implements Reading {
    }

    /** Not an envelope, or an unreadable payload of a handled type: it can never be applied. */
    record Unreadable(String reason) implements Reading {
    }

    private final EventEnvelopeCodec codec;
    private final EventHandlers handlers;

    RecordReader(EventEnvelopeCodec codec, EventHandlers handlers) {
        this.codec = codec;
        this.handlers = handlers;
    }

    Reading read(byte[] value) {
        if (value == null) {
            return new Unreadable("record has no value");
        }
        EventEnvelope envelope;
        try {
            envelope = codec.decode(value);
        } catch (UnreadableEnvelopeException e) {
            return new Unreadable(e.getMessage());
        }
        Class<? extends Record> type = PublishedEvents.typeNamed(envelope.eventType());
        if (type == null) {
            return new Unknown(envelope.eventType());
        }
        if (!handlers.handles(type)) {
            return new Ignore(envelope.eventType());
        }
        try {
            return new Apply(envelope, codec.event(envelope));
        } catch (RuntimeException e) {
            return new Unreadable("payload of " + envelope.eventType() + " is unreadable: " + Failures.describe(e));
        }
    }
}
