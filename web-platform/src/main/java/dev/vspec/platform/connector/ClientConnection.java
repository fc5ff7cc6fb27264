package dev.vspec.platform.connector;

import org.apache.tomcat.util.net.NioChannel;
import org.apache.tomcat.util.net.NioEndpoint;

/**
 * A client's connection as the guarded endpoint holds it: the network its place is counted against,
 * and since when the client owes the head (request line and headers) of a request.
 */
final class ClientConnection extends NioEndpoint.NioSocketWrapper {

    private static final long NOTHING_OWED = Long.MIN_VALUE;

    private final String network;
    private final ConnectionsPerAddress places;
    private volatile long headOwedSince;

    /** @param network the network the connection counts against in {@code places}, or null when it is not counted */
    ClientConnection(NioChannel channel, NioEndpoint endpoint, String network, ConnectionsPerAddress places) {
        super(channel, endpoint);
        this.network = network;
        this.places = places;
        // a new connection owes its first request from the start
        this.headOwedSince = System.nanoTime();
    }

    /** Bytes of a request arrived: the head is owed from now on, unless it already was. */
    void headStarted(long now) {
        if (headOwedSince == NOTHING_OWED) {
            headOwedSince = now;
        }
    }

    void headReceived() {
        headOwedSince = NOTHING_OWED;
    }

    boolean owesHead() {
        return headOwedSince != NOTHING_OWED;
    }

    /** Nanoseconds left until the head is late (zero or less once it is); only while one is owed. */
    long headNanosLeft(long now, long deadlineNanos) {
        return headOwedSince + deadlineNanos - now;
    }

    @Override
    protected void doClose() {
        try {
            super.doClose();
        } finally {
            if (network != null) {
                places.release(network);
            }
        }
    }
}
