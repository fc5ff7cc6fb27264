package dev.vspec.command.relay;

import java.util.concurrent.CompletableFuture;

/**
 * Sends one encoded event envelope to the event topic, keyed by its aggregate and with its event
 * type also in the record's {@link dev.vspec.events.kafka.EventEnvelope#EVENT_TYPE_HEADER} header. The returned future completes,
 * with where the record landed, when the broker has acknowledged it, and fails when it will not be;
 * the relay waits for it before its token moves on.
 */
public interface EventPublisher {

    CompletableFuture<Placed> publish(String key, String eventType, byte[] envelope);

    /** Where an acknowledged record landed on the topic. */
    record Placed(int partition, long offset) {}
}
