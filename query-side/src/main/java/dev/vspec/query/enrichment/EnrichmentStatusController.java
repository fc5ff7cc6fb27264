package dev.vspec.query.enrichment;

import dev.vspec.access.AccessGrant;
import dev.vspec.access.ApiKey;
import dev.vspec.access.RequiresScope;
import dev.vspec.contracts.access.Scope;
import dev.vspec.contracts.enrichment.EnrichmentJobId;
import dev.vspec.contracts.error.ApiException;
import dev.vspec.contracts.error.ErrorCode;
import dev.vspec.contracts.identity.Vin;
import dev.vspec.platform.web.AskedRoutes;
import jakarta.servlet.http.HttpServletRequest;
import java.util.Optional;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code GET /api/v0/enrich?job_id=} or {@code ?vin=}: the status of an enrichment job, as the command side
 * keeps it with the job's events ({@code command.enrichment_job}). A key sees the jobs it scheduled or joined; any other job, like one that
 * does not exist, is 404 {@code not_found}, so a job id tells nothing about another key's jobs. The
 * sandbox, whose job table holds only sample jobs, shows them to everyone.
 */
@RestController
class EnrichmentStatusController {

    private static final String ROUTE = EnrichmentStatusResponse.ROUTE;

    private final EnrichmentJobQuery jobs;

    EnrichmentStatusController(EnrichmentJobQuery jobs) {
        this.jobs = jobs;
    }

    @RequiresScope(Scope.ENRICH_WRITE)
    @GetMapping(ROUTE)
    EnrichmentStatusResponse status(
            @RequestParam(name = "job_id", required = false) String jobId,
            @RequestParam(name = "vin", required = false) String vin,
            HttpServletRequest request) {
        String job = present(jobId);
        String vinText = present(vin);
        AskedRoutes routes = AskedRoutes.of(request);
        if (job == null && vinText == null) {
            throw ApiException.about(
                    "job_id",
                    ErrorCode.MISSING_PARAM,
                    routes.takesWrites()
                            ? "Pass job_id (as POST " + routes.route(ROUTE) + " answered it) or vin"
                            : "Pass job_id or vin");
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
                    .orElseThrow(() -> noJob(id.get().value(), routes, ""));
        }
        Vin parsed = Vin.parse(vinText);
        return jobs.newestVisible(parsed, keyId)
                .map(EnrichmentStatusResponse::of)
                .orElseThrow(
                        () -> noJob("of VIN " + parsed, routes, "; POST " + routes.route(ROUTE) + " schedules one"));
    }

    /**
     * 404: no job the caller may see; on the live API, {@code scheduling} says how to schedule one, and the
     * sandbox, which takes no writes, points to its sample jobs (its 404 lists them).
     */
    private static ApiException noJob(String which, AskedRoutes routes, String scheduling) {
        return new ApiException(
                ErrorCode.NOT_FOUND,
                routes.takesWrites()
                        ? "No enrichment job " + which + " for this key" + scheduling
                        : "No sample enrichment job " + which + " (the sample jobs are listed under available)");
    }

    /** Blank counts as absent, as for the identifier modes of the read routes. */
    private static String present(String value) {
        return value == null || value.isBlank() ? null : value.strip();
    }
}
