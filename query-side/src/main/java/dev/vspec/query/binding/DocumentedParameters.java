package dev.vspec.query.binding;

import dev.vspec.contracts.OpenApiDocument;
import dev.vspec.platform.web.AskedRoutes;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The query parameters each read takes, as the API's document lists them: the parameters {@code in: query} of
 * its GET operation. The one list of them; ReadRoutesDocumentIT holds it equal to what each handler reads.
 */
final class DocumentedParameters {

    private final Map<String, List<String>> byRoute;

    private DocumentedParameters(Map<String, List<String>> byRoute) {
        this.byRoute = byRoute;
    }

    /** From contracts' bundle of the document, on the classpath. */
    static DocumentedParameters load() {
        return of(JsonMapper.builder().build().readTree(OpenApiDocument.bytes()));
    }

    static DocumentedParameters of(JsonNode document) {
        Map<String, List<String>> byRoute = new HashMap<>();
        document.path("paths").properties().forEach(path -> {
            JsonNode read = path.getValue().path("get");
            if (read.isObject()) {
                List<String> names = new ArrayList<>();
                read.path("parameters").forEach(parameter -> {
                    JsonNode resolved = resolve(document, parameter);
                    if (resolved.path("in").asString().equals("query")) {
                        names.add(resolved.path("name").asString());
                    }
                });
                byRoute.put(AskedRoutes.LIVE_PREFIX + path.getKey(), List.copyOf(names));
            }
        });
        return new DocumentedParameters(Map.copyOf(byRoute));
    }

    /**
     * The query parameters the read of {@code route} takes, in the document's order, or null when the document
     * has no such read.
     *
     * @param route a handler's mapping pattern, {@code /api/v1/fluids} or {@code /api/v1/wmi/{wmi}}
     */
    List<String> takenBy(String route) {
        return byRoute.get(route);
    }

    /** The node a local {@code $ref} names (following one that names another), or the node itself. */
    private static JsonNode resolve(JsonNode document, JsonNode node) {
        JsonNode target = node;
        while (target.has("$ref")) {
            target = document.at(target.path("$ref").asString().substring(1));
        }
        return target;
    }
}
