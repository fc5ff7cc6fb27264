package dev.vspec.platform.connector;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * How the HTTP connector of a deployable guards against clients that hold connections.
 *
 * @param requestHeadTimeout    the longest a request's line and headers may take to arrive, from their first byte
 *                              (from the accept for a connection's first request), however slowly they come; a head
 *                              later than this is answered 408 and its connection closed
 * @param maxConnectionsPerAddress the connections one client address (an IPv6 client by its /64) may hold at once;
 *                              more are answered 429 and closed as they are accepted. 0: only
 *                              {@code server.tomcat.max-connections} bounds them
 */
@ConfigurationProperties("vspec.http")
public record ConnectorProperties(
        @DefaultValue("15s") Duration requestHeadTimeout,
        @DefaultValue("0") int maxConnectionsPerAddress) {

    public ConnectorProperties {
        if (requestHeadTimeout.isNegative() || requestHeadTimeout.isZero()) {
            throw new IllegalArgumentException(
                    "vspec.http.request-head-timeout must be positive, not " + requestHeadTimeout);
        }
    }
}
