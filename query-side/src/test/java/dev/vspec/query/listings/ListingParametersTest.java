package dev.vspec.query.listings;

import static dev.vspec.testing.Api.query;
import static org.assertj.core.api.Assertions.assertThat;

import dev.vspec.query.QuerySideWebSlice;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The listings' filters, limit and cursor, refused before the catalog is read ({@link dev.vspec.testing.database.NoDatabase}).
 * What the listings answer is ListingsIT's.
 */
class ListingParametersTest extends QuerySideWebSlice {

    private static final String YEARS = "/api/v1/years";
    private static final String MAKES = "/api/v1/makes";
    private static final String MODELS = "/api/v1/models";
    private static final String TRIMS = "/api/v1/trims";
    private static final String CONFIGS = "/api/v1/configs";

    @ParameterizedTest
    @ValueSource(strings = {"0", "1001", "-5", "many"})
    void aLimitOutsideOneToAThousandIsInvalidParam(String limit) {
        for (String route : List.of(
                YEARS + query("limit", limit),
                MAKES + query("year", "1902", "limit", limit),
                CONFIGS + query("year", "1902", "limit", limit))) {
            assertThat(api.get(route)
                            .error(400, "invalid_param")
                            .path("message")
                            .asString())
                    .startsWith("limit");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"garbage!", "bm90LWEtY3Vyc29y", "WyIxOTAxIiwiMTkwMiJd", "WyJuaW5ldGVlbiJd", "W251bGxd"})
    void aCursorNoListingGaveIsInvalidParamNeverAFailure(String cursor) {
        // not base64; not JSON; two values where years sort by one; a year that is not digits; [null]
        api.get(YEARS + query("cursor", cursor)).error(400, "invalid_param");
        api.get(CONFIGS + query("year", "1901", "cursor", cursor)).error(400, "invalid_param");
    }

    @Test
    void eachLevelNamesTheFiltersItIsMissing() {
        assertThat(api.get(MAKES).error(400, "missing_param").path("message").asString())
                .isEqualTo("makes are listed per year; missing: year");
        assertThat(api.get(MODELS + query("year", "1901"))
                        .error(400, "missing_param")
                        .path("message")
                        .asString())
                .isEqualTo("models are listed per year and make; missing: make");
        assertThat(api.get(TRIMS + query("make", "Listing Motors", "model", " "))
                        .error(400, "missing_param")
                        .path("message")
                        .asString())
                .isEqualTo("trims are listed per year, make and model; missing: year, model");
        assertThat(api.get(CONFIGS + query("year", "1901", "trim", "Base"))
                        .error(400, "missing_param")
                        .path("message")
                        .asString())
                .isEqualTo("trim narrows a year, make and model; missing: make, model");
        assertThat(api.get(CONFIGS + query("year", "", "make", "Listing Motors"))
                        .error(400, "missing_param")
                        .path("message")
                        .asString())
                .contains("missing: year");
        api.get(CONFIGS + query("make", "Listing Motors")).error(400, "missing_param");
    }

    @Test
    void aYearThatIsNotAModelYearIsInvalidParam() {
        assertThat(api.get(MAKES + query("year", "19"))
                        .error(400, "invalid_param")
                        .path("message")
                        .asString())
                .isEqualTo("year is a four-digit model year; got '19'");
        api.get(TRIMS + query("year", "1800", "make", "a", "model", "b")).error(400, "invalid_param");
        api.get(CONFIGS + query("year", "19o1")).error(400, "invalid_param");
        api.get(MAKES + query("year", "1901", "year", "1902")).error(400, "invalid_param");
    }
}
