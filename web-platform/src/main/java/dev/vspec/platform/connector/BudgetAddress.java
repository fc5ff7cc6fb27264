package dev.vspec.platform.connector;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * A client address as a per-address limit counts it (a budget of requests, or the connections one
 * address may hold): at most a few dozen characters, however long or strange the X-Forwarded-For
 * entry it was read from.
 */
public final class BudgetAddress {

    /**
     * The one subject of every client whose address is not an IP address. Only a forwarded entry can
     * be one, and the gateway never writes such an entry: sharing one budget, such clients cannot
     * escape a limit by changing the text.
     */
    static final String NOT_AN_ADDRESS = "not-an-address";

    private static final Pattern IPV6 = Pattern.compile("[0-9A-Fa-f:.]{2,45}");

    private BudgetAddress() {}

    /**
     * An IPv4 address itself, an IPv6 address by its /64 network, since one subscriber is usually
     * given a whole /64 and could otherwise take a fresh address per request; anything else
     * {@link #NOT_AN_ADDRESS}.
     */
    public static String of(String address) {
        // every request passes here: an IPv4 address is read without the regular expressions and InetAddress
        String ipv4 = dottedDecimal(address);
        return ipv4 != null ? ipv4 : literal(address).map(BudgetAddress::of).orElse(NOT_AN_ADDRESS);
    }

    /** {@code 203.0.113.9}, or {@code 2001:db8:0:1::/64} for any address of that /64. */
    public static String of(InetAddress address) {
        byte[] bytes = address.getAddress();
        if (bytes.length == 4) {
            return address.getHostAddress();
        }
        StringBuilder network = new StringBuilder();
        for (int i = 0; i < 8; i += 2) {
            network.append(Integer.toHexString(((bytes[i] & 0xff) << 8) | (bytes[i + 1] & 0xff)))
                    .append(':');
        }
        return network.append(":/64").toString();
    }

    /**
     * An IPv4 address in dotted decimal or an IPv6 address, never a name: only text that cannot be
     * a host name reaches the parser, so reading a header never looks anything up in DNS.
     */
    public static Optional<InetAddress> literal(String text) {
        if (text == null) {
            return Optional.empty();
        }
        boolean ipv4 = dottedDecimal(text) != null;
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

    /** Four decimal octets of at most three digits and 255, written without leading zeros; else null. */
    private static String dottedDecimal(String text) {
        if (text == null || text.length() < 7 || text.length() > 15) {
            return null;
        }
        int[] octets = new int[4];
        int octet = 0;
        int digits = 0;
        boolean leadingZero = false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c >= '0' && c <= '9' && digits < 3) {
                leadingZero |= digits == 1 && octets[octet] == 0;
                octets[octet] = octets[octet] * 10 + (c - '0');
                digits++;
            } else if (c == '.' && digits > 0 && octet < 3 && octets[octet] <= 255) {
                octet++;
                digits = 0;
            } else {
                return null;
            }
        }
        if (octet != 3 || digits == 0 || octets[3] > 255) {
            return null;
        }
        return leadingZero ? octets[0] + "." + octets[1] + "." + octets[2] + "." + octets[3] : text;
    }
}
