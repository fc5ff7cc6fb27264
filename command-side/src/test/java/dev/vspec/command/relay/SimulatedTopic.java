package dev.vspec.command.relay;

import dev.vspec.events.kafka.EventEnvelopeCodec;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * The event topic for the relay's unit tests: records appended to the partition their key picks, each send
 * answered as the test scripts it (acknowledged by default), and read back as the relay reads its tail.
 */
final class SimulatedTopic implements EventPublisher, TopicTail {

    /** How the broker answers one send. */
    enum Answer {
        /** Appended and acknowledged. */
        ACKNOWLEDGE,
        /** Appended, but the acknowledgement never came (the broker died before answering). */
        APPEND_UNANSWERED,
        /** Not appended, and the send failed. */
        REFUSE,
        /** Refused before it was queued: the send throws. */
        THROW
    }

    private final EventEnvelopeCodec codec = new EventEnvelopeCodec();
    private final List<List<String>> partitions = new ArrayList<>();
    private final Deque<Answer> script = new ArrayDeque<>();
    private final List<String> sends = new ArrayList<>();
    private boolean reachable = true;

    SimulatedTopic(int partitionCount) {
        for (int i = 0; i < partitionCount; i++) {
            partitions.add(new ArrayList<>());
        }
    }

    /** The answers to the next sends, in turn; after them every send is acknowledged. */
    void answerNext(Answer... answers) {
        script.addAll(List.of(answers));
    }

    /** While unreachable, the topic's ends cannot be read and every send throws. */
    void reachable(boolean reachable) {
        this.reachable = reachable;
    }

    @Override
    public CompletableFuture<Placed> publish(String key, String eventType, byte[] envelope) {
        Answer answer = reachable ? (script.isEmpty() ? Answer.ACKNOWLEDGE : script.poll()) : Answer.THROW;
        if (answer == Answer.THROW) {
            throw new IllegalStateException("Topic vspec.events.v1 not present in metadata after 10000 ms.");
        }
        String eventId = codec.decode(envelope).eventId();
        sends.add(eventId);
        if (answer == Answer.REFUSE) {
            return CompletableFuture.failedFuture(new IllegalStateException("NOT_ENOUGH_REPLICAS"));
        }
        int partition = Math.floorMod(key.hashCode(), partitions.size());
        partitions.get(partition).add(eventId);
        Placed placed = new Placed(partition, partitions.get(partition).size() - 1L);
        return answer == Answer.ACKNOWLEDGE
                ? CompletableFuture.completedFuture(placed)
                : CompletableFuture.failedFuture(new IllegalStateException("Disconnected from the broker"));
    }

    @Override
    public Map<Integer, Long> ends() {
        if (!reachable) {
            throw new IllegalStateException("Timeout expired while fetching topic metadata");
        }
        Map<Integer, Long> ends = new HashMap<>();
        for (int partition = 0; partition < partitions.size(); partition++) {
            ends.put(partition, (long) partitions.get(partition).size());
        }
        return ends;
    }

    @Override
    public List<OnTopic> read(Map<Integer, Long> from, Map<Integer, Long> to) {
        List<OnTopic> found = new ArrayList<>();
        to.forEach((partition, end) -> {
            for (long offset = from.getOrDefault(partition, 0L); offset < end; offset++) {
                found.add(new OnTopic(partitions.get(partition).get((int) offset), new Placed(partition, offset)));
            }
        });
        return found;
    }

    /** The event ids of every record, partition by partition, each in offset order. */
    List<String> records() {
        return partitions.stream().flatMap(Collection::stream).toList();
    }

    /** The event ids of one partition's records in offset order. */
    List<String> partition(int partition) {
        return List.copyOf(partitions.get(partition));
    }

    /** The event id of every send the broker received, in order, whatever it answered. */
    List<String> sends() {
        return List.copyOf(sends);
    }
}
