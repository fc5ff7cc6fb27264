package dev.vspec.command.enrichment;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.vspec.contracts.enrichment.EnrichmentJobId;
import dev.vspec.contracts.identity.Vin;
import org.springframework.http.HttpStatus;

/**
 * What {@code POST /v0/enrich} answers: 200 with the config_key of a VIN already held, or 202
 * with the job that enriches it (scheduled now, or already in flight) and where to poll it.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record EnrichmentAnswer(
        @JsonIgnore HttpStatus httpStatus,
        @JsonProperty("job_id") String jobId,
        String vin,
        String status,
        @JsonProperty("config_key") String configKey,
        String poll) {

    static EnrichmentAnswer held(Vin vin, String configKey) {
        return new EnrichmentAnswer(HttpStatus.OK, null, vin.value(), "held", configKey, null);
    }

    static EnrichmentAnswer job(EnrichmentJobId job, String status) {
        return new EnrichmentAnswer(HttpStatus.ACCEPTED, job.value(), job.vin().value(), status, null, job.pollPath());
    }
}
