package dev.vspec.sandbox.web;

import static dev.vspec.infra.access.BudgetAddress.literal;

import jakarta.servlet.http.HttpServletRequest;
import java.net.InetAddress;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;

/**
 * The address a request counts against. It is the connection's peer, unless the peer is a trusted
 * proxy: then X-Forwarded-For is read from the right, past every trusted proxy, and the first other
 * address is the client. Entries left of it were written by the client and are never believed.
 */
final class ClientAddress {

    static final String FORWARDED_FOR = "X-Forwarded-For";

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

    private boolean isTrusted(String address) {
        return literal(address).map(this::isTrusted).orElse(false);
    }

    private boolean isTrusted(InetAddress address) {
        return trusted.stream().anyMatch(range -> range.contains(address));
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
