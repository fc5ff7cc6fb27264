package dev.vspec.query.servicehistory;

import static dev.vspec.query.ReadModelSeed.CIVIC_LX;
import static dev.vspec.testing.Api.query;
import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.verifyNoInteractions;

import dev.vspec.query.Expected;
import dev.vspec.query.QuerySideWebSlice;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** Service history is kept per VIN: {@code /v0/service-history} refuses the other identifier modes before any lookup. */
class ServiceHistoryParametersTest extends QuerySideWebSlice {

    private static final String ROUTE = "/api/v0/service-history";

    @Test
    void theOtherIdentifierModesAre400MissingParam() {
        for (String identifier : new String[] {
            query("config_key", CIVIC_LX),
            query("year", "2019", "make", "Honda", "model", "Civic", "trim", "LX"),
            Expected.AMBIGUOUS_CIVIC
        }) {
            JsonNode body = api.get(ROUTE + identifier).error(400, "missing_param");

            assertThat(body.path("message").asString()).isEqualTo("service history is kept per VIN; pass vin");
        }
        verifyNoInteractions(vehicles);
    }
}
