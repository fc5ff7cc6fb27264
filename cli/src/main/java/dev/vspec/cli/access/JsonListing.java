package dev.vspec.cli.access;

import java.io.PrintWriter;
import java.util.List;
import tools.jackson.databind.PropertyNamingStrategies;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * What {@code --json} prints for a list command: one JSON array, an empty one when there is nothing,
 * with the API's snake_case names and times as ISO-8601 UTC text, so scripts read it without parsing
 * the table.
 */
final class JsonListing {

    private static final JsonMapper JSON = JsonMapper.builder()
            .propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
            .enable(SerializationFeature.INDENT_OUTPUT)
            .build();

    private JsonListing() {}

    static void print(PrintWriter out, List<?> rows) {
        out.println(JSON.writeValueAsString(rows));
    }
}
