package dev.vspec.query.enrichment;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.vspec.contracts.enrichment.EnrichmentJobId;
import dev.vspec.readmodel.EnrichmentJobState;
import dev.vspec.readmodel.EnrichmentJobState.JobError;
import dev.vspec.readmodel.EnrichmentJobState.Status;
import dev.vspec.readmodel.EnrichmentJobState.Step;
import java.time.Instant;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * {@code GET /v0/enrich}: a job's status, its steps in the order they were done, {@code config_key}
 * once it completed, {@code error} once it failed, and where to poll it again.
 */
record EnrichmentStatusResponse(
        @JsonProperty("job_id") String jobId,
        String vin,
        Status status,
        @JsonProperty("scheduled_at") Instant scheduledAt,
        @JsonProperty("updated_at") Instant updatedAt,
        List<Step> steps,

        @JsonProperty("config_key") @JsonInclude(JsonInclude.Include.NON_NULL) @Nullable
        String configKey,

        @JsonInclude(JsonInclude.Include.NON_NULL) @Nullable JobError error,
        String poll) {

    static final String ROUTE = EnrichmentJobId.ROUTE;

    static EnrichmentStatusResponse of(EnrichmentJobState job) {
        return new EnrichmentStatusResponse(
                job.jobId(),
                job.vin(),
                job.status(),
                job.scheduledAt(),
                job.updatedAt(),
                job.steps(),
                job.configKey(),
                job.error(),
                EnrichmentJobId.parse(job.jobId())
                        .map(EnrichmentJobId::pollPath)
                        .orElseThrow());
    }
}
