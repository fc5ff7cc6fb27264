package dev.vspec.query.listings;

import dev.vspec.contracts.error.ApiException;
import dev.vspec.contracts.error.ErrorCode;
import java.util.ArrayList;
import java.util.List;

/** The filters a listing needs, read as the identifier modes read theirs: blank counts as absent. */
final class Filters {

    private Filters() {}

    /**
     * The values of the filters, stripped, in the order given.
     *
     * @param listed what the listing lists by, for the message ("makes are listed per year")
     * @throws ApiException {@code missing_param} naming every filter that is absent or blank
     */
    static List<String> required(String listed, String... namesAndValues) {
        List<String> values = new ArrayList<>();
        List<String> missing = new ArrayList<>();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            String value = namesAndValues[i + 1];
            if (value == null || value.isBlank()) {
                missing.add(namesAndValues[i]);
            } else {
                values.add(value.strip());
            }
        }
        if (!missing.isEmpty()) {
            throw ApiException.about(
                    missing.get(0), ErrorCode.MISSING_PARAM, listed + "; missing: " + String.join(", ", missing));
        }
        return values;
    }
}
