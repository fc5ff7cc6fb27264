package dev.vspec.infra.web;

import java.net.InetAddress;

/**
 * What a limit per client address counts: an IPv4 address itself, an IPv6 address by its /64
 * network, since one subscriber is usually given a whole /64 and could otherwise take a fresh
 * address per request or connection.
 */
public final class ClientNetworks {

    private ClientNetworks() {
    }

    /** {@code 203.0.113.9}, or {@code 2001:db8:0:1::/64} for any address of that /64. */
    public static String of(InetAddress address) {
        byte[] bytes = address.getAddress();
        if (bytes.length == 4) {
            return address.getHostAddress();
        }
        StringBuilder network = new StringBuilder();
        for (int i = 0; i < 8; i += 2) {
            network.append(Integer.toHexString(((bytes[i] & 0xff) << 8) | (bytes[i + 1] & 0xff))).append(':');
        }
        return network.append(":/64").toString();
    }
}
