package dev.vspec.events.kafka;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.AdminClient;
import org.apache.kafka.clients.admin.DescribeClusterOptions;
import org.apache.kafka.clients.admin.DescribeClusterResult;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;

/**
 * UP when a Kafka broker answers a cluster description within {@link #TIMEOUT}; part of the
 * readiness of the deployables that write or read the event topic, so an orchestrator stops
 * sending them work while the broker is away.
 */
public final class BrokerHealthIndicator implements HealthIndicator, DisposableBean {

    static final Duration TIMEOUT = Duration.ofSeconds(2);

    private final AdminClient admin;

    public BrokerHealthIndicator(AdminClient admin) {
        this.admin = admin;
    }

    @Override
    public Health health() {
        try {
            DescribeClusterResult cluster =
                    admin.describeCluster(new DescribeClusterOptions().timeoutMs((int) TIMEOUT.toMillis()));
            String clusterId = cluster.clusterId().get(TIMEOUT.toMillis() + 500, TimeUnit.MILLISECONDS);
            int brokers = cluster.nodes()
                    .get(TIMEOUT.toMillis() + 500, TimeUnit.MILLISECONDS)
                    .size();
            return Health.up()
                    .withDetail("cluster_id", clusterId)
                    .withDetail("brokers", brokers)
                    .build();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Health.down().withDetail("error", "interrupted").build();
        } catch (Exception e) {
            return Health.down()
                    .withDetail(
                            "error",
                            "no broker answered within " + TIMEOUT.toSeconds() + " s ("
                                    + e.getClass().getSimpleName() + ")")
                    .build();
        }
    }

    @Override
    public void destroy() {
        admin.close(Duration.ofSeconds(1));
    }
}
