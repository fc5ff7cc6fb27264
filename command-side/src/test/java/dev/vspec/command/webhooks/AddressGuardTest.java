package dev.vspec.command.webhooks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Webhooks go to public addresses only, unless the operator allows a kind; every address a host resolves to counts. */
class AddressGuardTest {

    @ParameterizedTest
    @CsvSource({
        "93.184.215.14, PUBLIC",
        "2606:2800:21f:cb07:6820:80da:af6b:8b2c, PUBLIC",
        "127.0.0.1, LOOPBACK",
        "127.10.0.1, LOOPBACK",
        "::1, LOOPBACK",
        "10.1.2.3, PRIVATE",
        "172.16.0.1, PRIVATE",
        "172.31.255.255, PRIVATE",
        "172.32.0.1, PUBLIC",
        "192.168.1.1, PRIVATE",
        "100.64.0.1, PRIVATE",
        "169.254.169.254, LINK_LOCAL",
        "fe80::1, LINK_LOCAL",
        "fd00:ec2::254, UNIQUE_LOCAL",
        "fc00::1, UNIQUE_LOCAL",
        "224.0.0.1, MULTICAST",
        "ff02::1, MULTICAST",
        "0.0.0.0, UNSPECIFIED",
        "::, UNSPECIFIED",
        "255.255.255.255, RESERVED",
        "192.0.2.1, RESERVED",
        "::ffff:169.254.169.254, LINK_LOCAL",
        "::ffff:10.0.0.1, PRIVATE",
        "64:ff9b::a9fe:a9fe, LINK_LOCAL",
        "2002:7f00:1::, LOOPBACK",
        "::127.0.0.1, LOOPBACK"
    })
    void eachAddressHasItsKind(String address, AddressKind kind) throws UnknownHostException {
        assertThat(AddressKind.of(InetAddress.getByName(address))).isEqualTo(kind);
    }

    @ParameterizedTest
    @ValueSource(strings = {"127.0.0.1", "[::1]", "169.254.169.254", "10.0.0.1", "[fd00::1]", "0.0.0.0", "224.0.0.1"})
    void anAddressThatIsNotPublicIsRefused(String host) {
        AddressGuard guard = new AddressGuard(Set.of(), InetAddress::getAllByName);

        assertThatThrownBy(() -> guard.resolve(host))
                .isInstanceOf(AddressGuard.Refused.class)
                .hasMessageContaining("webhooks go to public addresses only");
    }

    @Test
    void aHostWithOnePrivateAddressAmongPublicOnesIsRefused() {
        AddressGuard guard =
                new AddressGuard(Set.of(), fake(Map.of("mixed.example", new String[] {"93.184.215.14", "10.0.0.7"})));

        assertThatThrownBy(() -> guard.resolve("mixed.example"))
                .isInstanceOf(AddressGuard.Refused.class)
                .hasMessage(
                        "mixed.example resolves to 10.0.0.7 (private address); webhooks go to public addresses only");
    }

    @Test
    void aHostThatResolvesElsewhereLaterIsRefusedThen() throws UnknownHostException {
        String[] answer = {"93.184.215.14"};
        AddressGuard guard = new AddressGuard(Set.of(), host -> new InetAddress[] {InetAddress.getByName(answer[0])});

        assertThat(guard.resolve("rebinding.example")).hasSize(1);
        answer[0] = "169.254.169.254";
        assertThatThrownBy(() -> guard.resolve("rebinding.example"))
                .isInstanceOf(AddressGuard.Refused.class)
                .hasMessageContaining("link-local");
    }

    @Test
    void theOperatorMayAllowAKind() throws UnknownHostException {
        AddressGuard guard = new AddressGuard(Set.of(AddressKind.LOOPBACK), InetAddress::getAllByName);

        assertThat(guard.resolve("127.0.0.1"))
                .extracting(InetAddress::getHostAddress)
                .containsExactly("127.0.0.1");
        assertThatThrownBy(() -> guard.resolve("10.0.0.1")).isInstanceOf(AddressGuard.Refused.class);
    }

    private static AddressGuard.Resolver fake(Map<String, String[]> hosts) {
        return host -> {
            String[] addresses = hosts.get(host);
            if (addresses == null) {
                throw new UnknownHostException(host);
            }
            InetAddress[] resolved = new InetAddress[addresses.length];
            for (int i = 0; i < addresses.length; i++) {
                resolved[i] = InetAddress.getByName(addresses[i]);
            }
            return resolved;
        };
    }
}
