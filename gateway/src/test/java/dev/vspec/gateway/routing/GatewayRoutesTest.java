package dev.vspec.gateway.routing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Backend URLs the proxy can use as they are, and those that would misroute every request. */
class GatewayRoutesTest {

    @ParameterizedTest
    @ValueSource(strings = {"http://query-side:8082", "https://api.internal.example", "http://127.0.0.1:8084/", " http://10.0.0.5:80 "})
    void aSchemeHostAndPortIsABackend(String url) {
        assertThat(GatewayRoutes.backendUri(url).getHost()).isNotBlank();
    }

    @ParameterizedTest
    @ValueSource(strings = {"localhost:8082", "query-side", "ftp://query-side:21", "http://query-side:8082/api", "http://q:1?x=1", "http://"})
    void anythingElseStopsTheGatewayFromStarting(String url) {
        assertThatThrownBy(() -> GatewayRoutes.backendUri(url))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("vspec.backends");
    }
}
