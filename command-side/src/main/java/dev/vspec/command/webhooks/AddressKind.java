package dev.vspec.command.webhooks;

import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.util.Arrays;
import java.util.Locale;

/**
 * What kind of network an address is on. Webhooks go to {@link #PUBLIC} addresses only, unless the
 * operator allows another kind ({@code vspec.webhooks.allowed-addresses}); an IPv6 address that
 * embeds an IPv4 one (mapped, compatible, 6to4, NAT64) is the kind of the IPv4 address.
 */
enum AddressKind {
    PUBLIC,
    /** 127.0.0.0/8, ::1 */
    LOOPBACK,
    /** 10/8, 172.16/12, 192.168/16, 100.64/10 (carrier-grade NAT) */
    PRIVATE,
    /** 169.254/16 (cloud metadata services among them), fe80::/10 */
    LINK_LOCAL,
    /** fc00::/7, and the deprecated site-local fec0::/10 */
    UNIQUE_LOCAL,
    /** 224/4, ff00::/8 */
    MULTICAST,
    /** 0.0.0.0/8, :: */
    UNSPECIFIED,
    /** 240/4 and the broadcast address, 192.0.0/24, the documentation and benchmarking ranges */
    RESERVED;

    String code() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    static AddressKind of(InetAddress address) {
        if (address instanceof Inet6Address v6) {
            byte[] embedded = embeddedIpv4(v6.getAddress());
            return embedded != null ? ofIpv4(embedded) : ofIpv6(v6);
        }
        return ofIpv4(((Inet4Address) address).getAddress());
    }

    private static AddressKind ofIpv4(byte[] a) {
        int first = a[0] & 0xff;
        int second = a[1] & 0xff;
        int third = a[2] & 0xff;
        if (first == 0) {
            return UNSPECIFIED;
        }
        if (first == 127) {
            return LOOPBACK;
        }
        if (first == 10
                || (first == 172 && (second & 0xf0) == 16)
                || (first == 192 && second == 168)
                || (first == 100 && (second & 0xc0) == 64)) {
            return PRIVATE;
        }
        if (first == 169 && second == 254) {
            return LINK_LOCAL;
        }
        if (first >= 224 && first <= 239) {
            return MULTICAST;
        }
        boolean documentation = (first == 192 && second == 0 && third == 2)
                || (first == 198 && second == 51 && third == 100)
                || (first == 203 && second == 0 && third == 113);
        boolean benchmarking = first == 198 && (second & 0xfe) == 18;
        if (first >= 240 || (first == 192 && second == 0 && third == 0) || documentation || benchmarking) {
            return RESERVED;
        }
        return PUBLIC;
    }

    private static AddressKind ofIpv6(Inet6Address address) {
        byte[] a = address.getAddress();
        if (address.isAnyLocalAddress()) {
            return UNSPECIFIED;
        }
        if (address.isLoopbackAddress()) {
            return LOOPBACK;
        }
        if (address.isMulticastAddress()) {
            return MULTICAST;
        }
        if (address.isLinkLocalAddress()) {
            return LINK_LOCAL;
        }
        if ((a[0] & 0xfe) == 0xfc || address.isSiteLocalAddress()) {
            return UNIQUE_LOCAL;
        }
        if ((a[0] & 0xff) == 0x20 && (a[1] & 0xff) == 0x01 && (a[2] & 0xff) == 0x0d && (a[3] & 0xff) == 0xb8) {
            return RESERVED;
        }
        return PUBLIC;
    }

    /**
     * The IPv4 address inside an IPv6 one that carries it: ::a.b.c.d (compatible), ::ffff:a.b.c.d
     * (mapped, which Java usually hands over as IPv4 already), 64:ff9b::a.b.c.d (NAT64) and
     * 2002:aabb:ccdd:: (6to4); null for any other.
     */
    private static byte[] embeddedIpv4(byte[] a) {
        boolean zeroTen = Arrays.equals(Arrays.copyOf(a, 10), new byte[10]);
        boolean compatible =
                zeroTen && a[10] == 0 && a[11] == 0 && !Arrays.equals(Arrays.copyOfRange(a, 12, 15), new byte[3]);
        boolean mapped = zeroTen && (a[10] & 0xff) == 0xff && (a[11] & 0xff) == 0xff;
        boolean nat64 = (a[0] & 0xff) == 0x00
                && (a[1] & 0xff) == 0x64
                && (a[2] & 0xff) == 0xff
                && (a[3] & 0xff) == 0x9b
                && Arrays.equals(Arrays.copyOfRange(a, 4, 12), new byte[8]);
        if (compatible || mapped || nat64) {
            return Arrays.copyOfRange(a, 12, 16);
        }
        if ((a[0] & 0xff) == 0x20 && (a[1] & 0xff) == 0x02) {
            return Arrays.copyOfRange(a, 2, 6);
        }
        return null;
    }
}
