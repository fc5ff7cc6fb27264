package dev.vspec.command.relay;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.axonframework.eventhandling.GapAwareTrackingToken;
import org.axonframework.eventhandling.TrackingToken;
import org.axonframework.eventhandling.WrappedToken;

/**
 * Tells each batch what the topic already holds of it, and keeps where the relay's records are: the frontier
 * beyond which the topic may hold records of events the token has not passed, and, for each enrichment job a batch
 * completes, where the topic ended then ({@link RelayLedger}). Nothing here is remembered between batches: a batch
 * looks at the topic from the frontier committed with the token, so a relay that restarts, or another node that
 * takes over, finds what an earlier try left there. Once Kafka holds a batch nothing here needs the broker: a broker
 * lost at that moment would fail a batch already on the topic.
 */
final class PublishedOffsets {

    private final RelayLedger ledger;
    private final TopicTail tail;

    PublishedOffsets(RelayLedger ledger, TopicTail tail) {
        this.ledger = ledger;
        this.tail = tail;
    }

    /**
     * Before a batch's first send, when a failure costs nothing: holds the relay's claim for the batch and reads
     * the topic beyond the frontier (usually nothing: the topic ends there).
     *
     * @throws RelayLedger.ClaimTakenException when another node relays now
     */
    Unconfirmed beforeFirstSend() {
        ledger.holdClaim();
        Map<Integer, Long> frontier = ledger.frontier();
        Map<Integer, Long> ends = tail.ends();
        boolean beyond =
                ends.entrySet().stream().anyMatch(end -> end.getValue() > frontier.getOrDefault(end.getKey(), 0L));
        return new Unconfirmed(ends, beyond ? tail.read(frontier, ends) : List.of());
    }

    /**
     * Once Kafka has acknowledged every record of the batch, before the token moves past them.
     *
     * @param nextOffsets   the offset after the batch's last record, for each partition it wrote to or took from
     * @param position      the token of the batch's last event
     * @param completedJobs the enrichment jobs whose completion the batch published
     */
    void acknowledged(
            Unconfirmed unconfirmed,
            Map<Integer, Long> nextOffsets,
            TrackingToken position,
            List<String> completedJobs) {
        ledger.storeFrontier(unconfirmed.frontier(nextOffsets, ahead(unconfirmed.untaken(), position)));
        if (!completedJobs.isEmpty()) {
            ledger.storeJobEnds(completedJobs, unconfirmed.endsWith(nextOffsets));
        }
    }

    /**
     * The events found but not taken that a later batch will bring: those beyond the token's index or in its gaps.
     * The others are records of events the token passed (a batch that took them committed) or of no stored event.
     */
    private Set<String> ahead(Set<String> untaken, TrackingToken position) {
        if (untaken.isEmpty()) {
            return Set.of();
        }
        GapAwareTrackingToken passed = WrappedToken.unwrap(position, GapAwareTrackingToken.class)
                .orElseThrow(() ->
                        new IllegalStateException("the relay's token is no index of the event store: " + position));
        return ledger.globalIndexes(untaken).entrySet().stream()
                .filter(event ->
                        event.getValue() > passed.getIndex() || passed.getGaps().contains(event.getValue()))
                .map(Map.Entry::getKey)
                .collect(Collectors.toSet());
    }
}
