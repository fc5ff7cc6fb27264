package dev.vspec.command.webhooks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.vspec.contracts.error.ApiException;
import dev.vspec.contracts.error.ErrorCode;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The URLs a key may register, and why each other one is refused. */
class WebhookUrlsTest {

    /** Every host name resolves to a public address, except those named "internal" and "nowhere"; addresses are themselves. */
    private final AddressGuard guard = new AddressGuard(Set.of(), host -> {
        if (Character.isDigit(host.charAt(0))) {
            return new InetAddress[] {InetAddress.getByName(host)};
        }
        if (host.startsWith("internal")) {
            return new InetAddress[] {InetAddress.getByName("10.0.0.5")};
        }
        if (host.startsWith("nowhere")) {
            throw new UnknownHostException(host);
        }
        return new InetAddress[] {InetAddress.getByName("93.184.215.14")};
    });

    private final WebhookUrls urls = new WebhookUrls(guard, false, 100);

    @Test
    void anHttpsUrlOfAPublicHostIsAccepted() {
        assertThat(urls.check("https://hooks.example.com:8443/vspec?tenant=1").getHost())
                .isEqualTo("hooks.example.com");
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "http://hooks.example.com/ | must be an https:// URL",
                "ftp://hooks.example.com/ | must be an https:// URL",
                "hooks.example.com/path | must be an https:// URL",
                "https:///path | names no host",
                "https://user:pw@hooks.example.com/ | no user info",
                "https://hooks.example.com/#x | no fragment",
                "https://exa mple.com/ | is not a URL",
                "https://internal.example/ | (private address)",
                "https://nowhere.example/ | does not resolve",
                "https://169.254.169.254/latest/meta-data | (link-local address)"
            })
    void anythingElseIsInvalidParamNamingWhy(String url, String why) {
        assertThatThrownBy(() -> urls.check(url))
                .isInstanceOfSatisfying(
                        ApiException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.INVALID_PARAM))
                .hasMessageContaining(why);
    }

    @Test
    void anOverLongUrlIsRefusedBeforeItIsResolved() {
        String url = "https://internal.example/" + "a".repeat(100);

        assertThatThrownBy(() -> urls.check(url)).hasMessageContaining("at most 100 are accepted");
    }

    @Test
    void httpIsAcceptedWhereTheOperatorAllowsIt() {
        assertThat(new WebhookUrls(guard, true, 100)
                        .check("http://hooks.example.com/")
                        .getScheme())
                .isEqualTo("http");
    }
}
