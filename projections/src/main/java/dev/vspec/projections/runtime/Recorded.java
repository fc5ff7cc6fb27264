package dev.vspec.projections.runtime;

import java.time.Instant;
import java.util.Objects;

/**
 * An event as a projection applies it: the event, and when it was stored, which the read rows keep
 * as {@code recorded_at}. From the topic it is the envelope's {@code occurredAt}, from the event
 * store its entry's timestamp: the same instant, so a rebuild from either writes what the running
 * projection wrote.
 */
public record Recorded(Object event, Instant at) {

    public Recorded {
        Objects.requireNonNull(event, "event");
        Objects.requireNonNull(at, "at");
    }
}
