package dev.vspec.command.eventcatalog;

import dev.vspec.contracts.catalog.FactSource;
import dev.vspec.events.kafka.EventEnvelope;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * JSON Schemas (draft 2020-12) of the event topic, derived by reflection from the records that
 * {@link dev.vspec.events.kafka.EventEnvelopeCodec} writes. The codec writes every component, nulls
 * included, so every property is required; a property may be null only when it is a boxed number or
 * {@code Boolean}, marked {@code @Nullable}, or listed in {@link #NULLABLE}. A component of a type without a mapping here fails the build.
 */
public final class EventSchemas {

    private static final String DIALECT = "https://json-schema.org/draft/2020-12/schema";

    /**
     * The text components that may be null: those the catalog's rules let be left out (CatalogRules'
     * blankIfPresent), and the release a vPIC release replaced (none, for the first).
     */
    static final Set<String> NULLABLE = Set.of(
            "ConfigurationRegistered.drivetrain",
            "Fluid.notes",
            "SpecItem.unit",
            "Part.service",
            "VpicReleaseInstalled.replacedSha256");

    /**
     * Components a record may leave out: a fact source's details that do not apply to its kind
     * (written only when set), and the source of catalog events stored before events carried one.
     */
    static final Set<String> OPTIONAL = Set.of("FactSource.version", "FactSource.sha256", "FactSource.responseMillis");

    static final String SOURCE_DESCRIPTION = "Where this fact came from: the import file (name, SHA-256), the catalog"
            + " vendor (name, response time), the vPIC release (data date, SHA-256) or the synthetic generator."
            + " Absent from events stored before facts carried their source (shown as unknown).";

    private static final Set<Class<?>> BOXED_NUMBERS = Set.of(Integer.class, Long.class);
    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    private EventSchemas() {}

    /** The envelope every record of the topic carries; its payload is checked by the schema of its event type. */
    public static ObjectNode envelope() {
        ObjectNode schema = root(EventEnvelope.class);
        ObjectNode properties = (ObjectNode) schema.get("properties");
        properties.set("envelopeVersion", JSON.objectNode().put("const", EventEnvelope.VERSION));
        ((ObjectNode) properties.get("aggregateSequence")).put("minimum", 0);
        return schema;
    }

    /** The payload of one event type. */
    public static ObjectNode of(Class<? extends Record> eventType) {
        return root(eventType);
    }

    /** The records nested in an event type, by the name its schema defines them under in {@code $defs}. */
    public static Map<String, Class<? extends Record>> nestedRecords(Class<? extends Record> eventType) {
        Definitions defs = new Definitions();
        objectSchema(eventType, defs);
        return Collections.unmodifiableMap(defs.records);
    }

    private static ObjectNode root(Class<? extends Record> type) {
        Definitions defs = new Definitions();
        ObjectNode schema = JSON.objectNode().put("$schema", DIALECT).put("title", type.getSimpleName());
        schema.setAll(objectSchema(type, defs));
        if (!defs.schemas.isEmpty()) {
            schema.set("$defs", defs.schemas);
        }
        return schema;
    }

    /** The nested records met so far: their schemas, and their classes by the same names. */
    private static final class Definitions {
        final ObjectNode schemas = JSON.objectNode();
        final Map<String, Class<? extends Record>> records = new LinkedHashMap<>();
    }

    private static ObjectNode objectSchema(Class<? extends Record> type, Definitions defs) {
        ObjectNode properties = JSON.objectNode();
        ArrayNode required = JSON.arrayNode();
        for (RecordComponent component : type.getRecordComponents()) {
            ObjectNode value = valueSchema(component.getGenericType(), defs);
            boolean source = component.getType() == FactSource.class;
            if (source) {
                value.put("description", SOURCE_DESCRIPTION);
            }
            boolean optional = source || OPTIONAL.contains(type.getSimpleName() + "." + component.getName());
            properties.set(component.getName(), mayBeNull(type, component) && !optional ? nullable(value) : value);
            if (!optional) {
                required.add(component.getName());
            }
        }
        return JSON.objectNode()
                .put("type", "object")
                .set("properties", properties)
                .set("required", required)
                .put("additionalProperties", false);
    }

    private static ObjectNode valueSchema(Type type, Definitions defs) {
        if (type instanceof ParameterizedType list && list.getRawType() == List.class) {
            return typed("array").set("items", valueSchema(list.getActualTypeArguments()[0], defs));
        }
        if (type instanceof ParameterizedType map
                && map.getRawType() == Map.class
                && map.getActualTypeArguments()[0] == String.class) {
            return typed("object").set("additionalProperties", valueSchema(map.getActualTypeArguments()[1], defs));
        }
        if (!(type instanceof Class<?> raw)) {
            throw unmapped(type);
        }
        if (raw == String.class) {
            return typed("string");
        }
        if (raw == int.class || raw == long.class || BOXED_NUMBERS.contains(raw)) {
            return typed("integer");
        }
        if (raw == BigDecimal.class) {
            return typed("number");
        }
        if (raw == boolean.class || raw == Boolean.class) {
            return typed("boolean");
        }
        if (raw == LocalDate.class) {
            return typed("string").put("format", "date");
        }
        if (raw == Instant.class) {
            return typed("string").put("format", "date-time");
        }
        if (raw == byte[].class) {
            return typed("string").put("contentEncoding", "base64");
        }
        if (raw == JsonNode.class) {
            return typed("object");
        }
        if (raw.isEnum()) {
            return enumSchema(raw);
        }
        if (raw.isRecord()) {
            return reference(raw.asSubclass(Record.class), defs);
        }
        throw unmapped(type);
    }

    /** The values as the codec writes them, which honours {@code @JsonValue}. */
    private static ObjectNode enumSchema(Class<?> type) {
        ArrayNode values = JSON.arrayNode();
        for (Object constant : type.getEnumConstants()) {
            JsonNode value = JsonMapper.shared().valueToTree(constant);
            if (!value.isString()) {
                throw unmapped(type);
            }
            values.add(value);
        }
        return typed("string").set("enum", values);
    }

    /** A nested record, defined once under {@code $defs} by its simple name. */
    private static ObjectNode reference(Class<? extends Record> type, Definitions defs) {
        String name = type.getSimpleName();
        Class<? extends Record> known = defs.records.putIfAbsent(name, type);
        if (known == null) {
            defs.schemas.putObject(name);
            defs.schemas.set(name, objectSchema(type, defs));
        } else if (known != type) {
            throw new IllegalArgumentException(
                    type.getName() + " and " + known.getName() + " would share one name in $defs");
        }
        return JSON.objectNode().put("$ref", "#/$defs/" + name);
    }

    private static boolean mayBeNull(Class<?> owner, RecordComponent component) {
        return BOXED_NUMBERS.contains(component.getType())
                || component.getType() == Boolean.class
                || component.getAnnotatedType().isAnnotationPresent(Nullable.class)
                || NULLABLE.contains(owner.getSimpleName() + "." + component.getName());
    }

    private static ObjectNode nullable(ObjectNode schema) {
        if (!schema.has("type") || schema.has("enum")) {
            throw new IllegalArgumentException("EventSchemas makes only plain typed values nullable, not " + schema);
        }
        return schema.deepCopy()
                .set("type", JSON.arrayNode().add(schema.get("type").asString()).add("null"));
    }

    private static ObjectNode typed(String type) {
        return JSON.objectNode().put("type", type);
    }

    private static IllegalArgumentException unmapped(Type type) {
        return new IllegalArgumentException(
                "EventSchemas has no JSON Schema for " + type.getTypeName() + "; add its mapping before publishing it");
    }
}
