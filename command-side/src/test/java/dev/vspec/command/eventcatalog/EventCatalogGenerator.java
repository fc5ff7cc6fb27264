package dev.vspec.command.eventcatalog;

import dev.vspec.events.kafka.EventEnvelope;
import dev.vspec.events.kafka.EventEnvelopeCodec;
import dev.vspec.events.kafka.EventTopicProperties;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.StreamSupport;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.core.util.DefaultIndenter;
import tools.jackson.core.util.DefaultPrettyPrinter;
import tools.jackson.core.util.Separators;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectWriter;
import tools.jackson.databind.cfg.JsonNodeFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * Writes the analysts' catalog of the event topic: a JSON Schema of the envelope, one of each
 * event type's payload, and a Markdown page with each type's meaning (its Javadoc), aggregate,
 * fields and an example envelope. A build tool, kept out of the deployables: the build runs it from
 * command-side's test classes into {@code target/event-catalog}; the committed copy in {@code docs/events}
 * is checked against it by {@code EventCatalogIsCurrentTest}.
 */
public final class EventCatalogGenerator {

    /** What a developer runs, from the repository root, to bring docs/events up to date. */
    public static final String REGENERATE =
            "./mvnw -pl command-side -am process-test-classes -Devent-catalog.dir=docs/events";

    public static final String ENVELOPE_SCHEMA = "envelope.schema.json";
    public static final String CATALOG = "README.md";

    private static final Logger log = LoggerFactory.getLogger(EventCatalogGenerator.class);
    private static final JsonMapper JSON = JsonMapper.builder()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .disable(JsonNodeFeature.STRIP_TRAILING_BIGDECIMAL_ZEROES)
            .build();
    private static final DefaultIndenter INDENT = new DefaultIndenter("  ", "\n");
    private static final ObjectWriter PRETTY = JSON.writer()
            .with(new DefaultPrettyPrinter()
                    .withSeparators(
                            Separators.createDefaultInstance().withObjectNameValueSpacing(Separators.Spacing.AFTER))
                    .withObjectIndenter(INDENT)
                    .withArrayIndenter(INDENT));

    private final Javadocs javadocs;

    /** {@code repositoryRoot} holds the modules whose sources explain the types. */
    public EventCatalogGenerator(Path repositoryRoot) {
        this.javadocs = new Javadocs(List.of(
                repositoryRoot.resolve("contracts/src/main/java"), repositoryRoot.resolve("events/src/main/java")));
    }

    /** Arguments: the repository root, and the output directory (relative to the root, or absolute). */
    public static void main(String[] args) throws IOException {
        if (args.length != 2) {
            throw new IllegalArgumentException("usage: EventCatalogGenerator <repository root> <output directory>");
        }
        Path root = Path.of(args[0]).toAbsolutePath().normalize();
        Path output = root.resolve(args[1]).normalize();
        Files.createDirectories(output);
        SortedMap<String, String> files = new EventCatalogGenerator(root).files();
        for (Map.Entry<String, String> file : files.entrySet()) {
            Files.writeString(output.resolve(file.getKey()), file.getValue());
        }
        log.info("Wrote the event catalog ({} files) to {}", files.size(), output);
    }

    /** Every file of the catalog by name: the schemas and the Markdown page. */
    public SortedMap<String, String> files() {
        SortedMap<String, String> files = new TreeMap<>();
        files.put(ENVELOPE_SCHEMA, pretty(EventSchemas.envelope()));
        for (EventCatalog.Entry entry : EventCatalog.entries()) {
            files.put(schemaFile(entry), pretty(EventSchemas.of(entry.type())));
        }
        files.put(CATALOG, markdown());
        return files;
    }

    public static String schemaFile(EventCatalog.Entry entry) {
        return entry.name() + ".schema.json";
    }

