package dev.vspec.command.relay;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;

/**
 * The relay on /actuator/prometheus: {@code vspec_relay_events_total{outcome}} counts the events of committed
 * batches, {@code sent} to Kafka or {@code already_on_topic} (an earlier try put them there, and they were not
 * sent again); {@code vspec_relay_batches_fenced_total} counts batches this node gave up before any send because
 * another node had claimed the relay.
 */
final class RelayMetrics {

    private final Counter sent;
    private final Counter alreadyOnTopic;
    private final Counter fenced;

    RelayMetrics(MeterRegistry meters) {
        this.sent = events(meters, "sent");
        this.alreadyOnTopic = events(meters, "already_on_topic");
        this.fenced = Counter.builder("vspec.relay.batches.fenced")
                .description("Relay batches given up before any send: another node had claimed the relay")
                .register(meters);
    }

    private static Counter events(MeterRegistry meters, String outcome) {
        return Counter.builder("vspec.relay.events")
                .description("Events of committed relay batches, by whether they were sent or already on the topic")
                .tag("outcome", outcome)
                .register(meters);
    }

    void committed(long sentEvents, long eventsAlreadyOnTopic) {
        sent.increment(sentEvents);
        alreadyOnTopic.increment(eventsAlreadyOnTopic);
    }

    void fenced() {
        fenced.increment();
    }
}
