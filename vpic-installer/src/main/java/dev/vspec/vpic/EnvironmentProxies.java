package dev.vspec.vpic;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Proxy;
import java.net.ProxySelector;
import java.net.SocketAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The proxies the environment names, as curl and npm read them: {@code https_proxy} (or {@code HTTPS_PROXY}) for
 * https URLs, {@code http_proxy} (or {@code HTTP_PROXY}) for http ones, each {@code http://host:port} or
 * {@code host:port}; none for the hosts {@code no_proxy} (or {@code NO_PROXY}) lists, comma-separated (a name
 * matches itself and its subdomains, {@code *} every host), nor for the loopback addresses, as Java's own default.
 * A proxy's credentials are not supported.
 */
final class EnvironmentProxies extends ProxySelector {

    private final Map<String, String> environment;

    EnvironmentProxies(Map<String, String> environment) {
        this.environment = Map.copyOf(environment);
    }

    @Override
    public List<Proxy> select(URI uri) {
        return proxyFor(uri)
                .map(address -> List.of(new Proxy(Proxy.Type.HTTP, address)))
                .orElse(List.of(Proxy.NO_PROXY));
    }

    @Override
    public void connectFailed(URI uri, SocketAddress address, IOException failure) {
        // the request fails with the failure itself, which the fetch reports
    }

    /**
     * The proxy for {@code uri}, if one is to be used.
     *
     * @throws VpicUnavailable when the variable that names it does not name a host and port
     */
    Optional<InetSocketAddress> proxyFor(URI uri) {
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        String host = uri.getHost() == null ? "" : uri.getHost().toLowerCase(Locale.ROOT);
        if (!(scheme.equals("https") || scheme.equals("http")) || direct(host)) {
            return Optional.empty();
        }
        String lower = scheme + "_proxy";
        String name = nonBlank(lower) ? lower : lower.toUpperCase(Locale.ROOT);
        return nonBlank(name) ? Optional.of(address(name, environment.get(name).strip())) : Optional.empty();
    }

    private boolean direct(String host) {
        if (host.equals("localhost") || host.startsWith("127.") || host.equals("[::1]") || host.equals("::1")) {
            return true;
        }
        String noProxy = nonBlank("no_proxy") ? environment.get("no_proxy") : environment.get("NO_PROXY");
        if (noProxy == null) {
            return false;
        }
        return Arrays.stream(noProxy.split(","))
                .map(entry -> entry.strip().toLowerCase(Locale.ROOT))
                .map(entry -> entry.startsWith("*.") ? entry.substring(1) : entry)
                .map(entry -> entry.startsWith(".") ? entry.substring(1) : entry)
                .filter(entry -> !entry.isEmpty())
                .anyMatch(entry -> entry.equals("*") || host.equals(entry) || host.endsWith("." + entry));
    }

    private static InetSocketAddress address(String variable, String value) {
        String text = value.contains("://") ? value : "http://" + value;
        try {
            URI proxy = new URI(text);
            if (proxy.getRawUserInfo() != null) {
                // the credentials stay out of the message
                throw new VpicUnavailable("The proxy that " + variable + " names has credentials, which vspec does"
                        + " not send; name a proxy without them, or unset " + variable);
            }
            if (proxy.getHost() != null) {
                int port =
                        proxy.getPort() > 0 ? proxy.getPort() : "https".equalsIgnoreCase(proxy.getScheme()) ? 443 : 80;
                return InetSocketAddress.createUnresolved(proxy.getHost(), port);
            }
        } catch (URISyntaxException e) {
            // said below
        }
        throw new VpicUnavailable(
                variable + "=" + value + " is not a proxy vspec can use (http://host:port); correct or unset it");
    }

    private boolean nonBlank(String name) {
        String value = environment.get(name);
        return value != null && !value.isBlank();
    }
}
