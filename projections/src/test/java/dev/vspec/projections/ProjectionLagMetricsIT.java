package dev.vspec.projections;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.vspec.contracts.catalog.ConfigurationRegistered;
import dev.vspec.contracts.catalog.FactSource;
import dev.vspec.testing.PrometheusScrape;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.test.web.server.LocalManagementPort;

/**
 * {@code vspec_projection_lag{projection, partition}} as an operator scrapes it: the records a
 * projection has not applied, per partition, and 0 once it has caught up; reading it every few
 * seconds logs nothing.
 */
@ProjectionsIntegrationTest
@ExtendWith(OutputCaptureExtension.class)
class ProjectionLagMetricsIT {

    private static final FactSource SOURCE = FactSource.importFile("catalog.json", "5e0c3d9a");

    private static final int PARTITIONS = 3;
    private static final String HELD = "fluids";
    private static final String FREE = "vins";
    private static final Duration SCRAPED = Duration.ofSeconds(60);

    @Autowired
    Events events;

    @Autowired
    ReadModel readModel;

    @Autowired
    DataSource dataSource;

    @LocalManagementPort
    int managementPort;

    private int serial;

    @Test
    void aHeldBackProjectionShowsItsLagPerPartitionUntilItCatchesUp(CapturedOutput output) throws SQLException {
        publishOnEveryPartition();
        readModel.awaitCaughtUp();
        await("every partition scraped at lag 0")
                .atMost(SCRAPED)
                .pollInterval(Duration.ofMillis(500))
                .untilAsserted(() -> assertThat(lags(HELD)).isEqualTo(zeroOnEveryPartition()));

        Map<Integer, Long> published;
        // The projection's transaction waits for these row locks: it cannot apply a batch meanwhile.
        try (Connection holder = dataSource.getConnection()) {
            holder.setAutoCommit(false);
            try (PreparedStatement lock = holder.prepareStatement(
                    "select next_offset from read.projection_offset where projection = ? for update")) {
                lock.setString(1, HELD);
                lock.executeQuery().close();
            }
            published = publishOnEveryPartition();

            Map<Integer, Double> expected = new TreeMap<>();
            published.forEach((partition, count) -> expected.put(partition, count.doubleValue()));
            await("the held projection's lag per partition")
                    .atMost(SCRAPED)
                    .pollInterval(Duration.ofMillis(500))
                    .untilAsserted(() -> {
                        assertThat(lags(HELD)).isEqualTo(expected);
                        assertThat(lags(FREE)).as("other projections go on").isEqualTo(zeroOnEveryPartition());
                    });
            holder.rollback();
        }

        await("lag back to 0 on every partition")
                .atMost(SCRAPED)
                .pollInterval(Duration.ofMillis(500))
                .untilAsserted(() -> assertThat(lags(HELD)).isEqualTo(zeroOnEveryPartition()));
        assertThat(output.getAll())
                .as("the readings' consumer is assigned what it reads")
                .doesNotContain("Not updating last stable offset", "Not updating high watermark");
    }

    /** Publishes configurations until each partition got at least one; how many each got. */
    private Map<Integer, Long> publishOnEveryPartition() {
        Map<Integer, Long> published = new HashMap<>();
        while (published.size() < PARTITIONS) {
            String key = "2019-honda-civic-lx-k20c2-fwd-lag" + serial++;
            int partition = events.publish(
                            key,
                            new ConfigurationRegistered(
                                    key, 2019, "Honda", "Civic", "LX", "K20C2", "fwd", "2019 Honda Civic LX", SOURCE))
                    .partition();
            published.merge(partition, 1L, Long::sum);
        }
        return published;
    }

    private static Map<Integer, Double> zeroOnEveryPartition() {
        Map<Integer, Double> zero = new TreeMap<>();
        for (int partition = 0; partition < PARTITIONS; partition++) {
            zero.put(partition, 0.0);
        }
        return zero;
    }

    @Test
    void eachProjectionsConsumerReportsKafkasOwnMetrics() {
        publishOnEveryPartition();
        readModel.awaitCaughtUp();

        await("the consumers' records counted")
                .atMost(SCRAPED)
                .pollInterval(Duration.ofMillis(500))
                .untilAsserted(() -> assertThat(PrometheusScrape.of(managementPort)
                                .samples("kafka_consumer_fetch_manager_records_consumed_total"))
                        .filteredOn(sample ->
                                sample.labels().getOrDefault("client_id", "").startsWith("vspec-projection-" + HELD))
                        .isNotEmpty()
                        .anySatisfy(sample -> assertThat(sample.value()).isPositive()));
    }

    /** The projection's lag samples on /actuator/prometheus, by partition. */
    private Map<Integer, Double> lags(String projection) {
        Map<Integer, Double> lags = new TreeMap<>();
        PrometheusScrape.of(managementPort).samples("vspec_projection_lag").stream()
                .filter(sample -> projection.equals(sample.labels().get("projection")))
                .forEach(sample -> lags.put(Integer.parseInt(sample.labels().get("partition")), sample.value()));
        return lags;
    }
}
