package dev.vspec.sandbox.sample;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.vspec.access.Sha256;
import dev.vspec.contracts.catalog.ConfigurationRegistered;
import dev.vspec.contracts.catalog.ExteriorImageCached;
import dev.vspec.contracts.catalog.ServiceHistoryRecorded;
import dev.vspec.contracts.catalog.VinLinked;
import dev.vspec.contracts.enrichment.EnrichmentCompleted;
import dev.vspec.events.kafka.EventEnvelope;
import dev.vspec.events.kafka.EventEnvelopeCodec;
import dev.vspec.sandbox.sample.ReferenceStream.ReferenceEvent;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

class ReferenceStreamTest {

    private static final List<String> EVERY_CONFIGURATION_GROUP = List.of(
            "ConfigurationRegistered",
            "FluidsRecorded",
            "SpecsRecorded",
            "TiresRecorded",
            "ServiceScheduleRecorded",
            "PartsRecorded",
            "PartPriced",
            "LaborTimesRecorded",
            "ExteriorImageCached");

    private static final JsonMapper PLAIN = JsonMapper.builder()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .build();

    private static ReferenceStream stream;
    /** The file's non-blank lines, read without the codec. */
    private static List<JsonNode> lines;

    @BeforeAll
    static void load() throws IOException {
        stream = ReferenceStream.load();
        lines = new ArrayList<>();
        try (InputStream in =
                ReferenceStreamTest.class.getClassLoader().getResourceAsStream(ReferenceStream.RESOURCE)) {
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                if (!line.isBlank()) {
                    lines.add(PLAIN.readTree(line));
                }
            }
        }
    }

    @Test
    void everyPayloadReEncodesToExactlyTheLineItWasReadFrom() {
        EventEnvelopeCodec codec = new EventEnvelopeCodec();
        List<ReferenceEvent> events = stream.events();
        assertThat(events).hasSameSizeAs(lines).isNotEmpty();

        for (int i = 0; i < events.size(); i++) {
            EventEnvelope read = events.get(i).envelope();
            EventEnvelope reEncoded = codec.wrap(
                    read.eventId(),
                    read.aggregateType(),
                    read.aggregateId(),
                    read.aggregateSequence(),
                    read.occurredAt(),
                    events.get(i).event());
            // both sides as text read by one mapper, so byte[] and long compare as the topic carries them
            JsonNode onTopic = PLAIN.readTree(codec.encode(reEncoded)).get("payload");
            JsonNode inFile = lines.get(i).get("payload");

            // a field renamed, dropped or added in contracts since the stream was written shows up here
            assertThat(onTopic).as("line %d (%s)", i + 1, read.eventType()).isEqualTo(inFile);
            assertThat(reEncoded.eventType())
                    .as("line %d", i + 1)
                    .isEqualTo(lines.get(i).get("eventType").asString());
        }
    }

    @Test
    void eachAggregatesSequenceRunsFromZeroWithoutGaps() {
        Map<String, List<Long>> sequences = new LinkedHashMap<>();
        for (ReferenceEvent event : stream.events()) {
            EventEnvelope envelope = event.envelope();
            sequences
                    .computeIfAbsent(envelope.aggregateType() + "/" + envelope.aggregateId(), k -> new ArrayList<>())
                    .add(envelope.aggregateSequence());
        }

        assertThat(sequences).isNotEmpty();
        sequences.forEach((aggregate, seen) -> assertThat(seen)
                .as(aggregate)
                .containsExactlyElementsOf(
                        LongStream.range(0, seen.size()).boxed().toList()));
    }

    @Test
    void eachEventNamesTheAggregateItBelongsTo() {
        Map<String, String> idField = Map.of(
                "VehicleConfiguration",
                "configKey",
                "Vehicle",
                "vin",
                "EnrichmentJob",
                "jobId",
                "RecallCampaign",
                "campaignNumber");

        for (ReferenceEvent event : stream.events()) {
            EventEnvelope envelope = event.envelope();
            assertThat(idField).as(envelope.eventId()).containsKey(envelope.aggregateType());
            assertThat(envelope.payload()
                            .get(idField.get(envelope.aggregateType()))
                            .asString())
                    .as("%s %s", envelope.eventType(), envelope.eventId())
                    .isEqualTo(envelope.aggregateId());
        }
    }

    @Test
    void eventIdsAreUnique() {
        List<String> ids = stream.events().stream()
                .map(event -> event.envelope().eventId())
                .toList();

        assertThat(ids).doesNotHaveDuplicates().doesNotContainNull();
    }

    @Test
    void oneConfigurationHasEveryGroupAndAVinWithServiceHistory() {
        Map<String, Set<String>> groupsByConfiguration = new HashMap<>();
        for (ReferenceEvent event : stream.events()) {
            if (event.envelope().aggregateType().equals("VehicleConfiguration")) {
                groupsByConfiguration
                        .computeIfAbsent(event.envelope().aggregateId(), k -> new HashSet<>())
                        .add(event.envelope().eventType());
            }
        }
        Set<String> complete = groupsByConfiguration.entrySet().stream()
                .filter(entry -> entry.getValue().containsAll(EVERY_CONFIGURATION_GROUP))
                .map(Map.Entry::getKey)
                .collect(Collectors.toSet());
        Map<String, String> configurationOfVin = vinLinks();
        List<String> vinsWithHistory = events(ServiceHistoryRecorded.class).stream()
                .map(ServiceHistoryRecorded::vin)
                .toList();

        assertThat(complete).as("configurations with every group").isNotEmpty();
        assertThat(vinsWithHistory)
                .as("VINs with service history")
                .anySatisfy(vin -> assertThat(complete).contains(configurationOfVin.get(vin)));
    }

    @Test
    void everyLinkedVinPointsAtARegisteredConfiguration() {
        assertThat(vinLinks()).isNotEmpty();
        assertThat(registeredConfigurations()).containsAll(vinLinks().values());
    }

    @Test
    void everyImageMatchesItsDigest() {
        assertThat(events(ExteriorImageCached.class))
                .isNotEmpty()
                .allSatisfy(image -> assertThat(Sha256.hex(image.image()))
                        .as(image.configKey())
                        .isEqualTo(image.sha256()));
    }

    @Test
    void twoConfigurationsShareYearMakeAndModel() {
        Map<String, List<String>> keysByVehicle = events(ConfigurationRegistered.class).stream()
                .collect(Collectors.groupingBy(
                        c -> c.year() + " " + c.make() + " " + c.model(),
                        Collectors.mapping(ConfigurationRegistered::configKey, Collectors.toList())));

        assertThat(keysByVehicle.values())
                .anySatisfy(keys -> assertThat(keys).doesNotHaveDuplicates().hasSizeGreaterThanOrEqualTo(2));
    }

    @Test
    void theEnrichmentJobEndsCompletedWithItsVinLinked() {
        Map<String, List<ReferenceEvent>> jobs = new LinkedHashMap<>();
        for (ReferenceEvent event : stream.events()) {
            if (event.envelope().aggregateType().equals("EnrichmentJob")) {
                jobs.computeIfAbsent(event.envelope().aggregateId(), k -> new ArrayList<>())
                        .add(event);
            }
        }

        assertThat(jobs).isNotEmpty();
        jobs.forEach((job, events) -> {
            Object last = events.get(events.size() - 1).event();
            assertThat(last).as(job).isInstanceOf(EnrichmentCompleted.class);
            EnrichmentCompleted completed = (EnrichmentCompleted) last;
            assertThat(registeredConfigurations()).as(job).contains(completed.configKey());
            assertThat(vinLinks()).as(job).containsEntry(completed.vin(), completed.configKey());
        });
    }

    @Test
    void aLineOfAnUnknownEventTypeIsRefusedByLineNumber() {
        String known = """
                {"envelopeVersion":1,"eventId":"4b0d6a52-9a0e-4c55-8f5e-2b1f0c7d9e31","eventType":"VinLinked","aggregateType":"Vehicle","aggregateId":"19XFC2F52KE715372","aggregateSequence":0,"occurredAt":"2026-11-21T07:27:37.516Z","payload":{"vin":"19XFC2F52KE715372","configKey":"2019-honda-civic-lx-k20c2-fwd"}}""";
        String unknown = """
                {"envelopeVersion":1,"eventId":"0f5c2a7e-3d41-4b8a-9c6e-7a2d5e1b4f08","eventType":"RecallsRecorded","aggregateType":"VehicleConfiguration","aggregateId":"2019-honda-civic-lx-k20c2-fwd","aggregateSequence":17,"occurredAt":"2026-11-21T07:27:37.530Z","payload":{"configKey":"2019-honda-civic-lx-k20c2-fwd","recalls":[]}}""";
        byte[] bytes = (known + "\n\n" + unknown + "\n").getBytes(StandardCharsets.UTF_8);

        assertThatThrownBy(() -> ReferenceStream.parse(bytes))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("line 3")
                .hasMessageContaining("RecallsRecorded");
        assertThat(ReferenceStream.parse(known.getBytes(StandardCharsets.UTF_8)).payloads())
                .containsExactly(new VinLinked("19XFC2F52KE715372", "2019-honda-civic-lx-k20c2-fwd", null));
    }

    @Test
    void aLineThatIsNotAnEnvelopeIsRefused() {
        byte[] bareEvent = """
                {"vin":"19XFC2F52KE715372","configKey":"2019-honda-civic-lx-k20c2-fwd"}
                """.getBytes(StandardCharsets.UTF_8);
        byte[] notJson = "VinLinked 19XFC2F52KE715372 2019-honda-civic-lx-k20c2-fwd\n".getBytes(StandardCharsets.UTF_8);

        assertThatThrownBy(() -> ReferenceStream.parse(bareEvent))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("line 1")
                .hasCauseInstanceOf(EventEnvelopeCodec.UnreadableEnvelopeException.class);
        assertThatThrownBy(() -> ReferenceStream.parse(notJson))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("line 1")
                .hasCauseInstanceOf(EventEnvelopeCodec.UnreadableEnvelopeException.class);
    }

    private static <T> List<T> events(Class<T> type) {
        return stream.payloads().stream()
                .filter(type::isInstance)
                .map(type::cast)
                .toList();
    }

    private static Map<String, String> vinLinks() {
        return events(VinLinked.class).stream().collect(Collectors.toMap(VinLinked::vin, VinLinked::configKey));
    }

    private static Set<String> registeredConfigurations() {
        return events(ConfigurationRegistered.class).stream()
                .map(ConfigurationRegistered::configKey)
                .collect(Collectors.toSet());
    }
}
