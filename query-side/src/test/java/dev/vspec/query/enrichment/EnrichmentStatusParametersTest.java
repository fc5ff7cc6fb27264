package dev.vspec.query.enrichment;

import static dev.vspec.testing.Api.query;
import static org.assertj.core.api.Assertions.assertThat;

import dev.vspec.contracts.enrichment.EnrichmentJobId;
import dev.vspec.contracts.identity.Vin;
import dev.vspec.query.QuerySideWebSlice;
import org.junit.jupiter.api.Test;

/** A poll takes exactly one of job_id and vin, checked before the event log is read ({@link dev.vspec.testing.database.NoDatabase}). */
class EnrichmentStatusParametersTest extends QuerySideWebSlice {

    private static final String ROUTE = "/api/v0/enrich";
    private static final String VIN = "2HGFC2F59KH500001";

    @Test
    void exactlyOneOfJobIdAndVinIsTaken() {
        String job = EnrichmentJobId.first(Vin.parse(VIN)).value();

        assertThat(api.get(ROUTE).error(400, "missing_param").path("message").asString())
                .isEqualTo("Pass job_id (as POST /api/v0/enrich answered it) or vin");
        assertThat(api.get(ROUTE + query("job_id", " ", "vin", ""))
                        .error(400, "missing_param")
                        .path("message")
                        .asString())
                .contains("job_id", "vin");
        assertThat(api.get(ROUTE + query("job_id", job, "vin", VIN))
                        .error(400, "invalid_param")
                        .path("message")
                        .asString())
                .contains("job_id", "vin");
        api.get(ROUTE + query("vin", VIN.substring(1))).error(400, "invalid_vin");
        api.get(ROUTE + query("vin", VIN.substring(1) + "I")).error(400, "invalid_vin");
    }
}
