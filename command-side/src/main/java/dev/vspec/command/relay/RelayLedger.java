package dev.vspec.command.relay;

import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * What the relay keeps beside its token, in the transaction that moves the token: so it is exactly as old as the
 * token, whatever failed or was killed after Kafka acknowledged a batch.
 */
interface RelayLedger {

    /**
     * Locks the relay's token until the batch's transaction ends, so that no other node can claim it while the
     * batch's records are on their way.
     *
     * @throws ClaimTakenException when this node no longer holds the claim
     */
    void holdClaim();

    /**
     * For each partition, the offset from which the topic may hold records of events the token has not passed:
     * where the relay's last committed batch ended, unless events of a failed batch lie there still.
     */
    Map<Integer, Long> frontier();

    void storeFrontier(Map<Integer, Long> frontier);

    /** Records, for each job, where every partition ended once its completion was on the topic. */
    void storeJobEnds(List<String> jobIds, Map<Integer, Long> ends);

    /** The global index in the event store of each of these events it holds. */
    Map<String, Long> globalIndexes(Collection<String> eventIds);

    /** Another node holds the relay's token: this one must not send, or it would send what the other sends. */
    final class ClaimTakenException extends RuntimeException {
        ClaimTakenException(String message) {
            super(message);
        }
    }
}
