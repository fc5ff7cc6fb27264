package dev.vspec.command.relay;

import java.util.concurrent.CompletableFuture;

/**
 * Sends one encoded event envelope to the event topic. The returned future completes when the
 * broker has acknowledged the record and fails when it will not be; the relay waits for it
 * before its token moves on.
 */
public interface EventPublisher {

    CompletableFuture<?> publish(String key, byte[] envelope);
}
