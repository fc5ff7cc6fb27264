package dev.vspec.platform.connector;

import java.util.concurrent.ConcurrentHashMap;

/**
 * The connections each client network holds, so that one client cannot take every connection of a
 * port. Counted once per connection, when it is accepted and when it closes, never per request.
 */
final class ConnectionsPerAddress {

    private final int limit;
    private final ConcurrentHashMap<String, Integer> held = new ConcurrentHashMap<>();

    /** @param limit the connections one network may hold at once; 0 or less: no limit */
    ConnectionsPerAddress(int limit) {
        this.limit = limit;
    }

    boolean limited() {
        return limit > 0;
    }

    /** Counts one more connection of {@code network}, or nothing when it already holds its limit. */
    boolean tryAcquire(String network) {
        boolean[] admitted = {false};
        held.compute(network, (key, count) -> {
            int current = count == null ? 0 : count;
            if (current >= limit) {
                return count;
            }
            admitted[0] = true;
            return current + 1;
        });
        return admitted[0];
    }

    void release(String network) {
        held.computeIfPresent(network, (key, count) -> count <= 1 ? null : count - 1);
    }

    int held(String network) {
        return held.getOrDefault(network, 0);
    }
}
