package dev.vspec.platform.connector;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.apache.catalina.Valve;
import org.apache.catalina.util.NetMask;
import org.apache.catalina.valves.RemoteIpValve;
import org.springframework.boot.tomcat.TomcatWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.core.Ordered;

/**
 * The proxies (the gateway) whose {@code X-Forwarded-For} a backend believes, {@code vspec.trusted-proxies}: Tomcat's
 * remote-IP handling ({@code server.forward-headers-strategy: native}) then reads the client's address from the right
 * of that header, past every trusted proxy, and entries the client wrote further left are never believed. The one
 * way every backend learns the client's address.
 *
 * <p>Given as addresses and CIDR ranges, handed to Tomcat as CIDR ranges only: Tomcat takes the setting for ranges
 * when it holds a {@code /}, and for a regular expression otherwise, where a list of bare addresses matches nothing.
 */
final class TrustedProxies implements WebServerFactoryCustomizer<TomcatWebServerFactory>, Ordered {

    static final String SETTING = "vspec.trusted-proxies";

    private final String ranges;

    /** @throws IllegalArgumentException naming the setting and the entry, when an entry is not an address or range */
    TrustedProxies(List<String> entries) {
        this.ranges = entries.stream()
                .map(String::strip)
                .filter(entry -> !entry.isEmpty())
                .map(TrustedProxies::range)
                .collect(Collectors.joining(", "));
    }

    /** Each entry as a range with its prefix length: an address alone is the range of that address only. */
    private static String range(String entry) {
        if (!entry.matches("[0-9A-Fa-f:.]+(/[0-9]{1,3})?")) {
            // only literals: NetMask would ask DNS for a name
            throw invalid(entry, null);
        }
        try {
            new NetMask(entry);
        } catch (IllegalArgumentException e) {
            throw invalid(entry, e);
        }
        return entry.contains("/") ? entry : entry + (entry.contains(":") ? "/128" : "/32");
    }

    private static IllegalArgumentException invalid(String entry, Throwable cause) {
        return new IllegalArgumentException(SETTING + ": '" + entry + "' is not an IP address or CIDR range", cause);
    }

    /** The ranges as Tomcat reads them. */
    String ranges() {
        return ranges;
    }

    /**
     * Sets the ranges on the remote-IP valve Spring Boot added (after its own customizer), behind a valve that keeps
     * names out of what it reads ({@link LiteralForwardedFor}); without one, nothing.
     */
    @Override
    public void customize(TomcatWebServerFactory factory) {
        List<Valve> valves = new ArrayList<>();
        for (Valve valve : factory.getEngineValves()) {
            if (valve instanceof RemoteIpValve remoteIp) {
                remoteIp.setInternalProxies(ranges);
                remoteIp.setTrustedProxies(null);
                valves.add(new LiteralForwardedFor());
            }
            valves.add(valve);
        }
        factory.setEngineValves(valves);
    }

    @Override
    public int getOrder() {
        return Ordered.LOWEST_PRECEDENCE;
    }
}
