package dev.vspec.gateway.metrics;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
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

    /** The contract, docs/openapi/openapi.json, as the gateway's build copies it (gateway's pom). */
    static final String CONTRACT = "/dev/vspec/gateway/openapi.json";

    private record Template(String name, Pattern pattern) {
    }

    private final List<Template> templates;

    private ApiRouteTemplates(List<Template> templates) {
        this.templates = templates;
    }

    /** Every path of the contract on every server it names. */
    public static ApiRouteTemplates fromContract() {
        try (InputStream in = ApiRouteTemplates.class.getResourceAsStream(CONTRACT)) {
            if (in == null) {
                throw new IllegalStateException("Missing resource " + CONTRACT + ": the gateway's build copies the contract there");
            }
            return of(JsonMapper.builder().build().readTree(in));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static ApiRouteTemplates of(JsonNode document) {
        List<Template> templates = new ArrayList<>();
        for (JsonNode server : document.path("servers")) {
            String base = server.path("url").asString();
            document.path("paths").propertyNames().forEach(path -> {
                String name = base + path;
                templates.add(new Template(name, Pattern.compile(regex(name))));
            });
        }
        return new ApiRouteTemplates(List.copyOf(templates));
    }

    /** The template the path matches, if any. */
    public Optional<String> templateOf(String path) {
        for (Template template : templates) {
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
