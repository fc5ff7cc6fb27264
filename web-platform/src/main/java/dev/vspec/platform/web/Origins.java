package dev.vspec.platform.web;

import java.net.URI;
import java.util.Locale;

/** Origins as browsers send them in {@code Origin}: the gateway's and the sandbox's CORS compare against these. */
public final class Origins {

    private Origins() {}

    /**
     * scheme://host[:port] of a URL, lower case, without the scheme's default port.
     *
     * @throws IllegalArgumentException when the URL is not absolute
     */
    public static String of(String url) {
        URI uri = URI.create(url.strip());
        if (uri.getScheme() == null || uri.getHost() == null) {
            throw new IllegalArgumentException(
                    "'" + url + "' is not an absolute URL, so it names no origin (vspec.site.url,"
                            + " vspec.sandbox.allowed-origin)");
        }
        String scheme = uri.getScheme().toLowerCase(Locale.ROOT);
        int defaultPort = scheme.equals("https") ? 443 : scheme.equals("http") ? 80 : -1;
        // browsers leave a scheme's default port out of Origin
        boolean portShown = uri.getPort() != -1 && uri.getPort() != defaultPort;
        return (scheme + "://" + uri.getHost() + (portShown ? ":" + uri.getPort() : "")).toLowerCase(Locale.ROOT);
    }
}
