package dev.vspec.contracts.recalls;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;

/** {@code GET /api/v1/recalls}, which lists a model year's, make's and model's recalls: named here for the notices that link to it. */
public final class RecallsRoute {

    public static final String PATH = "/api/v1/recalls";

    private RecallsRoute() {}

    /** The route's query for one model year, make and model, e.g. {@code /api/v1/recalls?year=2023&make=FORD&model=RANGER}. */
    public static String of(int modelYear, String make, String model) {
        return PATH + "?year=" + modelYear + "&make=" + encode(make) + "&model=" + encode(model);
    }

    private static String encode(String text) {
        return URLEncoder.encode(text, StandardCharsets.UTF_8).replace("+", "%20");
    }
}
