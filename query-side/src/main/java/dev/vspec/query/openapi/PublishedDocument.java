package dev.vspec.query.openapi;

import io.swagger.v3.core.util.Json31;
import io.swagger.v3.core.util.Yaml31;
import io.swagger.v3.oas.models.Components;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.PathItem;
import io.swagger.v3.oas.models.Paths;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.security.SecurityRequirement;
import io.swagger.v3.oas.models.servers.Server;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.BiConsumer;
import java.util.stream.Collectors;

/**
 * The document as clients read it, the last step after {@link RouteDocumentation}: paths relative to the
 * two servers (the API at {@code /api}, the keyless sandbox at {@code /api/sample}, which mirrors every
 * read), a key required everywhere but where an operation says {@code security: []}, and the command
 * side's routes (writes, webhooks, request-access) merged in from {@value #WRITES}, which only the
 * API's server answers.
 */
final class PublishedDocument {

    static final String API_BASE = "/api";
    private static final String JSON = org.springframework.http.MediaType.APPLICATION_JSON_VALUE;
    static final String SANDBOX_BASE = "/api/sample";
    /** The command side's routes, kept in contracts beside WriteRoute; its IT replays their examples. */
    static final String WRITES = "/dev/vspec/contracts/openapi/writes.yaml";

    private static final Server API = new Server()
            .url(API_BASE)
            .description("vspec: every route, with a key (the gateway that served this document)");
    private static final Server SANDBOX = new Server()
            .url(SANDBOX_BASE)
            .description("The keyless, read-only sandbox over sample data: every read route, no key, no writes");

    /** The last paragraph of every command side route's description. */
    static final String API_ONLY = "On the API's server (`" + API_BASE + "`) only: the sandbox (`" + SANDBOX_BASE
            + "`) answers every write 403 `write_disabled` and holds no webhooks.";

    /** Declared on the document from the start: springdoc replaces a document's servers only when it has none. */
    static final List<Server> SERVERS = List.of(API, SANDBOX);

    private PublishedDocument() {}

    static void publish(OpenAPI document) {
        Paths relative = new Paths();
        document.getPaths().forEach((path, item) -> {
            if (!path.startsWith(API_BASE + "/")) {
                throw new IllegalStateException(path + " is outside " + API_BASE);
            }
            relative.addPathItem(path.substring(API_BASE.length()), item);
        });
        document.setPaths(relative);
        List<SecurityRequirement> keyed = AccessDocumentation.SCHEMES.stream()
                .map(scheme -> new SecurityRequirement().addList(scheme))
                .collect(Collectors.toCollection(ArrayList::new));
        document.setSecurity(keyed);
        relative.values()
                .forEach(item -> item.readOperations().forEach(operation -> {
                    // AccessDocumentation declared the key of every keyed read; the rest need none
                    if (operation.getSecurity() == null
                            || operation.getSecurity().isEmpty()) {
                        operation.setSecurity(new ArrayList<>());
                    }
                }));
        nameAlternatives(document);
        mergeAlternatives(document);
        merge(document, writes());
    }

    /**
     * An answer that is one of several bodies ({@code /v1/decode}'s two modes, {@code /v1/configs}' candidates
     * or page) as a named component, {@code DecodeAnswer}, {@code ConfigsAnswer}, so that a generated client
     * names its type rather than {@code Decode200Response}.
     */
    @SuppressWarnings("rawtypes")
    private static void nameAlternatives(OpenAPI document) {
        Map<String, Schema> schemas = document.getComponents().getSchemas();
        document.getPaths().values().stream()
                .map(PathItem::getGet)
                .filter(Objects::nonNull)
                .forEach(get -> {
                    MediaType json = get.getResponses().get("200").getContent() == null
                            ? null
                            : get.getResponses().get("200").getContent().get(JSON);
                    if (json == null
                            || json.getSchema() == null
                            || json.getSchema().getOneOf() == null) {
                        return;
                    }
                    String name = answerName(get.getOperationId());
                    if (schemas.containsKey(name)) {
                        throw new IllegalStateException("The schema " + name + " exists already");
                    }
                    schemas.put(name, json.getSchema());
                    json.setSchema(new Schema<>().$ref("#/components/schemas/" + name));
                });
    }

    /**
     * A named schema that is one of several bodies ({@code DecodeAnswer}, {@code ConfigsAnswer}, a batch's
     * {@code BatchResult}) as one object: every property of either body, required where every body has it.
     * Generated clients cannot tell apart bodies that differ only in which fields they carry: Jackson and
     * pydantic ignore the fields a type lacks, so both bodies would match.
     */
    @SuppressWarnings({"rawtypes", "unchecked"})
    private static void mergeAlternatives(OpenAPI document) {
        Map<String, Schema> schemas = document.getComponents().getSchemas();
        List<String> merged = new ArrayList<>();
        new ArrayList<>(schemas.entrySet())
                .stream().filter(entry -> entry.getValue().getOneOf() != null).forEach(entry -> {
                    Schema alternatives = entry.getValue();
                    Schema answer = new Schema<>().type("object").description(alternatives.getDescription());
                    answer.addType("object");
                    List<Schema> bodies = ((List<Schema>) alternatives.getOneOf())
                            .stream()
                                    .map(body -> flattened(schemas, component(body), merged))
                                    .toList();
                    Map<String, Schema> properties = new java.util.LinkedHashMap<>();
                    bodies.stream()
                            .filter(body -> body.getProperties() != null)
                            .forEach(body -> ((Map<String, Schema>) body.getProperties())
                                    .forEach((property, schema) -> properties.put(
                                            property, either(schemas, properties.get(property), schema))));
                    answer.setProperties(properties);
                    answer.setRequired(required(bodies));
                    alternatives.getOneOf().forEach(body -> merged.add(component((Schema) body)));
                    schemas.put(entry.getKey(), answer);
                });
        boolean removed = true;
        while (removed) {
            String text = Json31.pretty(document);
            removed = merged.removeIf(
                    name -> !text.contains("\"#/components/schemas/" + name + "\"") && schemas.remove(name) != null);
        }
    }

