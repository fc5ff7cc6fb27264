package dev.vspec.command.eventcatalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.vspec.contracts.catalog.ConfigurationRegistered;
import dev.vspec.contracts.catalog.PublishedEvents;
import dev.vspec.contracts.decoding.VpicReleaseInstalled;
import dev.vspec.events.kafka.EventEnvelope;
import dev.vspec.events.kafka.EventEnvelopeCodec;
import java.io.IOException;
import java.lang.reflect.RecordComponent;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

class EventCatalogTest {

    /** Tests run in the module's directory. */
    private static final Path REPOSITORY = Path.of("..").toAbsolutePath().normalize();
    /** The sandbox's recorded stream: envelopes exactly as the topic carried them. */
    private static final Path REFERENCE_STREAM =
            REPOSITORY.resolve("sandbox/src/main/resources/sample/reference-events.jsonl");

    private final EventEnvelopeCodec codec = new EventEnvelopeCodec();
    private final EventCatalogValidator validator = new EventCatalogValidator();

    @Test
    void everyPublishedEventTypeHasASchemaAnExampleAndASection() {
        Map<String, String> files = new EventCatalogGenerator(REPOSITORY).files();

        for (Class<? extends Record> type : PublishedEvents.TYPES) {
            String name = PublishedEvents.nameOf(type);
            EventCatalog.Entry entry = EventCatalog.entryNamed(name).orElseThrow();
            byte[] example = codec.encode(entry.example());

            assertThat(files).containsKey(name + ".schema.json");
            assertThat(files.get(EventCatalogGenerator.CATALOG)).contains("\n### " + name + "\n");
            assertThat(validator.problemsWith(example))
                    .as("the example of %s", name)
                    .isEmpty();
            assertThat(codec.event(codec.decode(example))).isInstanceOf(type);
        }
        assertThat(EventCatalog.examples())
                .extracting(EventEnvelope::eventType)
                .doesNotHaveDuplicates()
                .hasSameSizeAs(PublishedEvents.TYPES);
        assertThat(files).hasSize(PublishedEvents.TYPES.size() + 2).containsKey(EventCatalogGenerator.ENVELOPE_SCHEMA);
    }

    @Test
    void everyExampleIsWrittenInOnePassExactlyAsItsEnvelopeIs() {
        EventEnvelopeCodec codec = new EventEnvelopeCodec();
        for (EventEnvelope example : EventCatalog.examples()) {
            byte[] direct = codec.encode(
                    example.eventId(),
                    example.aggregateType(),
                    example.aggregateId(),
                    example.aggregateSequence(),
                    example.occurredAt(),
                    codec.event(example));
            assertThat(new String(direct, StandardCharsets.UTF_8))
                    .as(example.eventType())
                    .isEqualTo(new String(codec.encode(example), StandardCharsets.UTF_8));
        }
    }

    @Test
    void everyLineOfTheReferenceStreamMatchesTheCatalog() throws IOException {
        List<String> lines = Files.readAllLines(REFERENCE_STREAM, StandardCharsets.UTF_8).stream()
                .filter(line -> !line.isBlank())
                .toList();
        Set<String> types = new HashSet<>();

        for (int i = 0; i < lines.size(); i++) {
            byte[] line = lines.get(i).getBytes(StandardCharsets.UTF_8);
            assertThat(validator.problemsWith(line))
                    .as("%s line %d", REFERENCE_STREAM.getFileName(), i + 1)
                    .isEmpty();
            types.add(codec.decode(line).eventType());
        }
        assertThat(lines).hasSizeGreaterThanOrEqualTo(40);
        assertThat(types)
                .contains(
                        "ConfigurationRegistered",
                        "ExteriorImageCached",
                        "ServiceHistoryRecorded",
                        "EnrichmentStepCompleted");
    }

    @Test
    void anEnvelopeWithoutARequiredFieldOrPayloadFieldIsRejected() {
        assertThat(problemsWithExample("VinLinked", envelope -> envelope.remove("aggregateId")))
                .singleElement()
                .asString()
                .startsWith("envelope:")
                .contains("aggregateId");
        assertThat(problemsWithExample(
                        "FluidsRecorded", envelope -> payload(envelope).remove("fluids")))
                .singleElement()
                .asString()
                .startsWith("FluidsRecorded payload:")
                .contains("fluids");
    }

    @Test
    void aFieldOfAnotherTypeIsRejected() {
        assertThat(problemsWithExample("VinLinked", envelope -> envelope.put("aggregateSequence", "0")))
                .singleElement()
                .asString()
                .contains("aggregateSequence");
        assertThat(problemsWithExample(
                        "FluidsRecorded",
                        envelope ->
                                ((ObjectNode) payload(envelope).get("fluids").get(0)).put("capacityLitres", "4.2")))
                .singleElement()
                .asString()
                .contains("/fluids/0/capacityLitres");
        assertThat(problemsWithExample("VinLinked", envelope -> envelope.put("envelopeVersion", 2)))
                .singleElement()
                .asString()
                .contains("envelopeVersion");
    }

    @Test
    void nullIsRejectedWhereTheCatalogRequiresAValueAndAcceptedWhereItMayBeLeftOut() {
        assertThat(problemsWithExample(
                        "ConfigurationRegistered", envelope -> payload(envelope).putNull("make")))
                .singleElement()
                .asString()
                .contains("make");
        assertThat(problemsWithExample(
                        "ConfigurationRegistered", envelope -> payload(envelope).putNull("drivetrain")))
                .isEmpty();
    }

