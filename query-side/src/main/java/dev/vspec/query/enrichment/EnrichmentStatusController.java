package dev.vspec.query.enrichment;

import dev.vspec.contracts.access.Scope;
import dev.vspec.contracts.enrichment.EnrichmentJobId;
import dev.vspec.contracts.error.ApiException;
import dev.vspec.contracts.error.ErrorCode;
import dev.vspec.contracts.identity.Vin;
import dev.vspec.infra.access.AccessGrant;
import dev.vspec.infra.access.ApiKey;
import dev.vspec.infra.access.RequiresScope;
import jakarta.servlet.http.HttpServletRequest;
import java.util.Optional;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code GET /api/v0/enrich?job_id=} or {@code ?vin=}: the status of an enrichment job, folded from its
 * events in the event log. A key sees the jobs it scheduled or joined; any other job, like one that
 * does not exist, is 404 {@code not_found}, so a job id tells nothing about another key's jobs. The
 * sandbox, whose event log holds only sample jobs, shows them to everyone.
 */
@RestController
class EnrichmentStatusController {

    private final EnrichmentJobQuery jobs;

    EnrichmentStatusController(EnrichmentJobQuery jobs) {
        this.jobs = jobs;
    }

    @RequiresScope(Scope.ENRICH_WRITE)
    @GetMapping(EnrichmentStatusResponse.ROUTE)
    EnrichmentStatusResponse status(
            @RequestParam(name = "job_id", required = false) String jobId,
            @RequestParam(name = "vin", required = false) String vin,
            HttpServletRequest request) {
        String job = present(jobId);
        String vinText = present(vin);
        if (job == null && vinText == null) {
            throw ApiException.about(
                    "job_id", ErrorCode.MISSING_PARAM, "Pass job_id (as POST /v0/enrich answered it) or vin");
        }
        if (job != null && vinText != null) {
            throw ApiException.about("vin", ErrorCode.INVALID_PARAM, "Pass job_id or vin, not both");
        }
        Optional<Long> keyId = AccessGrant.keyOf(request).map(ApiKey::id);
        if (job != null) {
            Optional<EnrichmentJobId> id = EnrichmentJobId.parse(job);
            if (id.isEmpty()) {
                throw new ApiException(
                        ErrorCode.NOT_FOUND, "job_id names no enrichment job: job ids look like enr_<VIN>_<attempt>");
            }
            return jobs.visible(id.get(), keyId)
                    .map(EnrichmentStatusResponse::of)
                    .orElseThrow(() ->
                            new ApiException(ErrorCode.NOT_FOUND, "No enrichment job " + id.get() + " for this key"));
        }
        Vin parsed = Vin.parse(vinText);
        return jobs.newestVisible(parsed, keyId)
                .map(EnrichmentStatusResponse::of)
                .orElseThrow(() -> new ApiException(
                        ErrorCode.NOT_FOUND,
                        "No enrichment job of VIN " + parsed + " for this key; POST /v0/enrich schedules one"));
    }

    /** Blank counts as absent, as for the identifier modes of the read routes. */
    private static String present(String value) {
        return value == null || value.isBlank() ? null : value.strip();
    }
}
