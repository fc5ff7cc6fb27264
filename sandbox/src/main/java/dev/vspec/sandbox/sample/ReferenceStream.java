package dev.vspec.sandbox.sample;

import dev.vspec.access.Sha256;
import dev.vspec.events.kafka.EventEnvelope;
import dev.vspec.events.kafka.EventEnvelopeCodec;
import dev.vspec.projections.runtime.Recorded;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The sandbox's fixed reference event stream: {@code sample/reference-events.jsonl}, one envelope
 * per line exactly as the event topic carries it. SAMPLE DATA: the events of importing two
 * configurations of the sample catalog (2019 Honda Civic LX with every group, image and one VIN's
 * service history; 2019 Honda Civic EX) and one completed enrichment job that linked a third VIN
 * of the LX; and real rows of NHTSA's recalls sample file (the 2018 Honda Accord's and the 2023 Ford Ranger's
 * campaigns) recorded as their import records them.
 */
public final class ReferenceStream {

    public static final String RESOURCE = "sample/reference-events.jsonl";

    /** One event of the stream, with its typed payload. */
    public record ReferenceEvent(EventEnvelope envelope, Object event) {}

    private final List<ReferenceEvent> events;
    private final String fingerprint;

    private ReferenceStream(List<ReferenceEvent> events, String fingerprint) {
        this.events = List.copyOf(events);
        this.fingerprint = fingerprint;
    }

    /**
     * Reads the shipped stream.
     *
     * @throws IllegalStateException when a line is not an envelope of a type this code knows: the
     *                               sandbox must not start with a partial stream
     */
    public static ReferenceStream load() {
        byte[] bytes;
        try (InputStream in = ReferenceStream.class.getClassLoader().getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(RESOURCE + " is not on the classpath");
            }
            bytes = in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return parse(bytes);
    }

    static ReferenceStream parse(byte[] bytes) {
        EventEnvelopeCodec codec = new EventEnvelopeCodec();
        List<ReferenceEvent> events = new ArrayList<>();
        String[] lines = new String(bytes, StandardCharsets.UTF_8).split("\n");
        for (int i = 0; i < lines.length; i++) {
            if (lines[i].isBlank()) {
                continue;
            }
            EventEnvelope envelope;
            try {
                envelope = codec.decode(lines[i].getBytes(StandardCharsets.UTF_8));
            } catch (EventEnvelopeCodec.UnreadableEnvelopeException e) {
                throw new IllegalStateException(RESOURCE + " line " + (i + 1) + ": " + e.getMessage(), e);
            }
            Object event = codec.event(envelope);
            if (event == null) {
                throw new IllegalStateException(
                        RESOURCE + " line " + (i + 1) + ": unknown event type " + envelope.eventType());
            }
            events.add(new ReferenceEvent(envelope, event));
        }
        return new ReferenceStream(events, Sha256.hex(bytes));
    }

    public List<ReferenceEvent> events() {
        return events;
    }

    /** The typed events, in stream order. */
    public List<Object> payloads() {
        return events.stream().map(ReferenceEvent::event).toList();
    }

    /** The events with when each was stored (its envelope's {@code occurredAt}), as the projections apply them. */
    public List<Recorded> recorded() {
        return events.stream()
                .map(event -> new Recorded(event.event(), event.envelope().occurredAt()))
                .toList();
    }

    /** SHA-256 of the file, in hex. */
    public String fingerprint() {
        return fingerprint;
    }
}
