package dev.vspec.platform.connector;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.catalina.Valve;
import org.apache.catalina.connector.Connector;
import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.valves.RemoteIpValve;
import org.apache.catalina.valves.ValveBase;
import org.junit.jupiter.api.Test;
import org.springframework.boot.tomcat.servlet.TomcatServletWebServerFactory;

/** The client address every backend counts, as Tomcat's remote-IP valve reads it with the trusted proxies set. */
class TrustedProxiesTest {

    private static final Connector CONNECTOR = new Connector();

    @Test
    void anUntrustedPeerIsTheClientWhateverItForwards() {
        assertThat(client(List.of("127.0.0.1"), "198.51.100.23", "203.0.113.7")).isEqualTo("198.51.100.23");
    }

    @Test
    void aTrustedProxyNamesTheClient() {
        assertThat(client(List.of("127.0.0.1"), "127.0.0.1", "203.0.113.7")).isEqualTo("203.0.113.7");
    }

    @Test
    void theClientIsTheRightmostUntrustedHopAndEntriesLeftOfItAreIgnored() {
        // 198.51.100.1 was written by the client itself; 10.0.0.5 is an inner proxy of ours
        assertThat(client(List.of("127.0.0.1", "10.0.0.0/8"), "127.0.0.1", "198.51.100.1, 203.0.113.7, 10.0.0.5"))
                .isEqualTo("203.0.113.7");
    }

    @Test
    void severalForwardedForLinesReadAsOneList() {
        assertThat(client(
                        List.of("127.0.0.1", "10.0.0.0/8"),
                        "127.0.0.1",
                        "198.51.100.1",
                        "203.0.113.7,10.0.0.5",
                        "10.0.0.9"))
                .isEqualTo("203.0.113.7");
    }

    @Test
    void aTrustedPeerWithoutForwardedForIsTheClient() {
        assertThat(client(List.of("127.0.0.1"), "127.0.0.1")).isEqualTo("127.0.0.1");
    }

    @Test
    void whenEveryHopIsTrustedTheLeftmostIsTheClient() {
        assertThat(client(List.of("127.0.0.1", "10.0.0.0/8"), "127.0.0.1", "10.1.2.3, 10.0.0.5"))
                .isEqualTo("10.1.2.3");
    }

    @Test
    void ipv6PeersAndClientsAreRead() {
        assertThat(client(List.of("::1"), "0:0:0:0:0:0:0:1", "2001:db8::1")).isEqualTo("2001:db8::1");
        assertThat(client(List.of("::1"), "2001:db8:0:0:0:0:0:2", "203.0.113.7"))
                .isEqualTo("2001:db8:0:0:0:0:0:2");
    }

    @Test
    void anAddressAloneTrustsExactlyThatAddress() {
        List<String> oneProxy = List.of("10.0.0.5");

        assertThat(client(oneProxy, "10.0.0.5", "203.0.113.7")).isEqualTo("203.0.113.7");
        assertThat(client(oneProxy, "10.0.0.4", "203.0.113.7")).isEqualTo("10.0.0.4");
        assertThat(client(oneProxy, "10.0.0.6", "203.0.113.7")).isEqualTo("10.0.0.6");
    }

    @Test
    void severalAddressesAloneAreRangesNotAPattern() {
        // handed to Tomcat without a '/', "10.0.0.5, 10.0.0.6" would be a regular expression matching no address
        List<String> twoProxies = List.of("10.0.0.5", "10.0.0.6");

        assertThat(new TrustedProxies(twoProxies).ranges()).isEqualTo("10.0.0.5/32, 10.0.0.6/32");
        assertThat(client(twoProxies, "10.0.0.6", "203.0.113.7")).isEqualTo("203.0.113.7");
    }

    @Test
    void aPrefixThatIsNotWholeBytesMasksBits() {
        List<String> private172 = List.of("172.16.0.0/12");

        assertThat(client(private172, "172.31.255.254", "203.0.113.7")).isEqualTo("203.0.113.7");
        assertThat(client(private172, "172.16.0.1", "203.0.113.7")).isEqualTo("203.0.113.7");
        assertThat(client(private172, "172.32.0.1", "203.0.113.7")).isEqualTo("172.32.0.1");
        assertThat(client(private172, "172.15.255.254", "203.0.113.7")).isEqualTo("172.15.255.254");
    }

    @Test
    void anInvalidRangeIsRefusedNamingTheSetting() {
        for (String invalid : List.of("10.0.0.0/33", "::1/129", "10.0.0.0/eight", "gateway.local", "10.0.0.0/8/8")) {
            assertThatThrownBy(() -> new TrustedProxies(List.of(invalid)))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("vspec.trusted-proxies")
                    .hasMessageContaining(invalid);
        }
    }

    @Test
    void aNameInForwardedForIsNeverLookedUpAndEndsWhatIsBelieved() {
        List<String> behindInnerProxy = List.of("127.0.0.1", "10.0.0.0/8");

        assertThat(client(behindInnerProxy, "127.0.0.1", "203.0.113.7, evil.example, 10.0.0.5"))
                .as("the last address a trusted proxy saw")
                .isEqualTo("10.0.0.5");
        assertThat(client(behindInnerProxy, "127.0.0.1", "unknown, 203.0.113.7"))
                .isEqualTo("203.0.113.7");
        assertThat(client(behindInnerProxy, "127.0.0.1", "203.0.113.7, " + "x".repeat(300)))
                .isEqualTo("127.0.0.1");
        assertThat(client(behindInnerProxy, "127.0.0.1", "")).isEqualTo("127.0.0.1");
    }

    @Test
    void aFactoryWithoutRemoteIpHandlingIsLeftAsItIs() {
        TomcatServletWebServerFactory factory = new TomcatServletWebServerFactory();

        new TrustedProxies(List.of("127.0.0.1")).customize(factory);

        assertThat(factory.getEngineValves()).isEmpty();
    }

    /** The address the servlet sees, after the valves Spring Boot adds are given {@code trusted}. */
    private static String client(List<String> trusted, String peer, String... forwardedFor) {
        TomcatServletWebServerFactory factory = new TomcatServletWebServerFactory();
        factory.addEngineValves(new RemoteIpValve());
        new TrustedProxies(trusted).customize(factory);
        List<Valve> valves = List.copyOf(factory.getEngineValves());
        AtomicReference<String> seen = new AtomicReference<>();
        for (int i = 0; i < valves.size(); i++) {
            valves.get(i)
                    .setNext(
                            i + 1 < valves.size()
                                    ? valves.get(i + 1)
                                    : new ValveBase() {
                                        @Override
                                        public void invoke(Request request, Response response) {
                                            seen.set(request.getRemoteAddr());
                                        }
                                    });
        }
        Request request = new Request(CONNECTOR, new org.apache.coyote.Request());
        request.setRemoteAddr(peer);
        request.setRemoteHost(peer);
        for (String header : forwardedFor) {
            request.getCoyoteRequest()
                    .getMimeHeaders()
                    .addValue("X-Forwarded-For")
                    .setString(header);
        }
        try {
            valves.get(0).invoke(request, null);
        } catch (Exception e) {
            throw new AssertionError(e);
        }
        return seen.get();
    }
}
