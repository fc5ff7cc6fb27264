package dev.vspec.command.eventcatalog;

import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SchemaRegistryConfig;
import com.networknt.schema.SpecificationVersion;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Checks record values of the event topic against the catalog's JSON Schemas with a real
 * validator (networknt, draft 2020-12, formats asserted): the envelope against its schema, the
 * payload against its event type's, and the aggregate type against the catalog's.
 */
public final class EventCatalogValidator {

    private final SchemaRegistry registry = SchemaRegistry.withDefaultDialect(
            SpecificationVersion.DRAFT_2020_12,
            builder -> builder.schemaRegistryConfig(
                    SchemaRegistryConfig.builder().formatAssertionsEnabled(true).build()));
    private final Schema envelope = registry.getSchema(EventSchemas.envelope());
    private final Map<String, Schema> payloads = EventCatalog.entries().stream()
            .collect(Collectors.toUnmodifiableMap(
                    EventCatalog.Entry::name, entry -> registry.getSchema(EventSchemas.of(entry.type()))));

    /** What is wrong with one record value as the topic carries it; empty when the catalog describes it. */
    public List<String> problemsWith(byte[] recordValue) {
        JsonNode json;
        try {
            json = JsonMapper.shared().readTree(recordValue);
        } catch (JacksonException e) {
            return List.of("not JSON: " + e.getOriginalMessage());
        }
        List<String> problems = new ArrayList<>();
        envelope.validate(json).forEach(error -> problems.add("envelope: " + error));
        JsonNode eventType = json.path("eventType");
        Optional<EventCatalog.Entry> entry = EventCatalog.entryNamed(eventType.isString() ? eventType.asString() : "");
        if (entry.isEmpty()) {
            problems.add("eventType " + eventType + " is not in the event catalog");
            return problems;
        }
        payloads.get(entry.get().name())
                .validate(json.path("payload"))
                .forEach(error -> problems.add(entry.get().name() + " payload: " + error));
        if (!json.path("aggregateType").asString("").equals(entry.get().aggregateType())) {
            problems.add(entry.get().name() + " belongs to aggregate type "
                    + entry.get().aggregateType() + ", not " + json.path("aggregateType"));
        }
        return problems;
    }
}
