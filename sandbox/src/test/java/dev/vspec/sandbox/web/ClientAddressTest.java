package dev.vspec.sandbox.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.mock.web.MockHttpServletRequest;

class ClientAddressTest {

    private static final ClientAddress BEHIND_LOCAL_PROXY = new ClientAddress(List.of("127.0.0.1"));
    private static final ClientAddress BEHIND_PROXY_AND_PRIVATE_NETWORK = new ClientAddress(List.of("127.0.0.1", "10.0.0.0/8"));

    private static MockHttpServletRequest request(String peer, String... forwardedFor) {
        MockHttpServletRequest request = new MockHttpServletRequest("GET", "/api/sample/v1/fluids");
        request.setRemoteAddr(peer);
        for (String header : forwardedFor) {
            request.addHeader(ClientAddress.FORWARDED_FOR, header);
        }
        return request;
    }

    @Test
    void anUntrustedPeerIsTheClientWhateverItForwards() {
        assertThat(BEHIND_LOCAL_PROXY.of(request("198.51.100.23", "203.0.113.7"))).isEqualTo("198.51.100.23");
    }

    @Test
    void aTrustedProxyNamesTheClient() {
        assertThat(BEHIND_LOCAL_PROXY.of(request("127.0.0.1", "203.0.113.7"))).isEqualTo("203.0.113.7");
    }

    @Test
    void theClientIsTheRightmostUntrustedHopAndEntriesLeftOfItAreIgnored() {
        // 198.51.100.1 was written by the client itself; 10.0.0.5 is an inner proxy of ours
        MockHttpServletRequest request = request("127.0.0.1", "198.51.100.1, 203.0.113.7, 10.0.0.5");

        assertThat(BEHIND_PROXY_AND_PRIVATE_NETWORK.of(request)).isEqualTo("203.0.113.7");
    }

    @Test
    void severalForwardedForLinesReadAsOneList() {
        MockHttpServletRequest request = request("127.0.0.1", "198.51.100.1", "203.0.113.7,10.0.0.5", "10.0.0.9");

        assertThat(BEHIND_PROXY_AND_PRIVATE_NETWORK.of(request)).isEqualTo("203.0.113.7");
    }

    @Test
    void aHopThatIsNotAnAddressLiteralEndsTheSearchAtThePeer() {
        assertThat(BEHIND_PROXY_AND_PRIVATE_NETWORK.of(request("127.0.0.1", "203.0.113.7, unknown, 10.0.0.5")))
                .isEqualTo("127.0.0.1");
        assertThat(BEHIND_PROXY_AND_PRIVATE_NETWORK.of(request("127.0.0.1", "203.0.113.7, evil.example")))
                .isEqualTo("127.0.0.1");
        assertThat(BEHIND_PROXY_AND_PRIVATE_NETWORK.of(request("127.0.0.1", "")))
                .isEqualTo("127.0.0.1");
    }

    @Test
    void aTrustedPeerWithoutForwardedForIsTheClient() {
        assertThat(BEHIND_LOCAL_PROXY.of(request("127.0.0.1"))).isEqualTo("127.0.0.1");
    }

    @Test
    void whenEveryHopIsTrustedThePeerIsTheClient() {
        assertThat(BEHIND_PROXY_AND_PRIVATE_NETWORK.of(request("127.0.0.1", "10.1.2.3, 10.0.0.5")))
                .isEqualTo("127.0.0.1");
    }

    @Test
    void ipv6PeersAndClientsAreRead() {
        ClientAddress behindIpv6Loopback = new ClientAddress(List.of("::1"));

        // Java's full form, for peers and forwarded hops alike: every spelling of one address is one client
        assertThat(behindIpv6Loopback.of(request("::1", "2001:db8::1"))).isEqualTo("2001:db8:0:0:0:0:0:1");
        assertThat(behindIpv6Loopback.of(request("::1", "2001:DB8:0::1"))).isEqualTo("2001:db8:0:0:0:0:0:1");
        assertThat(behindIpv6Loopback.of(request("2001:db8::2", "203.0.113.7"))).isEqualTo("2001:db8:0:0:0:0:0:2");
    }

    @Test
    void aSlash32TrustsExactlyOneAddress() {
        ClientAddress behindOneProxy = new ClientAddress(List.of("10.0.0.5/32"));

        assertThat(behindOneProxy.of(request("10.0.0.5", "203.0.113.7"))).isEqualTo("203.0.113.7");
        assertThat(behindOneProxy.of(request("10.0.0.4", "203.0.113.7"))).isEqualTo("10.0.0.4");
        assertThat(behindOneProxy.of(request("10.0.0.6", "203.0.113.7"))).isEqualTo("10.0.0.6");
    }

    @Test
    void aSlash0TrustsEveryAddressOfItsFamilyOnly() {
        ClientAddress trustingAllIpv4 = new ClientAddress(List.of("0.0.0.0/0"));

        assertThat(trustingAllIpv4.of(request("198.51.100.23", "203.0.113.7, 192.0.2.1"))).isEqualTo("198.51.100.23");
        assertThat(trustingAllIpv4.of(request("198.51.100.23", "2001:db8::1, 192.0.2.1"))).isEqualTo("2001:db8:0:0:0:0:0:1");
        assertThat(trustingAllIpv4.of(request("2001:db8::2", "203.0.113.7"))).isEqualTo("2001:db8:0:0:0:0:0:2");
    }

    @Test
    void aPrefixThatIsNotWholeBytesMasksBits() {
        ClientAddress behindPrivate172 = new ClientAddress(List.of("172.16.0.0/12"));

        assertThat(behindPrivate172.of(request("172.31.255.254", "203.0.113.7"))).isEqualTo("203.0.113.7");
        assertThat(behindPrivate172.of(request("172.16.0.1", "203.0.113.7"))).isEqualTo("203.0.113.7");
        assertThat(behindPrivate172.of(request("172.32.0.1", "203.0.113.7"))).isEqualTo("172.32.0.1");
        assertThat(behindPrivate172.of(request("172.15.255.254", "203.0.113.7"))).isEqualTo("172.15.255.254");
    }

    @Test
    void anInvalidRangeIsRefusedNamingTheSetting() {
        assertThatThrownBy(() -> new ClientAddress(List.of("10.0.0.0/33")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("vspec.sandbox.trusted-proxies")
                .hasMessageContaining("10.0.0.0/33");
        assertThatThrownBy(() -> new ClientAddress(List.of("::1/129")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("vspec.sandbox.trusted-proxies");
        assertThatThrownBy(() -> new ClientAddress(List.of("10.0.0.0/eight")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("vspec.sandbox.trusted-proxies")
                .hasMessageContaining("10.0.0.0/eight");
        assertThatThrownBy(() -> new ClientAddress(List.of("gateway.local")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("vspec.sandbox.trusted-proxies")
                .hasMessageContaining("gateway.local");
    }
}
