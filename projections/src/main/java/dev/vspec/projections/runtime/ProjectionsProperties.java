package dev.vspec.projections.runtime;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Settings of the projection runtime.
 *
 * @param concurrency    consumers per projection (at most the topic's partition count is useful)
 * @param maxPollRecords largest batch, hence largest transaction
 * @param pollTimeout    how long one poll waits for records
 * @param gatherTime     how long a consumer waits before each poll, so that records arriving meanwhile join
 *                       the next batch instead of each costing a transaction of its own
 * @param retry          back-off between attempts of a failed batch; attempts never stop
 */
@ConfigurationProperties("vspec.projections")
public record ProjectionsProperties(
        Integer concurrency, Integer maxPollRecords, Duration pollTimeout, Duration gatherTime, Retry retry) {

    public ProjectionsProperties {
        concurrency = concurrency == null ? 1 : concurrency;
        maxPollRecords = maxPollRecords == null ? 2000 : maxPollRecords;
        pollTimeout = pollTimeout == null ? Duration.ofSeconds(1) : pollTimeout;
        gatherTime = gatherTime == null ? Duration.ofMillis(10) : gatherTime;
        retry = retry == null ? new Retry(null, null, null) : retry;
        if (concurrency < 1 || maxPollRecords < 1) {
            throw new IllegalArgumentException("vspec.projections.concurrency and max-poll-records must be at least 1");
        }
        if (gatherTime.isNegative()) {
            throw new IllegalArgumentException("vspec.projections.gather-time must not be negative");
        }
    }

    public record Retry(Duration initialInterval, Duration maxInterval, Double multiplier) {
        public Retry {
            initialInterval = initialInterval == null ? Duration.ofSeconds(1) : initialInterval;
            maxInterval = maxInterval == null ? Duration.ofSeconds(30) : maxInterval;
            multiplier = multiplier == null ? 2.0 : multiplier;
        }
    }
}
