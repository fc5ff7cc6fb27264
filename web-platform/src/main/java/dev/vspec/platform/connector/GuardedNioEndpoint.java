package dev.vspec.platform.connector;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import org.apache.tomcat.util.ExceptionUtils;
import org.apache.tomcat.util.net.NioChannel;
import org.apache.tomcat.util.net.NioEndpoint;
import org.apache.tomcat.util.net.SocketBufferHandler;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Tomcat's NIO endpoint that refuses, as it accepts them, the connections of a client network
 * beyond its share, and wraps every other connection in a {@link ClientConnection}. A refused
 * connection is sent a short 429 and closed at once, on the acceptor thread, so a client holding
 * thousands of connections never delays anyone else's.
 */
final class GuardedNioEndpoint extends NioEndpoint {

    private static final Logger log = LoggerFactory.getLogger(GuardedNioEndpoint.class);

    private volatile ConnectionsPerAddress places = new ConnectionsPerAddress(0);
    private volatile byte[] refusal = new byte[0];
    private volatile Runnable refused = () -> {};
    private volatile int headTimeoutMillis = Integer.MAX_VALUE;

    /**
     * @param refusal the complete HTTP answer a refused connection is sent
     * @param refused told of every refused connection (a counter)
     */
    void limitPerAddress(ConnectionsPerAddress places, byte[] refusal, Runnable refused) {
        this.places = places;
        this.refusal = refusal.clone();
        this.refused = refused;
    }

    /** A new connection that sends nothing is closed after this, not after the longer connection timeout. */
    void headTimeout(int millis) {
        this.headTimeoutMillis = millis;
    }

    ConnectionsPerAddress places() {
        return places;
    }

    /** As {@link NioEndpoint#setSocketOptions} (Tomcat 11.0), with the share checked first and the connection wrapped in ours. */
    @Override
    protected boolean setSocketOptions(SocketChannel socket) {
        ConnectionsPerAddress counted = places;
        String network = counted.limited() ? networkOf(socket) : null;
        if (network != null && !counted.tryAcquire(network)) {
            refuse(socket);
            return false;
        }
        NioSocketWrapper socketWrapper = null;
        try {
            NioChannel channel =
                    getNioChannels() == null ? null : getNioChannels().pop();
            if (channel == null) {
                channel = createChannel(new SocketBufferHandler(
                        socketProperties.getAppReadBufSize(),
                        socketProperties.getAppWriteBufSize(),
                        socketProperties.getDirectBuffer()));
            }
            NioSocketWrapper newWrapper = new ClientConnection(channel, this, network, counted);
            channel.reset(socket, newWrapper);
            connections.put(socket, newWrapper);
            socketWrapper = newWrapper;
            socket.configureBlocking(false);
            if (getUnixDomainSocketPath() == null) {
                socketProperties.setProperties(socket.socket());
            }
            socketWrapper.setReadTimeout(
                    getConnectionTimeout() > 0
                            ? Math.min(getConnectionTimeout(), headTimeoutMillis)
                            : headTimeoutMillis);
            socketWrapper.setWriteTimeout(getConnectionTimeout());
            socketWrapper.setKeepAliveLeft(getMaxKeepAliveRequests());
            getPoller().register(socketWrapper);
            return true;
        } catch (Throwable t) {
            ExceptionUtils.handleThrowable(t);
            log.error("A connection could not be set up", t);
            if (socketWrapper == null) {
                // closing the wrapper gives the place back; without one, it is given back here
                if (network != null) {
                    counted.release(network);
                }
                destroySocket(socket);
            }
        }
        return false;
    }

    /** The 429, written without blocking into a fresh socket's empty send buffer; a client that cannot take it gets the close. */
    private void refuse(SocketChannel socket) {
        refused.run();
        try {
            socket.configureBlocking(false);
            socket.write(ByteBuffer.wrap(refusal));
        } catch (IOException | RuntimeException e) {
            log.debug("A refused connection went away first: {}", e.toString());
        }
        destroySocket(socket);
    }

    private static String networkOf(SocketChannel socket) {
        try {
            SocketAddress remote = socket.getRemoteAddress();
            return remote instanceof InetSocketAddress inet && inet.getAddress() != null
                    ? BudgetAddress.of(inet.getAddress())
                    : null;
        } catch (IOException e) {
            return null;
        }
    }
}
