package dev.vspec.projections.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vspec.testing.PrometheusScrape;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.time.Duration;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

class ProjectionLagMetricsTest {

    private final PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    private final AtomicInteger readings = new AtomicInteger();
    private final AtomicReference<Supplier<Map<String, Map<Integer, Long>>>> broker = new AtomicReference<>();
    private final ProjectionLagMetrics metrics = new ProjectionLagMetrics(
            () -> {
                readings.incrementAndGet();
                return broker.get().get();
            },
            Duration.ofSeconds(5));

    ProjectionLagMetricsTest() {
        metrics.bindTo(registry);
    }

    @Test
    void eachProjectionAndPartitionIsASeriesAndScrapesNeverAskTheBroker() {
        broker.set(() -> Map.of("fluids", Map.of(0, 3L, 1, 0L), "vins", Map.of(0, 0L, 1, 7L)));

        metrics.refresh();
        for (int scrape = 0; scrape < 5; scrape++) {
            assertThat(lags(registry.scrape()))
                    .isEqualTo(Map.of("fluids/0", 3.0, "fluids/1", 0.0, "vins/0", 0.0, "vins/1", 7.0));
        }

        assertThat(readings).hasValue(1);
    }

    @Test
    void aLaterReadingUpdatesTheSeriesAndAddsNewPartitions() {
        broker.set(() -> Map.of("fluids", Map.of(0, 3L)));
        metrics.refresh();
        broker.set(() -> Map.of("fluids", Map.of(0, 0L, 1, 2L)));

        metrics.refresh();

        assertThat(lags(registry.scrape())).isEqualTo(Map.of("fluids/0", 0.0, "fluids/1", 2.0));
    }

    @Test
    void whileTheBrokerDoesNotAnswerTheScrapeSucceedsWithoutLagSeries() {
        broker.set(() -> Map.of("fluids", Map.of(0, 3L)));
        metrics.refresh();
        broker.set(() -> null);

        metrics.refresh();

        assertThat(lags(registry.scrape())).isEmpty();
        broker.set(() -> Map.of("fluids", Map.of(0, 1L)));
        metrics.refresh();
        assertThat(lags(registry.scrape())).isEqualTo(Map.of("fluids/0", 1.0));
    }

    @Test
    void aReadingThatFailsRemovesTheSeries() {
        broker.set(() -> Map.of("fluids", Map.of(0, 3L)));
        metrics.refresh();
        broker.set(() -> {
            throw new IllegalStateException("database away");
        });

        metrics.refresh();

        assertThat(lags(registry.scrape())).isEmpty();
    }

    /** Every lag sample as {@code projection/partition -> value}. */
    private static Map<String, Double> lags(String scrape) {
        Map<String, Double> lags = new TreeMap<>();
        PrometheusScrape.parse(scrape)
                .samples("vspec_projection_lag")
                .forEach(sample -> lags.put(
                        sample.labels().get("projection") + "/"
                                + sample.labels().get("partition"),
                        sample.value()));
        return lags;
    }
}
