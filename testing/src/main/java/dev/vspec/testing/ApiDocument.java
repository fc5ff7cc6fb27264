package dev.vspec.testing;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vspec.contracts.OpenApiDocument;
import dev.vspec.contracts.WriteRoute;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The API's OpenAPI document as the tests read it: contracts' bundle ({@link OpenApiDocument}) from the
 * classpath, its operations (each with the deployable that answers it), their examples with what each asks,
 * and its references followed.
 */
public final class ApiDocument {

    /** The server every path is relative to. */
    public static final String API = "/api";

    private static final Set<String> METHODS = Set.of("get", "post", "put", "patch", "delete", "head", "options");
    /** How a 415 begins, before the media types the route accepts. */
    private static final String ACCEPTED_TYPES = "This Content-Type is not accepted here; send Content-Type: ";

    private static final ApiDocument BUNDLE =
            new ApiDocument(JsonMapper.builder().build().readTree(OpenApiDocument.bytes()));

    private final JsonNode json;
    private final SchemaConformance schemas;

    private ApiDocument(JsonNode json) {
        this.json = json;
        this.schemas = SchemaConformance.of(json);
    }

    public static ApiDocument bundle() {
        return BUNDLE;
    }

    public JsonNode json() {
        return json;
    }

    public SchemaConformance schemas() {
        return schemas;
    }

    /** The node a local {@code $ref} names (following one that names another), or the node itself. */
    public JsonNode resolve(JsonNode node) {
        JsonNode target = node;
        while (target.has("$ref")) {
            String reference = target.path("$ref").asString();
            assertThat(reference).as("a local reference").startsWith("#/");
            target = json.at(reference.substring(1));
            assertThat(target.isMissingNode()).as("the target of %s", reference).isFalse();
        }
        return target;
    }

    /** Every operation of every path, in the document's order. */
    public List<Operation> operations() {
        List<Operation> operations = new ArrayList<>();
        json.path("paths")
                .properties()
                .forEach(path -> path.getValue().properties().forEach(method -> {
                    if (METHODS.contains(method.getKey())) {
                        operations.add(new Operation(this, path.getKey(), method.getKey(), method.getValue()));
                    }
                }));
        return operations;
    }

    /** The operations the command side answers ({@link WriteRoute}), or those the query side answers. */
    public List<Operation> operationsOf(Side side) {
        return operations().stream()
                .filter(operation -> operation.side() == side)
                .toList();
    }

    public enum Side {
        QUERY,
        COMMAND
    }

    /** One operation: its path (relative to {@link #API}), its method in lower case and its node. */
    public record Operation(ApiDocument document, String path, String method, JsonNode node) {

        /** The command side's are its routes' methods ({@link WriteRoute}); every other is a read of the query side. */
        public Side side() {
            String upper = method.toUpperCase(Locale.ROOT);
            return WriteRoute.of(API + path)
                            .filter(route -> route.commandSideMethods().contains(upper))
                            .isPresent()
                    ? Side.COMMAND
                    : Side.QUERY;
        }

        /** {@code GET /v1/fluids}. */
        public String route() {
            return method.toUpperCase(Locale.ROOT) + " " + path;
        }

        public String id() {
            return node.path("operationId").asString();
        }

        /** Its parameters, references followed. */
        public List<JsonNode> parameters() {
            List<JsonNode> parameters = new ArrayList<>();
            node.path("parameters").forEach(parameter -> parameters.add(document.resolve(parameter)));
            return parameters;
        }

        /** The names of its parameters {@code in} a place: query, path or header. */
        public Set<String> parameters(String in) {
            Set<String> names = new TreeSet<>();
            parameters().stream()
                    .filter(parameter -> parameter.path("in").asString().equals(in))
                    .forEach(parameter -> names.add(parameter.path("name").asString()));
            return names;
        }

        /** Each response, references followed, by its status. */
        public List<Response> responses() {
            List<Response> responses = new ArrayList<>();
            node.path("responses")
                    .properties()
                    .forEach(entry ->
                            responses.add(new Response(this, entry.getKey(), document.resolve(entry.getValue()))));
            return responses;
        }

        /** The path from the server's root, each variable as its parameter's example: {@code /api/v1/wmi/1HG}. */
        public String examplePath() {
            return API + withExamples(path);
        }

