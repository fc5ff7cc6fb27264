package dev.vspec.command.relay;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Consumer;
import org.axonframework.eventhandling.DomainEventMessage;
import org.axonframework.eventhandling.GapAwareTrackingToken;
import org.axonframework.eventhandling.GenericTrackedDomainEventMessage;
import org.axonframework.messaging.unitofwork.CurrentUnitOfWork;
import org.axonframework.messaging.unitofwork.DefaultUnitOfWork;

/**
 * The relay's PostgreSQL for its unit tests: the event store with its global index (an event may commit after
 * later ones, leaving a gap in between), the relay's token and the node claiming it, and the relay's ledger. As in
 * PostgreSQL, what a batch writes counts only once its unit of work commits, together with its token; and
 * {@link #batch} runs the relay's processor: a batch of the events after the token, committed unless it fails.
 */
final class SimulatedDatabase {

    private static final int MAX_GAP_OFFSET = 10_000;

    private final TreeMap<Long, DomainEventMessage<?>> events = new TreeMap<>();
    private final Set<Long> uncommitted = new HashSet<>();
    private GapAwareTrackingToken token = GapAwareTrackingToken.newInstance(0, Set.of());
    private String owner;
    private final Map<Integer, Long> frontier = new HashMap<>();
    private final Map<String, Map<Integer, Long>> jobEnds = new HashMap<>();
    private int failingWrites;

    SimulatedDatabase(String owner) {
        this.owner = owner;
    }

    /** Stores the event, committed at once, under the next global index. */
    long store(DomainEventMessage<?> event) {
        long index = events.isEmpty() ? 1 : events.lastKey() + 1;
        events.put(index, event);
        return index;
    }

    /** Stores the event under the next global index in a transaction that has not committed yet. */
    long storeUncommitted(DomainEventMessage<?> event) {
        long index = store(event);
        uncommitted.add(index);
        return index;
    }

    void commit(long index) {
        uncommitted.remove(index);
    }

    /** Another node claims the relay's token, as Axon does once this one's claim has timed out. */
    void claimFor(String node) {
        owner = node;
    }

    /** The next writes of the ledger fail, as they do while PostgreSQL is down. */
    void failNextWrites(int count) {
        failingWrites = count;
    }

    Map<Integer, Long> frontier() {
        return Map.copyOf(frontier);
    }

    Map<Integer, Long> jobEnds(String jobId) {
        return jobEnds.getOrDefault(jobId, Map.of());
    }

    /** The relay's ledger as one node sees it. */
    RelayLedger ledgerOf(String node) {
        return new RelayLedger() {
            @Override
            public void holdClaim() {
                if (!node.equals(owner)) {
                    throw new ClaimTakenException(
                            "its token is claimed by " + owner + ", not by this node (" + node + ")");
                }
            }

            @Override
            public Map<Integer, Long> frontier() {
                return Map.copyOf(frontier);
            }

            @Override
            public void storeFrontier(Map<Integer, Long> offsets) {
                write(() -> frontier.putAll(offsets));
            }

            @Override
            public void storeJobEnds(List<String> jobIds, Map<Integer, Long> ends) {
                write(() -> jobIds.forEach(job -> jobEnds.put(job, Map.copyOf(ends))));
            }

            @Override
            public Map<String, Long> globalIndexes(Collection<String> eventIds) {
                Map<String, Long> indexes = new HashMap<>();
                events.forEach((index, event) -> {
                    if (eventIds.contains(event.getIdentifier())) {
                        indexes.put(event.getIdentifier(), index);
                    }
                });
                return indexes;
            }
        };
    }

    /** A write in the current unit of work's transaction: it counts once the unit of work commits. */
    private void write(Runnable change) {
        if (failingWrites > 0) {
            failingWrites--;
            throw new IllegalStateException("FATAL: terminating connection due to administrator command");
        }
        CurrentUnitOfWork.get().afterCommit(unitOfWork -> change.run());
    }

    /**
     * One batch of the relay's processor on {@code node}: up to {@code max} committed events after the token, in
     * global index order, each handed to the relay with its token, in one unit of work. As it prepares to commit,
     * the token's owner is checked first (Axon's token store refuses to store a token another node claims) and
     * {@code beforeCommit} runs last, after the relay's own preparation, and may throw to fail the batch as a crash
     * at that moment would. The token moves only when the unit of work commits.
     *
     * @return the failure that rolled the batch back, or null when it committed (or found nothing to do)
     */
    RuntimeException batch(KafkaRelay relay, String node, int max, Consumer<String> beforeCommit) {
        List<Long> next = new ArrayList<>();
        for (Map.Entry<Long, DomainEventMessage<?>> event : events.entrySet()) {
            long index = event.getKey();
            boolean after = index > token.getIndex() || token.getGaps().contains(index);
            if (after && !uncommitted.contains(index) && next.size() < max) {
                next.add(index);
            }
        }
        if (next.isEmpty()) {
            return null;
        }
        DefaultUnitOfWork<?> unitOfWork = DefaultUnitOfWork.startAndGet(events.get(next.get(0)));
        // registered first, as Axon's pooled processor registers the storing of its token
        unitOfWork.onPrepareCommit(u -> {
            if (!node.equals(owner)) {
                throw new IllegalStateException(
                        "Unable to claim token 'kafka-relay[0]'. It is owned by '" + owner + "'");
            }
        });
        GapAwareTrackingToken position = token;
        try {
            for (long index : next) {
                position = position.advanceTo(index, MAX_GAP_OFFSET);
                DomainEventMessage<?> event = events.get(index);
                relay.on(event.getPayload(), new GenericTrackedDomainEventMessage<>(position, event), position);
            }
        } catch (RuntimeException e) {
            unitOfWork.rollback(e);
            return e;
        }
        GapAwareTrackingToken reached = position;
        unitOfWork.onPrepareCommit(u -> beforeCommit.accept(node));
        unitOfWork.afterCommit(u -> token = reached);
        try {
            unitOfWork.commit();
            return null;
        } catch (RuntimeException e) {
            return e;
        }
    }

    /** {@link #batch} with nothing happening before the commit. */
    RuntimeException batch(KafkaRelay relay, String node, int max) {
        return batch(relay, node, max, nothing -> {});
    }
}
