package dev.vspec.command.webhooks;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.vspec.contracts.enrichment.EnrichmentJobId;
import dev.vspec.readmodel.EnrichmentJobState;
import dev.vspec.readmodel.EnrichmentJobState.JobError;
import dev.vspec.readmodel.EnrichmentJobState.Status;
import dev.vspec.readmodel.EnrichmentJobState.Step;
import java.time.Instant;
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

    /**
     * The ended job as its row of {@code command.enrichment_job} holds it, as event {@code eventId} announces it;
     * empty while it has not ended.
     */
    static Optional<JobNotification> of(String eventId, EnrichmentJobState job) {
        if (!job.ended()) {
            return Optional.empty();
        }
        boolean failed = job.status() == Status.FAILED;
        return Optional.of(new JobNotification(
                eventId,
                failed ? FAILED : COMPLETED,
                job.jobId(),
                job.vin(),
                job.status().code(),
                job.scheduledAt(),
                job.updatedAt(),
                job.steps(),
                job.configKey(),
                job.error(),
                EnrichmentJobId.parse(job.jobId())
                        .map(EnrichmentJobId::pollPath)
                        .orElseThrow(),
                new LinkedHashSet<>(job.keyIds())));
    }
}
