package dev.vspec.projections.runtime;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.MultiGauge;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.binder.MeterBinder;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;

/**
 * {@code vspec_projection_lag{projection, partition}} on /actuator/prometheus: the records of the
 * event topic a projection has not applied yet. A background reading every {@code interval} asks
 * the broker for the end offsets once and the database for the stored offsets; a scrape only reads
 * the last reading, so it never waits for the broker however often it comes.
 *
 * <p>While the broker or the database does not answer, the series are removed rather than left at
 * a value that may look healthy: their absence is what to alert on. Its lifecycle phase (the
 * default) is later than the runtime's, so it starts after the runtime and stops before it closes
 * the consumer the readings use.
 */
final class ProjectionLagMetrics implements MeterBinder, SmartLifecycle {

    static final String LAG_METRIC = "vspec.projection.lag";
    static final Duration INTERVAL = Duration.ofSeconds(5);

    private static final Logger log = LoggerFactory.getLogger(ProjectionLagMetrics.class);

    private final Supplier<Map<String, Map<Integer, Long>>> readLags;
    private final Duration interval;
    private volatile Map<String, Map<Integer, Long>> lastReading = Map.of();
    private volatile MultiGauge gauge;
    private ScheduledExecutorService reader;

    /** @param readLags one reading of every projection's lag by partition, null when the broker does not answer */
    ProjectionLagMetrics(Supplier<Map<String, Map<Integer, Long>>> readLags, Duration interval) {
        this.readLags = readLags;
        this.interval = interval;
    }

    @Override
    public void bindTo(MeterRegistry registry) {
        gauge = MultiGauge.builder(LAG_METRIC)
                .description("Records on the event topic the projection has not applied yet")
                .register(registry);
    }

    /** Takes one reading and publishes it: a series per projection and partition, none when the reading failed. */
    void refresh() {
        Map<String, Map<Integer, Long>> reading;
        try {
            reading = readLags.get();
        } catch (RuntimeException e) {
            log.warn("Cannot read the projections' lag: {}", Failures.describe(e));
            reading = null;
        }
        lastReading = reading == null ? Map.of() : reading;
        MultiGauge published = gauge;
        if (published == null) {
            return;
        }
        List<MultiGauge.Row<?>> rows = new ArrayList<>();
        lastReading.forEach((projection, partitions) -> partitions
                .keySet()
                .forEach(partition -> rows.add(MultiGauge.Row.of(
                        Tags.of("projection", projection, "partition", Integer.toString(partition)),
                        this,
                        metrics -> metrics.lag(projection, partition)))));
        // Rows already there keep reading lastReading; rows absent from this reading are removed.
        published.register(rows, false);
    }

    private double lag(String projection, int partition) {
        Long lag = lastReading.getOrDefault(projection, Map.of()).get(partition);
        return lag == null ? Double.NaN : lag;
    }

    @Override
    public synchronized void start() {
        reader = Executors.newSingleThreadScheduledExecutor(task -> {
            Thread thread = new Thread(task, "vspec-projection-lag");
            thread.setDaemon(true);
            return thread;
        });
        reader.scheduleWithFixedDelay(this::refresh, 0, interval.toMillis(), TimeUnit.MILLISECONDS);
    }

    @Override
    public synchronized void stop() {
        if (reader != null) {
            // interrupts a reading waiting for an absent broker instead of holding up the shutdown
            reader.shutdownNow();
            reader = null;
        }
    }

    @Override
    public synchronized boolean isRunning() {
        return reader != null;
    }
}
