package dev.vspec.command.relay;

import java.util.List;
import java.util.Map;

/** The event topic as the relay reads it back: where its partitions end, and which events lie near their ends. */
interface TopicTail {

    /** Each partition's end, the offset its next record will get; empty while the topic does not exist. */
    Map<Integer, Long> ends();

    /**
     * The records of each partition from its offset in {@code from} (0 where it has none) up to its offset in
     * {@code to}, in offset order; records that are no event envelope are left out.
     */
    List<OnTopic> read(Map<Integer, Long> from, Map<Integer, Long> to);

    /** A stored event's record on the topic. */
    record OnTopic(String eventId, EventPublisher.Placed placed) {}
}
