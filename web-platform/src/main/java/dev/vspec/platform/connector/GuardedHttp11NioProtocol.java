package dev.vspec.platform.connector;

import java.time.Duration;
import org.apache.coyote.Processor;
import org.apache.coyote.http11.Http11NioProtocol;

/**
 * Tomcat's HTTP/1.1 NIO protocol with the two guards Tomcat lacks against clients that hold
 * connections: a share of connections per client network ({@link GuardedNioEndpoint}) and a
 * deadline for each request's head ({@link HeadDeadlineProcessor}). Tomcat creates it from its
 * class name, hence public with a constructor without arguments.
 */
public class GuardedHttp11NioProtocol extends Http11NioProtocol {

    private volatile long headDeadlineNanos = Long.MAX_VALUE;

    public GuardedHttp11NioProtocol() {
        super(new GuardedNioEndpoint());
    }

    void headDeadline(Duration deadline) {
        headDeadlineNanos = deadline.toNanos();
        endpoint().headTimeout((int) Math.min(Integer.MAX_VALUE, deadline.toMillis()));
    }

    GuardedNioEndpoint endpoint() {
        return (GuardedNioEndpoint) getEndpoint();
    }

    @Override
    protected Processor createProcessor() {
        return new HeadDeadlineProcessor(this, getAdapter(), headDeadlineNanos);
    }
}
