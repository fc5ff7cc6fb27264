package dev.vspec.command.enrichment;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.vspec.contracts.enrichment.EnrichmentJobId;
import dev.vspec.contracts.identity.Vin;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpStatus;

/**
 * What {@code POST /v0/enrich} answers: 200 with the config_key of a VIN already held, or 202
 * with the job that enriches it (scheduled now, or already in flight) and where to poll it.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record EnrichmentAnswer(
        @JsonProperty("job_id") @Nullable String jobId,
        String vin,
        String status,
        @JsonProperty("config_key") @Nullable String configKey,
        @Nullable String poll) {

    static EnrichmentAnswer held(Vin vin, String configKey) {
        return new EnrichmentAnswer(null, vin.value(), "held", configKey, null);
    }

    static EnrichmentAnswer job(EnrichmentJobId job, String status) {
        return new EnrichmentAnswer(job.value(), job.vin().value(), status, null, job.pollPath());
    }

    /** 200 for a VIN held already, 202 for a job. */
    @JsonIgnore
    public HttpStatus httpStatus() {
        return jobId == null ? HttpStatus.OK : HttpStatus.ACCEPTED;
    }
}