        /** {@code path} with each of this operation's path variables as its parameter's example. */
        private String withExamples(String path) {
            String filled = path;
            for (JsonNode parameter : parameters()) {
                if (parameter.path("in").asString().equals("path")) {
                    filled = filled.replace(
                            "{" + parameter.path("name").asString() + "}",
                            parameter.path("example").asString());
                }
            }
            assertThat(filled).as("the path %s asks", this).doesNotContain("{");
            return filled;
        }

        /** Every example of every answer. */
        public List<Example> examples() {
            return responses().stream()
                    .flatMap(response -> response.examples().stream())
                    .toList();
        }

        @Override
        public String toString() {
            return route();
        }
    }

    /** One documented answer of an operation. */
    public record Response(Operation operation, String status, JsonNode node) {

        /** Every example of every media type. */
        public List<Example> examples() {
            List<Example> examples = new ArrayList<>();
            node.path("content")
                    .properties()
                    .forEach(media -> media.getValue()
                            .path("examples")
                            .properties()
                            .forEach(example -> examples.add(new Example(
                                    operation,
                                    status,
                                    example.getKey(),
                                    media.getKey(),
                                    operation.document().resolve(example.getValue()),
                                    media.getValue().path("schema")))));
            return examples;
        }
    }

    /** An example of an answer, with its media type and that type's schema. */
    public record Example(
            Operation operation, String status, String name, String mediaType, JsonNode node, JsonNode schema) {

        public boolean json() {
            return mediaType.equals("application/json");
        }

        public JsonNode value() {
            return node.path("value");
        }

        public boolean success() {
            return status.startsWith("2");
        }

        /** The error code, for an error. */
        public String error() {
            return success() ? "" : value().path("error").asString();
        }

        /**
         * What it asks, from the server's root: its {@code x-path} (one of the operation's paths) or the path with
         * each variable as its parameter's example, then its {@code x-query}.
         */
        public String asked() {
            String path = operation.path();
            if (node.has("x-path")) {
                path = node.path("x-path").asString();
                assertThat(path)
                        .as("x-path of %s", this)
                        .matches(Pattern.quote(operation.path()).replaceAll("\\{[^/}]+}", "\\\\E[^/]+\\\\Q"));
            }
            return API + operation.withExamples(path) + node.path("x-query").asString("");
        }

        /** {@code getFluids 200 sample}. */
        public String id() {
            return operation.id() + " " + status + " " + name;
        }

        @Override
        public String toString() {
            return operation + " " + status + " " + name;
        }
    }

    /** Every field path of a JSON value, {@code parts[].price.amount}; an empty array adds none below it. */
    public static Set<String> fields(JsonNode node) {
        Set<String> paths = new TreeSet<>();
        fields(node, "", paths);
        return paths;
    }

    private static void fields(JsonNode node, String at, Set<String> paths) {
        if (node.isObject()) {
            node.properties().forEach(entry -> {
                String path = at.isEmpty() ? entry.getKey() : at + "." + entry.getKey();
                paths.add(path);
                fields(entry.getValue(), path, paths);
            });
        } else if (node.isArray()) {
            node.forEach(element -> fields(element, at + "[]", paths));
        }
    }

    /**
     * Whether an answer's message is the example's, or differs from it only in its numbers (seconds to wait, a
     * limit, a date): those are the request's or the moment's. The media types a 415 lists may come in any order.
     */
    public static boolean sameMessage(String example, String answered) {
        if (example.equals(answered)) {
            return true;
        }
        if (example.startsWith(ACCEPTED_TYPES) && answered.startsWith(ACCEPTED_TYPES)) {
            return Set.of(example.substring(ACCEPTED_TYPES.length()).split(" or "))
                    .equals(Set.of(answered.substring(ACCEPTED_TYPES.length()).split(" or ")));
        }
        StringBuilder pattern = new StringBuilder();
        Matcher numbers = Pattern.compile("[0-9]+").matcher(example);
        int from = 0;
        while (numbers.find()) {
            pattern.append(Pattern.quote(example.substring(from, numbers.start())))
                    .append("[0-9]+");
            from = numbers.end();
        }
        pattern.append(Pattern.quote(example.substring(from)));
        return answered.matches(pattern.toString());
    }
}