    private String markdown() {
        List<EventCatalog.Entry> entries = EventCatalog.entries();
        StringBuilder md = new StringBuilder();
        md.append("# The events of topic `")
                .append(EventTopicProperties.DEFAULT_TOPIC)
                .append("`\n\n")
                .append("Generated from the code by `")
                .append(EventCatalogGenerator.class.getName())
                .append("`; do not edit. After changing an event, regenerate it from the repository root with\n`")
                .append(REGENERATE)
                .append("`.\n\n")
                .append("Every record's key is its envelope's `aggregateId`; its value is one envelope, UTF-8 JSON,\n")
                .append("whose `payload` is the event. What a reader can rely on (each event once, in order\n")
                .append("per aggregate) and how to read the topic: [the event topic](../event-topic.md).\n\n");

        md.append("## The envelope\n\n")
                .append(javadocs.describe(EventEnvelope.class))
                .append("\n\n")
                .append("Schema: [")
                .append(ENVELOPE_SCHEMA)
                .append("](")
                .append(ENVELOPE_SCHEMA)
                .append(").\n\n")
                .append("| Field | Type | Meaning |\n|---|---|---|\n");
        Map<String, String> meanings = javadocs.params(EventEnvelope.class);
        EventSchemas.envelope()
                .get("properties")
                .properties()
                .forEach(field -> md.append("| `")
                        .append(field.getKey())
                        .append("` | ")
                        .append(typeOf(field.getValue()))
                        .append(" | ")
                        .append(cell(meanings.getOrDefault(field.getKey(), "")))
                        .append(" |\n"));

        md.append("\n## Event types\n\n| Event type | Aggregate | Meaning |\n|---|---|---|\n");
        for (EventCatalog.Entry entry : entries) {
            md.append("| [`")
                    .append(entry.name())
                    .append("`](#")
                    .append(entry.name().toLowerCase())
                    .append(") | `")
                    .append(entry.aggregateType())
                    .append("` | ")
                    .append(cell(javadocs.describe(entry.type())))
                    .append(" |\n");
        }
        for (EventCatalog.Entry entry : entries) {
            md.append('\n').append(eventSection(entry));
        }
        return md.toString();
    }

    private String eventSection(EventCatalog.Entry entry) {
        JsonNode schema = EventSchemas.of(entry.type());
        StringBuilder md = new StringBuilder("### ")
                .append(entry.name())
                .append("\n\n")
                .append(javadocs.describe(entry.type()))
                .append("\n\n")
                .append("Aggregate `")
                .append(entry.aggregateType())
                .append("`. Schema of the payload: [")
                .append(schemaFile(entry))
                .append("](")
                .append(schemaFile(entry))
                .append(").\n\n")
                .append(fieldTable(schema));
        EventSchemas.nestedRecords(entry.type())
                .forEach((name, type) -> md.append("\n`")
                        .append(name)
                        .append("`: ")
                        .append(javadocs.describe(type))
                        .append("\n\n")
                        .append(fieldTable(schema.get("$defs").get(name))));
        byte[] onTheTopic = new EventEnvelopeCodec().encode(entry.example());
        return md.append("\nExample envelope:\n\n```json\n")
                .append(pretty(JSON.readTree(onTheTopic)))
                .append("```\n")
                .toString();
    }

    private static String fieldTable(JsonNode objectSchema) {
        StringBuilder table = new StringBuilder("| Field | Type |\n|---|---|\n");
        Set<String> required = new HashSet<>();
        objectSchema.get("required").forEach(name -> required.add(name.asString()));
        objectSchema
                .get("properties")
                .properties()
                .forEach(field -> table.append("| `")
                        .append(field.getKey())
                        .append("` | ")
                        .append(typeOf(field.getValue()))
                        .append(required.contains(field.getKey()) ? "" : ", may be absent")
                        .append(
                                field.getValue().has("description")
                                        ? ": "
                                                + cell(field.getValue()
                                                        .get("description")
                                                        .asString())
                                        : "")
                        .append(" |\n"));
        return table.toString();
    }

    /** A property's schema in words, e.g. {@code string (date)}, {@code list of Fluid}, {@code integer or null}. */
    private static String typeOf(JsonNode schema) {
        if (schema.has("$ref")) {
            String ref = schema.get("$ref").asString();
            return "`" + ref.substring(ref.lastIndexOf('/') + 1) + "`";
        }
        if (schema.has("const")) {
            return "`" + schema.get("const") + "`";
        }
        if (schema.has("enum")) {
            return "one of "
                    + StreamSupport.stream(schema.get("enum").spliterator(), false)
                            .map(value -> "`" + value.asString() + "`")
                            .collect(Collectors.joining(", "));
        }
        // "type" is one name, or [name, "null"] when the value may be null (EventSchemas.nullable)
        JsonNode type = schema.get("type");
        String name = type.isArray() ? type.get(0).asString() : type.asString();
        String words = name.equals("array")
                ? "list of " + typeOf(schema.get("items"))
                : schema.has("additionalProperties")
                        ? "map of string to " + typeOf(schema.get("additionalProperties"))
                        : name;
        List<String> details = new ArrayList<>();
        for (String keyword : List.of("format", "contentEncoding")) {
            if (schema.has(keyword)) {
                details.add(schema.get(keyword).asString());
            }
        }
        if (schema.has("minimum")) {
            details.add("at least " + schema.get("minimum"));
        }
        if (!details.isEmpty()) {
            words += " (" + String.join(", ", details) + ")";
        }
        return type.isArray() ? words + " or null" : words;
    }

    private static String cell(String text) {
        return text.replace("|", "\\|");
    }

    private static String pretty(JsonNode json) {
        return PRETTY.writeValueAsString(json) + "\n";
    }
}
