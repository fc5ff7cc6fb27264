package dev.vspec.command.enrichment;

import dev.vspec.contracts.enrichment.EnrichmentCompleted;
import dev.vspec.contracts.enrichment.EnrichmentFailed;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.EventHandler;
import org.axonframework.messaging.unitofwork.CurrentUnitOfWork;

/**
 * How enrichment jobs end, on /actuator/prometheus: {@code vspec_enrichment_outcomes_total{outcome,
 * reason}} ({@code completed} with reason {@code none}, or {@code failed} with the job's error code)
 * and {@code vspec_enrichment_duration_seconds{outcome}}, a histogram of the time from scheduled to
 * ended.
 *
 * <p>Recorded once per job. The job aggregate applies its end exactly once (ending it again is
 * ignored or refused), and this handler runs in a subscribing processor, which sees an event only
 * as the command that applied it publishes it: never again on a redelivery to the enrichment
 * process, a replay, or another node reading the event store (as the streaming processors do).
 * It records after the commit, so an attempt that rolls back counts nothing.
 */
@ProcessingGroup(EnrichmentMetrics.PROCESSING_GROUP)
class EnrichmentMetrics {

    static final String PROCESSING_GROUP = "enrichment-metrics";
    static final String OUTCOMES_METRIC = "vspec.enrichment.outcomes";
    static final String DURATION_METRIC = "vspec.enrichment.duration";
    /** Reason tag of a completed job (a failed one carries its error code). */
    static final String NO_REASON = "none";

    private final MeterRegistry meters;
    private final EnrichmentLog log;

    EnrichmentMetrics(MeterRegistry meters, EnrichmentLog log) {
        this.meters = meters;
        this.log = log;
    }

    @EventHandler
    void on(EnrichmentCompleted completed) {
        record(completed.jobId(), "completed", NO_REASON, completed.at());
    }

    @EventHandler
    void on(EnrichmentFailed failed) {
        record(failed.jobId(), "failed", failed.reason().code(), failed.at());
    }

    private void record(String jobId, String outcome, String reason, Instant endedAt) {
        Runnable recording = () -> {
            // read after the commit, outside the transaction that ended the job
            Optional<Duration> took = log.scheduledAt(jobId).map(scheduledAt -> Duration.between(scheduledAt, endedAt));
            meters.counter(OUTCOMES_METRIC, "outcome", outcome, "reason", reason)
                    .increment();
            took.ifPresent(duration -> Timer.builder(DURATION_METRIC)
                    .description("Time from an enrichment job's scheduling to its end")
                    .tag("outcome", outcome)
                    .publishPercentileHistogram()
                    // jobs wait behind others and retry a slow vendor: minutes, not the default 30 s
                    .maximumExpectedValue(Duration.ofMinutes(10))
                    .register(meters)
                    .record(duration));
        };
        if (CurrentUnitOfWork.isStarted()) {
            CurrentUnitOfWork.get().afterCommit(unitOfWork -> recording.run());
        } else {
            recording.run();
        }
    }
}
