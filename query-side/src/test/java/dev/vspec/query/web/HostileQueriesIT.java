package dev.vspec.query.web;

import static dev.vspec.query.ReadModelSeed.CIVIC_LX_VIN;
import static dev.vspec.testing.Api.query;
import static org.assertj.core.api.Assertions.assertThat;

import dev.vspec.query.Expected;
import dev.vspec.query.SeededRouteIT;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What the lookups answer for queries shaped unlike any identifier: whitespace a lookup folds, a config_key of any
 * shape that names nothing, a list of VINs given repeated. Refusals before any lookup are HostileQueriesTest's.
 */
class HostileQueriesIT extends SeededRouteIT {

    /** The decode batch's list of VINs; the whole vehicle's groups: HostileQueriesTest. */
    @Test
    void aListMayBeGivenRepeated() {
        assertThat(api.get("/api/v1/decode/batch?vins=" + CIVIC_LX_VIN + "&vins=19XFC2F59KE812021")
                        .ok()
                        .path("count")
                        .asInt())
                .isEqualTo(2);
    }

    /** Matching folds whitespace, tabs and line breaks included: they are no control characters a lookup refuses. */
    @Test
    void whitespaceInATextParameterIsFoldedNotRefused() {
        api.get("/api/v1/fluids" + query("year", "2019", "make", "Honda", "model", "Civic\t", "trim", "\r\nLX"))
                .ok();
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "Foo",
                "2019 Honda Civic LX",
                "2019-HONDA-CIVIC-LX-K20C2-FWD",
                "2019-honda-civic",
                "€uro",
                "../../etc/passwd",
                "' OR 1=1 --",
                "2019-honda-civic-lx-k20c2-awd"
            })
    void aConfigKeyOfAnyShapeThatNamesNoConfigurationIsNotFound(String key) {
        for (String route : Expected.IDENTIFIER_ROUTES) {
            if (route.equals("/api/v0/service-history")) {
                api.get(route + query("config_key", key)).error(400, "missing_param");
            } else {
                assertThat(api.get(route + query("config_key", key))
                                .error(404, "not_found")
                                .path("message")
                                .asString())
                        .as(route)
                        .isEqualTo("No enriched vehicle config matches config_key " + key);
            }
        }
    }
}
