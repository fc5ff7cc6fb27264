package dev.vspec.gateway.metrics;

import dev.vspec.contracts.OpenApiDocument;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The API's route templates as the OpenAPI contract names them ({@code /api/v1/wmi/{wmi}}), on each of its
 * servers ({@code /api}, the sandbox's {@code /api/sample}), so that a request's metrics name its route
 * rather than the gateway's catch-all {@code /api/**}, and an unknown path adds no series of its own.
 */
public final class ApiRouteTemplates {

    private record Template(String name, Pattern pattern) {}

    /** The templates without a variable, by their path: most requests are answered by one lookup. */
    private final Map<String, String> literal;

    private final List<Template> variable;

    private ApiRouteTemplates(Map<String, String> literal, List<Template> variable) {
        this.literal = literal;
        this.variable = variable;
    }

    /** Every path of the contract ({@link OpenApiDocument}) on every server it names. */
    public static ApiRouteTemplates fromContract() {
        return of(JsonMapper.builder().build().readTree(OpenApiDocument.bytes()));
    }

    static ApiRouteTemplates of(JsonNode document) {
        Map<String, String> literal = new HashMap<>();
        List<Template> variable = new ArrayList<>();
        for (JsonNode server : document.path("servers")) {
            String base = server.path("url").asString();
            document.path("paths").propertyNames().forEach(path -> {
                String name = base + path;
                if (name.indexOf('{') < 0) {
                    literal.put(name, name);
                } else {
                    variable.add(new Template(name, Pattern.compile(regex(name))));
                }
            });
        }
        return new ApiRouteTemplates(Map.copyOf(literal), List.copyOf(variable));
    }

    /** The template the path matches, if any. */
    public Optional<String> templateOf(String path) {
        String exact = literal.get(path);
        if (exact != null) {
            return Optional.of(exact);
        }
        for (Template template : variable) {
            if (template.pattern().matcher(path).matches()) {
                return Optional.of(template.name());
            }
        }
        return Optional.empty();
    }

    /** A template's literal parts quoted, each {@code {variable}} one path segment. */
    private static String regex(String template) {
        StringBuilder regex = new StringBuilder();
        int at = 0;
        while (at < template.length()) {
            int open = template.indexOf('{', at);
            if (open < 0) {
                regex.append(Pattern.quote(template.substring(at)));
                break;
            }
            int close = template.indexOf('}', open);
            regex.append(Pattern.quote(template.substring(at, open))).append("[^/]+");
            at = close + 1;
        }
        return regex.toString();
    }
}
