package dev.vspec.command.relay;

import dev.vspec.command.relay.EventPublisher.Placed;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What a batch found on the topic beyond the relay's frontier when it started: records of events that an earlier
 * try sent but whose token did not move (the try failed, or its node died or lost its claim, after Kafka took
 * them). The batch takes each of its events found here, placing it where it lies instead of sending it again.
 */
final class Unconfirmed {

    /** Where each partition ended when the batch looked. */
    private final Map<Integer, Long> topicEnds;
    /** The first record of each event found. */
    private final Map<String, Placed> onTopic = new HashMap<>();

    private final Set<String> taken = new HashSet<>();

    Unconfirmed(Map<Integer, Long> topicEnds, List<TopicTail.OnTopic> found) {
        this.topicEnds = Map.copyOf(topicEnds);
        found.forEach(record -> onTopic.putIfAbsent(record.eventId(), record.placed()));
    }

    /** Where the topic holds this event already, or null when it does not. */
    Placed take(String eventId) {
        Placed placed = onTopic.get(eventId);
        if (placed != null) {
            taken.add(eventId);
        }
        return placed;
    }

    /** The events found that the batch did not take. */
    Set<String> untaken() {
        Set<String> untaken = new HashSet<>(onTopic.keySet());
        untaken.removeAll(taken);
        return untaken;
    }

    /** Each partition's end once the batch is on the topic: the end found, or past the batch's records there. */
    Map<Integer, Long> endsWith(Map<Integer, Long> nextOffsets) {
        Map<Integer, Long> ends = new HashMap<>(topicEnds);
        nextOffsets.forEach((partition, next) -> ends.merge(partition, next, Math::max));
        return ends;
    }

    /**
     * The frontier once the batch commits: on each partition, the first record of an event found but not taken
     * that is still ahead of the relay (a later batch will take it), else the partition's end.
     */
    Map<Integer, Long> frontier(Map<Integer, Long> nextOffsets, Set<String> ahead) {
        Map<Integer, Long> frontier = endsWith(nextOffsets);
        ahead.stream()
                .filter(eventId -> !taken.contains(eventId))
                .map(onTopic::get)
                .forEach(placed -> frontier.merge(placed.partition(), placed.offset(), Math::min));
        return frontier;
    }
}
