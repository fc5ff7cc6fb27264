package dev.vspec.events.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.ServerSocket;
import java.util.Map;
import org.apache.kafka.clients.admin.AdminClient;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.junit.jupiter.api.Test;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.Status;

/** No broker answering is DOWN within the indicator's own timeout, saying so without connection details. */
class BrokerHealthIndicatorTest {

    @Test
    void noBrokerIsDown() throws IOException {
        int closed;
        try (ServerSocket socket = new ServerSocket(0)) {
            closed = socket.getLocalPort();
        }
        BrokerHealthIndicator indicator = new BrokerHealthIndicator(AdminClient.create(Map.of(
                AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, "127.0.0.1:" + closed,
                AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, 2000,
                AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, 1000)));
        try {
            Health health = indicator.health();

            assertThat(health.getStatus()).isEqualTo(Status.DOWN);
            assertThat(health.getDetails().get("error").toString()).startsWith("no broker answered within 2 s");
        } finally {
            indicator.destroy();
        }
    }
}
