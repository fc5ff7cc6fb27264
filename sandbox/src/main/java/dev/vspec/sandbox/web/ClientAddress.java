package dev.vspec.sandbox.web;

import dev.vspec.infra.web.ClientNetworks;
import jakarta.servlet.http.HttpServletRequest;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The address a request counts against. It is the connection's peer, unless the peer is a trusted
 * proxy: then X-Forwarded-For is read from the right, past every trusted proxy, and the first other
 * address is the client. Entries left of it were written by the client and are never believed.
 */
final class ClientAddress {

    static final String FORWARDED_FOR = "X-Forwarded-For";
    private static final Pattern DOTTED_DECIMAL = Pattern.compile("\\d{1,3}(\\.\\d{1,3}){3}");
    private static final Pattern IPV6 = Pattern.compile("[0-9A-Fa-f:.]{2,45}");

    private final List<Range> trusted;

    ClientAddress(List<String> trustedProxies) {
        trusted = trustedProxies.stream().map(Range::parse).toList();
    }

    String of(HttpServletRequest request) {
        String peer = literal(request.getRemoteAddr()).map(InetAddress::getHostAddress).orElse(request.getRemoteAddr());
        if (!isTrusted(peer)) {
            return peer;
        }
        List<String> hops = new ArrayList<>();
        for (String header : Collections.list(request.getHeaders(FORWARDED_FOR))) {
            for (String hop : header.split(",")) {
                hops.add(hop.strip());
            }
        }
        Collections.reverse(hops);
        for (String hop : hops) {
            Optional<InetAddress> address = literal(hop);
            if (address.isEmpty()) {
                // a hop no proxy of ours wrote: nothing to its left can be believed either
                return peer;
            }
            if (!isTrusted(address.get())) {
                return address.get().getHostAddress();
            }
        }
        return peer;
    }

    /** What a budget counts: {@link ClientNetworks#of}, or the text itself when it is no address. */
    static String budgetSubject(String address) {
        return literal(address).map(ClientNetworks::of).orElse(address);
    }

    private boolean isTrusted(String address) {
        return literal(address).map(this::isTrusted).orElse(false);
    }

    private boolean isTrusted(InetAddress address) {
        return trusted.stream().anyMatch(range -> range.contains(address));
    }

    /**
     * An IPv4 address in dotted decimal or an IPv6 address, never a name: only text that cannot be
     * a host name reaches the parser, so reading a header never looks anything up in DNS.
     */
    static Optional<InetAddress> literal(String text) {
        if (text == null) {
            return Optional.empty();
        }
        boolean ipv4 = DOTTED_DECIMAL.matcher(text).matches()
                && Arrays.stream(text.split("\\.")).allMatch(octet -> Integer.parseInt(octet) <= 255);
        // with a colon, the JDK parses IPv6 or fails, and never resolves
        boolean ipv6 = IPV6.matcher(text).matches() && text.contains(":");
        if (!ipv4 && !ipv6) {
            return Optional.empty();
        }
        try {
            return Optional.of(InetAddress.getByName(text));
        } catch (UnknownHostException e) {
            return Optional.empty();
        }
    }

    /** An address, or a CIDR range of them. */
    record Range(byte[] network, int prefixBits) {

        static Range parse(String text) {
            String[] parts = text.strip().split("/", 2);
            InetAddress address = literal(parts[0]).orElseThrow(() ->
                    new IllegalArgumentException("vspec.sandbox.trusted-proxies: '" + text + "' is not an IP address or CIDR range"));
            byte[] bytes = address.getAddress();
            int bits = parts.length == 2 && parts[1].matches("\\d{1,3}") ? Integer.parseInt(parts[1])
                    : parts.length == 2 ? -1 : bytes.length * 8;
            if (bits < 0 || bits > bytes.length * 8) {
                throw new IllegalArgumentException("vspec.sandbox.trusted-proxies: '" + text + "' has a prefix out of range");
            }
            return new Range(bytes, bits);
        }

        boolean contains(InetAddress address) {
            byte[] candidate = address.getAddress();
            if (candidate.length != network.length) {
                return false;
            }
            for (int bit = 0; bit < prefixBits; bit++) {
                int mask = 0x80 >>> (bit % 8);
                if ((candidate[bit / 8] & mask) != (network[bit / 8] & mask)) {
                    return false;
                }
            }
            return true;
        }
    }
}
