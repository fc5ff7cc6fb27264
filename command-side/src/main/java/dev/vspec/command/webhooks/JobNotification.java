package dev.vspec.command.webhooks;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.vspec.contracts.enrichment.EnrichmentCompleted;
import dev.vspec.contracts.enrichment.EnrichmentFailed;
import dev.vspec.contracts.enrichment.EnrichmentJobId;
import dev.vspec.contracts.enrichment.EnrichmentJoined;
import dev.vspec.contracts.enrichment.EnrichmentScheduled;
import dev.vspec.contracts.enrichment.EnrichmentStepCompleted;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * What a webhook is sent when an enrichment job ends: the job's final state in the shape
 * {@code GET /api/v0/enrich} answers it, after the event's id and type
 * ({@code enrichment.completed} or {@code enrichment.failed}). {@code keyIds} (not sent) are the keys
 * the job was answered to: the one that scheduled it and each that joined it.
 */
record JobNotification(
        @JsonProperty("event_id") String eventId,
        String type,
        @JsonProperty("job_id") String jobId,
        String vin,
        String status,
        @JsonProperty("scheduled_at") Instant scheduledAt,
        @JsonProperty("updated_at") Instant updatedAt,
        List<Step> steps,

        @JsonProperty("config_key") @JsonInclude(JsonInclude.Include.NON_NULL) @Nullable
        String configKey,

        @JsonInclude(JsonInclude.Include.NON_NULL) @Nullable JobError error,
        String poll,
        @JsonIgnore Set<Long> keyIds) {

    static final String COMPLETED = "enrichment.completed";
    static final String FAILED = "enrichment.failed";

    /** A step done: its code (e.g. {@code decoded}), what it found, and when. */
    record Step(String step, String detail, Instant at) {}

    /** Why the job failed: an error code of the API and a message. */
    record JobError(String code, String message) {}

    /**
     * The ended job these events (the job aggregate's, in stored order) tell, as event
     * {@code eventId} announces it; empty when they hold no scheduling or no end.
     */
    static Optional<JobNotification> of(String eventId, List<?> jobEvents) {
        String jobId = null;
        String vin = null;
        Set<Long> keyIds = new LinkedHashSet<>();
        Instant scheduledAt = null;
        Instant updatedAt = null;
        List<Step> steps = new ArrayList<>();
        String configKey = null;
        JobError error = null;
        for (Object event : jobEvents) {
            if (event instanceof EnrichmentScheduled scheduled) {
                jobId = scheduled.jobId();
                vin = scheduled.vin();
                keyIds.add(scheduled.keyId());
                scheduledAt = scheduled.at();
                updatedAt = scheduled.at();
            } else if (event instanceof EnrichmentJoined joined) {
                keyIds.add(joined.keyId());
            } else if (event instanceof EnrichmentStepCompleted step) {
                steps.add(new Step(step.step().code(), step.detail(), step.at()));
                updatedAt = step.at();
            } else if (event instanceof EnrichmentCompleted completed) {
                configKey = completed.configKey();
                updatedAt = completed.at();
            } else if (event instanceof EnrichmentFailed failed) {
                error = new JobError(failed.reason().code(), failed.message());
                updatedAt = failed.at();
            }
        }
        if (jobId == null || (configKey == null && error == null)) {
            return Optional.empty();
        }
        boolean failed = error != null;
        return Optional.of(new JobNotification(
                eventId,
                failed ? FAILED : COMPLETED,
                jobId,
                vin,
                failed ? "failed" : "completed",
                scheduledAt,
                updatedAt,
                steps,
                failed ? null : configKey,
                error,
                EnrichmentJobId.parse(jobId).map(EnrichmentJobId::pollPath).orElseThrow(),
                keyIds));
    }
}
