package dev.vspec.command.relay;

import dev.vspec.events.kafka.EventEnvelopeCodec;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.TopicPartition;
import org.springframework.beans.factory.DisposableBean;

/**
 * Reads the event topic's ends and tail with a consumer of its own, in no consumer group. The relay asks before
 * each batch's first send, from one thread at a time; the consumer is opened on the first question and kept.
 */
final class KafkaTopicTail implements TopicTail, DisposableBean {

    private static final Duration TIMEOUT = Duration.ofSeconds(10);

    private final Supplier<Consumer<String, byte[]>> opener;
    private final String topic;
    private final EventEnvelopeCodec codec;
    private Consumer<String, byte[]> consumer;

    KafkaTopicTail(Supplier<Consumer<String, byte[]>> opener, String topic, EventEnvelopeCodec codec) {
        this.opener = opener;
        this.topic = topic;
        this.codec = codec;
    }

    @Override
    public synchronized Map<Integer, Long> ends() {
        List<TopicPartition> partitions = consumer().partitionsFor(topic, TIMEOUT).stream()
                .map(info -> new TopicPartition(topic, info.partition()))
                .toList();
        return consumer().endOffsets(partitions, TIMEOUT).entrySet().stream()
                .collect(Collectors.toMap(end -> end.getKey().partition(), Map.Entry::getValue));
    }

    @Override
    public synchronized List<OnTopic> read(Map<Integer, Long> from, Map<Integer, Long> to) {
        Map<TopicPartition, Long> targets = to.entrySet().stream()
                .filter(end -> end.getValue() > from.getOrDefault(end.getKey(), 0L))
                .collect(Collectors.toMap(end -> new TopicPartition(topic, end.getKey()), Map.Entry::getValue));
        List<OnTopic> found = new ArrayList<>();
        if (targets.isEmpty()) {
            return found;
        }
        Consumer<String, byte[]> reader = consumer();
        reader.assign(targets.keySet());
        targets.keySet().forEach(partition -> reader.seek(partition, from.getOrDefault(partition.partition(), 0L)));
        long deadline = System.nanoTime() + TIMEOUT.toNanos();
        while (targets.entrySet().stream().anyMatch(target -> reader.position(target.getKey()) < target.getValue())) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("the tail of " + topic + " could not be read within " + TIMEOUT);
            }
            for (ConsumerRecord<String, byte[]> record : reader.poll(Duration.ofMillis(200))) {
                if (record.offset() < targets.get(new TopicPartition(topic, record.partition()))) {
                    eventIdOf(record.value())
                            .ifPresent(eventId -> found.add(new OnTopic(
                                    eventId, new EventPublisher.Placed(record.partition(), record.offset()))));
                }
            }
        }
        return found;
    }

    private Optional<String> eventIdOf(byte[] value) {
        try {
            return Optional.ofNullable(codec.decode(value).eventId());
        } catch (EventEnvelopeCodec.UnreadableEnvelopeException e) {
            return Optional.empty();
        }
    }

    private Consumer<String, byte[]> consumer() {
        if (consumer == null) {
            consumer = opener.get();
        }
        return consumer;
    }

    @Override
    public synchronized void destroy() {
        if (consumer != null) {
            consumer.close();
        }
    }
}