    @Test
    void aDateATimeOrACodeWrittenOtherwiseIsRejected() {
        assertThat(problemsWithExample(
                        "PartPriced", envelope -> payload(envelope).put("asOf", "01/04/2025")))
                .singleElement()
                .asString()
                .contains("asOf");
        assertThat(problemsWithExample("PartPriced", envelope -> envelope.put("occurredAt", "1763710056776")))
                .singleElement()
                .asString()
                .contains("occurredAt");
        assertThat(problemsWithExample(
                        "EnrichmentStepCompleted", envelope -> payload(envelope).put("step", "DECODED")))
                .singleElement()
                .asString()
                .contains("step");
    }

    @Test
    void aFieldTheCatalogDoesNotKnowAnUnknownEventTypeOrAnotherAggregateTypeIsRejected() {
        assertThat(problemsWithExample(
                        "VinLinked", envelope -> payload(envelope).put("colour", "blue")))
                .singleElement()
                .asString()
                .contains("colour");
        assertThat(problemsWithExample("VinLinked", envelope -> envelope.put("eventType", "VinUnlinked")))
                .containsExactly("eventType \"VinUnlinked\" is not in the event catalog");
        assertThat(problemsWithExample("VinLinked", envelope -> envelope.put("aggregateType", "VehicleConfiguration")))
                .containsExactly("VinLinked belongs to aggregate type Vehicle, not \"VehicleConfiguration\"");
        assertThat(validator.problemsWith("not json".getBytes(StandardCharsets.UTF_8)))
                .singleElement()
                .asString()
                .startsWith("not JSON");
    }

    @Test
    void everyNullableComponentNamesATextComponentOfAPublishedRecord() {
        Map<String, Class<?>> records = new HashMap<>();
        for (Class<? extends Record> type : PublishedEvents.TYPES) {
            records.put(type.getSimpleName(), type);
            records.putAll(EventSchemas.nestedRecords(type));
        }

        for (String nullable : EventSchemas.NULLABLE) {
            String[] typeAndComponent = nullable.split("\\.");
            Class<?> type = records.get(typeAndComponent[0]);
            assertThat(type).as("%s names a published record", nullable).isNotNull();
            assertThat(List.of(type.getRecordComponents()))
                    .as(nullable)
                    .filteredOn(c -> c.getName().equals(typeAndComponent[1]))
                    .singleElement()
                    .extracting(RecordComponent::getType)
                    .isEqualTo(String.class);
        }
        assertThat(EventSchemas.of(ConfigurationRegistered.class)
                        .at("/properties/drivetrain/type")
                        .toString())
                .isEqualTo("[\"string\",\"null\"]");
    }

    @Test
    void aComponentTypeWithoutAMappingFailsTheGeneration() {
        record Tally(Set<String> names) {}
        record Keyed(Map<Integer, String> byId) {}

        assertThatThrownBy(() -> EventSchemas.of(Tally.class))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("java.util.Set");
        assertThatThrownBy(() -> EventSchemas.of(Keyed.class))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("java.util.Map");
    }

    @Test
    void aMapByNameIsAnObjectWhoseValuesHaveTheValuesSchema() {
        assertThat(EventSchemas.of(VpicReleaseInstalled.class)
                        .at("/properties/counts")
                        .toString())
                .isEqualTo("{\"type\":\"object\",\"additionalProperties\":{\"type\":\"integer\"}}");
        assertThat(problemsWithExample(
                        "VpicReleaseInstalled",
                        envelope -> ((ObjectNode) payload(envelope).get("counts")).put("pattern", "many")))
                .singleElement()
                .asString()
                .contains("/counts/pattern");
        assertThat(problemsWithExample(
                        "VpicReleaseInstalled", envelope -> payload(envelope).putNull("replacedSha256")))
                .isEmpty();
    }

    @Test
    void theCatalogExplainsEachTypeAndEnvelopeFieldInTheWordsOfItsJavadoc() {
        String catalog = new EventCatalogGenerator(REPOSITORY).files().get(EventCatalogGenerator.CATALOG);

        assertThat(catalog)
                .contains(
                        "| `aggregateId` | string | config_key, VIN, enrichment job id, `vpic`, NHTSA campaign number or `epa-` and the"
                                + " EPA id; also the record key |")
                .contains(
                        "| [`PartPriced`](#partpriced) | `VehicleConfiguration` | A part cost `amount` (ISO 4217 `currency`)"
                                + " as of a date. Prices accumulate; the latest `asOf` is current. |")
                .contains("`ServiceInterval`: A service due every so many miles (and kilometres) or months, whichever"
                        + " comes first, on the `normal` or `severe` schedule. An unused bound is null.")
                .contains("| `miles` | integer or null |")
                .contains("| `step` | one of `decoded`, `found_upstream`, `catalog_recorded`, `vin_linked` |");
    }

    private List<String> problemsWithExample(String eventType, Consumer<ObjectNode> change) {
        ObjectNode envelope = (ObjectNode) JsonMapper.shared()
                .readTree(codec.encode(
                        EventCatalog.entryNamed(eventType).orElseThrow().example()));
        change.accept(envelope);
        return validator.problemsWith(JsonMapper.shared().writeValueAsBytes(envelope));
    }

    private static ObjectNode payload(ObjectNode envelope) {
        return (ObjectNode) envelope.get("payload");
    }
}
