package dev.vspec.command.relay;

import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Primary;

/** Wraps the relay's Kafka publisher and throws on its very first call, as a broker outage would. */
public class FailingOnceEventPublisher implements EventPublisher {

    private final EventPublisher delegate;
    private final AtomicBoolean failed = new AtomicBoolean();
    private final AtomicReference<byte[]> failedEnvelope = new AtomicReference<>();
    private final AtomicReference<Instant> failedAt = new AtomicReference<>();
    private final AtomicReference<Instant> resentAt = new AtomicReference<>();

    FailingOnceEventPublisher(EventPublisher delegate) {
        this.delegate = delegate;
    }

    @Override
    public CompletableFuture<Placed> publish(String key, String eventType, byte[] envelope) {
        if (failed.compareAndSet(false, true)) {
            failedAt.set(Instant.now());
            failedEnvelope.set(envelope);
            throw new IllegalStateException("test: the first send to Kafka fails");
        }
        if (resentAt.get() == null && Arrays.equals(envelope, failedEnvelope.get())) {
            resentAt.set(Instant.now());
        }
        return delegate.publish(key, eventType, envelope);
    }

    /** The envelope whose send failed, or null before the first call. */
    byte[] failedEnvelope() {
        return failedEnvelope.get();
    }

    /** How long after the failed send the relay sent the same envelope again, or null before it did. */
    Duration retryDelay() {
        Instant resent = resentAt.get();
        return resent == null ? null : Duration.between(failedAt.get(), resent);
    }

    @TestConfiguration(proxyBeanMethods = false)
    public static class Configuration {

        @Bean
        @Primary
        FailingOnceEventPublisher failingOnceEventPublisher(KafkaEventPublisher kafkaEventPublisher) {
            return new FailingOnceEventPublisher(kafkaEventPublisher);
        }
    }
}