    /** A body with the properties and required fields of the schemas it is allOf, which are merged away with it. */
    @SuppressWarnings({"rawtypes", "unchecked"})
    private static Schema flattened(Map<String, Schema> schemas, String name, List<String> merged) {
        Schema body = schemas.get(name);
        if (body.getAllOf() == null) {
            return body;
        }
        Schema flat = new Schema<>();
        Map<String, Schema> properties = new java.util.LinkedHashMap<>();
        List<String> required = new ArrayList<>(body.getRequired() == null ? List.of() : body.getRequired());
        ((List<Schema>) body.getAllOf()).forEach(part -> {
            Schema resolved = part.get$ref() == null ? part : flattened(schemas, component(part), merged);
            if (part.get$ref() != null) {
                merged.add(component(part));
            }
            if (resolved.getProperties() != null) {
                properties.putAll(resolved.getProperties());
            }
            if (resolved.getRequired() != null) {
                required.addAll(resolved.getRequired());
            }
        });
        flat.setProperties(properties);
        flat.setRequired(required);
        return flat;
    }

    /** A property two bodies share: the same schema, or lists of two types, whose richer one takes the other's required. */
    @SuppressWarnings({"rawtypes", "unchecked"})
    private static Schema either(Map<String, Schema> schemas, Schema known, Schema schema) {
        if (known == null || known.equals(schema)) {
            return schema;
        }
        if (known.getItems() == null || schema.getItems() == null) {
            throw new IllegalStateException("Bodies of one answer disagree on a property: " + known + " and " + schema);
        }
        Schema one = schemas.get(component(known.getItems()));
        Schema other = schemas.get(component(schema.getItems()));
        Schema richer = one.getProperties().size() >= other.getProperties().size() ? known : schema;
        Schema entry = richer == known ? one : other;
        entry.setRequired(required(List.of(one, other)));
        return richer;
    }

    @SuppressWarnings("rawtypes")
    private static List<String> required(List<Schema> bodies) {
        List<String> required = new ArrayList<>(
                bodies.get(0).getRequired() == null ? List.of() : bodies.get(0).getRequired());
        bodies.forEach(body -> required.retainAll(body.getRequired() == null ? List.of() : body.getRequired()));
        return required.isEmpty() ? null : required;
    }

    @SuppressWarnings("rawtypes")
    private static String component(Schema reference) {
        String ref = reference.get$ref();
        if (ref == null || !ref.startsWith("#/components/schemas/")) {
            throw new IllegalStateException("An answer's body is not a named schema: " + reference);
        }
        return ref.substring("#/components/schemas/".length());
    }

    /** {@code decode} and {@code listConfigs} as {@code DecodeAnswer} and {@code ConfigsAnswer}. */
    static String answerName(String operationId) {
        String subject = operationId.replaceFirst("^(get|list)(?=[A-Z])", "");
        return Character.toUpperCase(subject.charAt(0)) + subject.substring(1) + "Answer";
    }

    /**
     * The command side's routes, answered by the API's server only. Said in their descriptions, not by
     * operation servers: a relative server there replaces the host a generated client was given (Python's).
     */
    private static void merge(OpenAPI document, OpenAPI writes) {
        writes.getPaths().forEach((path, item) -> {
            PathItem target = document.getPaths().computeIfAbsent(path, any -> new PathItem());
            item.readOperationsMap().forEach((method, operation) -> {
                operation.setDescription(operation.getDescription().stripTrailing() + "\n\n" + API_ONLY);
                if (target.readOperationsMap().containsKey(method)) {
                    throw new IllegalStateException(method + " " + path + " is documented by both sides");
                }
                target.operation(method, operation);
            });
            if (item.getParameters() != null) {
                item.getParameters().forEach(target::addParametersItem);
            }
        });
        Components into = document.getComponents();
        Components from = writes.getComponents();
        if (from != null) {
            add("schema", from.getSchemas(), into.getSchemas(), into::addSchemas);
            add("example", from.getExamples(), into.getExamples(), into::addExamples);
            add("parameter", from.getParameters(), into.getParameters(), into::addParameters);
            add("header", from.getHeaders(), into.getHeaders(), into::addHeaders);
            add("response", from.getResponses(), into.getResponses(), into::addResponses);
            add("request body", from.getRequestBodies(), into.getRequestBodies(), into::addRequestBodies);
        }
        if (writes.getTags() != null) {
            List<String> known =
                    document.getTags().stream().map(tag -> tag.getName()).toList();
            writes.getTags().stream()
                    .filter(tag -> !known.contains(tag.getName()))
                    .forEach(document::addTagsItem);
        }
        if (writes.getWebhooks() != null) {
            writes.getWebhooks().forEach(document::addWebhooks);
        }
    }

    private static <T> void add(String kind, Map<String, T> from, Map<String, T> into, BiConsumer<String, T> adder) {
        if (from == null) {
            return;
        }
        from.forEach((name, value) -> {
            if (into != null && into.containsKey(name)) {
                throw new IllegalStateException(
                        "The " + kind + " " + name + " of " + WRITES + " is also the read side's");
            }
            adder.accept(name, value);
        });
    }

    private static OpenAPI writes() {
        try (InputStream in = PublishedDocument.class.getResourceAsStream(WRITES)) {
            if (in == null) {
                throw new IllegalStateException("Missing resource " + WRITES);
            }
            return Yaml31.mapper().readValue(in, OpenAPI.class);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
