package dev.vspec.testing;

import java.net.URI;
import java.net.URISyntaxException;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.UnaryOperator;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;

/**
 * Whether a JSON value is what a schema of an OpenAPI 3.1 document says, for the tests that replay the
 * document's examples and compare the service's real answers with it: types ({@code null} only where the
 * type allows it), required fields, fields the schema does not name (where it names its properties and no
 * additionalProperties), enums, lengths, patterns, bounds and the formats date-time, uri and int64; through
 * references, items, oneOf (exactly one) and allOf. The subset of JSON Schema the document uses.
 */
public final class SchemaConformance {

    private final UnaryOperator<JsonNode> references;

    private SchemaConformance(UnaryOperator<JsonNode> references) {
        this.references = references;
    }

    /** Following the document's own local references. */
    public static SchemaConformance of(JsonNode document) {
        return new SchemaConformance(node -> {
            JsonNode target = node;
            while (target.has("$ref")) {
                String reference = target.path("$ref").asString();
                if (!reference.startsWith("#/")) {
                    throw new IllegalArgumentException("Only local references are followed: " + reference);
                }
                target = document.at(reference.substring(1));
                if (target.isMissingNode()) {
                    throw new IllegalArgumentException("The document has nothing at " + reference);
                }
            }
            return target;
        });
    }

    /** Following references as {@code references} does: a node to the node its {@code $ref} names, or itself. */
    public static SchemaConformance resolving(UnaryOperator<JsonNode> references) {
        return new SchemaConformance(references);
    }

    /** What {@code value} breaks of {@code schema}, each as {@code path: problem}; empty when it conforms. */
    public List<String> violations(JsonNode schema, JsonNode value) {
        List<String> found = new ArrayList<>();
        check(schema, value, "$", found);
        return found;
    }

    private void check(JsonNode schema, JsonNode value, String at, List<String> found) {
        JsonNode resolved = references.apply(schema);
        if (resolved.has("oneOf")) {
            List<List<String>> outcomes = new ArrayList<>();
            resolved.path("oneOf").forEach(alternative -> {
                List<String> problems = new ArrayList<>();
                check(alternative, value, at, problems);
                outcomes.add(problems);
            });
            long matching = outcomes.stream().filter(List::isEmpty).count();
            if (matching != 1) {
                found.add(at + ": matches " + matching + " of the oneOf alternatives " + outcomes);
            }
        }
        resolved.path("allOf").forEach(each -> check(each, value, at, found));
        Set<String> types = new TreeSet<>();
        if (resolved.path("type").isString()) {
            types.add(resolved.path("type").asString());
        }
        resolved.path("type").forEach(type -> types.add(type.asString()));
        String kind = kind(value);
        if (!types.isEmpty() && !types.contains(kind) && !(kind.equals("integer") && types.contains("number"))) {
            found.add(at + ": " + kind + " where the schema says " + types);
            return;
        }
        if (resolved.has("enum") && resolved.path("enum").valueStream().noneMatch(value::equals)) {
            found.add(at + ": " + value + " is not one of " + resolved.path("enum"));
        }
        if (value.isObject()) {
            resolved.path("required").forEach(name -> {
                if (!value.has(name.asString())) {
                    found.add(at + ": the required field " + name.asString() + " is absent");
                }
            });
            JsonNode properties = resolved.path("properties");
            JsonNode others = resolved.path("additionalProperties");
            value.properties().forEach(entry -> {
                if (properties.has(entry.getKey())) {
                    check(properties.path(entry.getKey()), entry.getValue(), at + "." + entry.getKey(), found);
                } else if (others.isObject()) {
                    check(others, entry.getValue(), at + "." + entry.getKey(), found);
                } else if (properties.isObject() && !others.asBoolean(false)) {
                    found.add(at + ": the field " + entry.getKey() + " is not in the schema");
                }
            });
        }
        if (value.isArray()) {
            for (int i = 0; i < value.size(); i++) {
                if (resolved.has("items")) {
                    check(resolved.path("items"), value.path(i), at + "[" + i + "]", found);
                }
            }
        }
        if (value.isString()) {
            String text = value.asString();
            int length = text.codePointCount(0, text.length());
            if (length < resolved.path("minLength").asInt(0)
                    || length > resolved.path("maxLength").asInt(Integer.MAX_VALUE)) {
                found.add(at + ": " + length + " characters, outside " + resolved.path("minLength") + ".."
                        + resolved.path("maxLength"));
            }
            if (resolved.has("pattern")
                    && !Pattern.compile(resolved.path("pattern").asString())
                            .matcher(text)
                            .find()) {
                found.add(at + ": " + value + " does not match "
                        + resolved.path("pattern").asString());
            }
            String format = resolved.path("format").asString("");
            try {
                if (format.equals("date-time")) {
                    OffsetDateTime.parse(text);
                } else if (format.equals("uri") && !new URI(text).isAbsolute()) {
                    found.add(at + ": " + value + " is not an absolute URI");
                }
            } catch (RuntimeException | URISyntaxException e) {
                found.add(at + ": " + value + " is not a " + format);
            }
        }
        if (value.isNumber()) {
            if (resolved.has("minimum")
                    && value.asDouble() < resolved.path("minimum").asDouble()) {
                found.add(at + ": " + value + " is below " + resolved.path("minimum"));
            }
            if (resolved.has("maximum")
                    && value.asDouble() > resolved.path("maximum").asDouble()) {
                found.add(at + ": " + value + " is above " + resolved.path("maximum"));
            }
            if (resolved.path("format").asString("").equals("int64") && !value.canConvertToLong()) {
                found.add(at + ": " + value + " is not an int64");
            }
        }
    }

    private static String kind(JsonNode value) {
        if (value.isNull()) {
            return "null";
        }
        if (value.isIntegralNumber()) {
            return "integer";
        }
        if (value.isNumber()) {
            return "number";
        }
        if (value.isBoolean()) {
            return "boolean";
        }
        if (value.isString()) {
            return "string";
        }
        return value.isArray() ? "array" : "object";
    }
}
