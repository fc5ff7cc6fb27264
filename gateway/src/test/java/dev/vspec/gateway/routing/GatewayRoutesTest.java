package dev.vspec.gateway.routing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.web.servlet.function.ServerRequest;

/** Backend URLs the proxy can use as they are, and those that would misroute every request; which backend a request goes to. */
class GatewayRoutesTest {

    @ParameterizedTest
    @CsvSource({
        "POST, /api/v0/enrich, command-side",
        "GET, /api/v0/enrich, query-side",
        "PUT, /api/v0/enrich, gateway",
        "POST, /api/request-access, command-side",
        "GET, /api/request-access, gateway",
        "GET, /api/v0/webhooks, command-side",
        "HEAD, /api/v0/webhooks, command-side",
        "POST, /api/v0/webhooks, command-side",
        "DELETE, /api/v0/webhooks, gateway",
        "GET, /api/v0/webhooks/deliveries, command-side",
        "POST, /api/v0/webhooks/deliveries, gateway",
        "DELETE, /api/v0/webhooks/deliveries, gateway",
        "DELETE, /api/v0/webhooks/wh_0123456789abcdefghijklmn, command-side",
        "GET, /api/v0/webhooks/wh_0123456789abcdefghijklmn, gateway",
        "GET, /api/v0/webhooks/wh_1/attempts, query-side",
        "DELETE, /api/v1/fluids, query-side"
    })
    void eachRequestGoesToTheBackendThatAnswersItsMethodOnItsPath(String method, String path, String backend) {
        ServerRequest request = ServerRequest.create(new MockHttpServletRequest(method, path), List.of());

        String routed = GatewayRoutes.isWrite(request)
                ? "command-side"
                : GatewayRoutes.isOtherMethodOnWritePath(request) ? "gateway" : "query-side";

        assertThat(routed).isEqualTo(backend);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "http://query-side:8082",
                "https://api.internal.example",
                "http://127.0.0.1:8084/",
                " http://10.0.0.5:80 "
            })
    void aSchemeHostAndPortIsABackend(String url) {
        assertThat(GatewayRoutes.backendUri(url).getHost()).isNotBlank();
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "localhost:8082",
                "query-side",
                "ftp://query-side:21",
                "http://query-side:8082/api",
                "http://q:1?x=1",
                "http://"
            })
    void anythingElseStopsTheGatewayFromStarting(String url) {
        assertThatThrownBy(() -> GatewayRoutes.backendUri(url))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("vspec.backends");
    }
}
