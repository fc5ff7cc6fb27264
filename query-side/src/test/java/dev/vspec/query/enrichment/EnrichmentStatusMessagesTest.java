package dev.vspec.query.enrichment;

import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import dev.vspec.contracts.enrichment.EnrichmentJobId;
import dev.vspec.contracts.identity.Vin;
import dev.vspec.platform.web.AskedRoutes;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.springframework.mock.web.MockHttpServletRequest;

/**
 * What a poll's refusals tell the caller to do, on the surface it asked: the live API names its routes; the sandbox,
 * which takes no writes, suggests none. (Which refusal a request gets: EnrichmentStatusParametersTest.)
 */
class EnrichmentStatusMessagesTest {

    private static final String VIN = "2HGFC2F59KH500001";
    private static final AskedRoutes SANDBOX = new AskedRoutes("/api/sample", false);

    private final EnrichmentJobQuery jobs = mock(EnrichmentJobQuery.class);
    private final EnrichmentStatusController controller = new EnrichmentStatusController(jobs);

    @Test
    void theLiveApiNamesItsOwnRoutes() {
        noJobIsVisible();

        assertThatThrownBy(() -> controller.status(null, null, asked(AskedRoutes.LIVE)))
                .hasMessage("Pass job_id (as POST /api/v0/enrich answered it) or vin");
        assertThatThrownBy(() -> controller.status(null, VIN, asked(AskedRoutes.LIVE)))
                .hasMessage("No enrichment job of VIN " + VIN + " for this key; POST /api/v0/enrich schedules one");
    }

    @Test
    void theSandboxSuggestsNoWrite() {
        noJobIsVisible();
        String job = EnrichmentJobId.first(Vin.parse(VIN)).value();

        assertThatThrownBy(() -> controller.status(null, null, asked(SANDBOX))).hasMessage("Pass job_id or vin");
        assertThatThrownBy(() -> controller.status(null, VIN, asked(SANDBOX)))
                .hasMessage("No sample enrichment job of VIN " + VIN + " (the sample jobs are listed under available)");
        assertThatThrownBy(() -> controller.status(job, null, asked(SANDBOX)))
                .hasMessage("No sample enrichment job " + job + " (the sample jobs are listed under available)");
    }

    private void noJobIsVisible() {
        when(jobs.visible(any(), any())).thenReturn(Optional.empty());
        when(jobs.newestVisible(any(), any())).thenReturn(Optional.empty());
    }

    private static MockHttpServletRequest asked(AskedRoutes surface) {
        MockHttpServletRequest request = new MockHttpServletRequest("GET", EnrichmentStatusResponse.ROUTE);
        surface.applyTo(request);
        return request;
    }
}
