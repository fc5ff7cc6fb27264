package dev.vspec.query;

import static dev.vspec.storage.jooq.read.Tables.CONFIGURATION;
import static dev.vspec.storage.jooq.read.Tables.CONFIG_KEY_ALIAS;
import static dev.vspec.storage.jooq.read.Tables.IMAGE;
import static dev.vspec.storage.jooq.read.Tables.PARTS_DOCUMENT;
import static dev.vspec.storage.jooq.read.Tables.RECALL;
import static dev.vspec.storage.jooq.read.Tables.RECALL_FILE;
import static dev.vspec.storage.jooq.read.Tables.SERVICE_HISTORY_SOURCE;
import static dev.vspec.storage.jooq.read.Tables.SERVICE_RECORD;
import static dev.vspec.storage.jooq.read.Tables.VIN;

import dev.vspec.contracts.catalog.FactSource;
import dev.vspec.contracts.catalog.Fluid;
import dev.vspec.contracts.catalog.LaborTime;
import dev.vspec.contracts.catalog.Part;
import dev.vspec.contracts.catalog.PartPriced;
import dev.vspec.contracts.catalog.ServiceInterval;
import dev.vspec.contracts.catalog.SpecItem;
import dev.vspec.contracts.catalog.TireFitment;
import dev.vspec.contracts.identity.VehicleIdentifier;
import dev.vspec.contracts.recalls.RecallRecorded;
import dev.vspec.decoder.CatalogIdentity;
import dev.vspec.decoder.VinDecoding;
import dev.vspec.events.kafka.EventEnvelopeCodec;
import dev.vspec.readmodel.FluidView;
import dev.vspec.readmodel.GroupDocument;
import dev.vspec.readmodel.LaborView;
import dev.vspec.readmodel.PartView;
import dev.vspec.readmodel.Provenance;
import dev.vspec.readmodel.RecallRows;
import dev.vspec.readmodel.Schedules;
import dev.vspec.readmodel.SpecView;
import dev.vspec.readmodel.TireView;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;
import org.jooq.DSLContext;

/**
 * Rows and documents the projections would have written, put straight into the read tables: the
 * query side only reads them. The group documents are rendered from catalog items by the same
 * {@link GroupDocument} code the projections use. Idempotent, so every test class of the shared
 * context can call it.
 */
public final class ReadModelSeed {

    public static final String CIVIC_LX = "2019-honda-civic-lx-k20c2-fwd";
    public static final String CIVIC_LX_LABEL = "2019 Honda Civic LX 2.0L K20C2";
    /** The key a later vPIC release derives for the Civic LX (no drive type decoded), kept as its alias. */
    public static final String CIVIC_LX_ALIAS = "2019-honda-civic-lx-k20c2";

    public static final String CIVIC_SPORT = "2019-honda-civic-sport-k20c2-fwd";
    public static final String CIVIC_SPORT_LABEL = "2019 Honda Civic Sport 2.0L K20C2";
    public static final String CIVIC_EX = "2019-honda-civic-ex-l15b7-fwd";
    public static final String CIVIC_EX_LABEL = "2019 Honda Civic EX 1.5L Turbo L15B7";
    /** Two XLT configs share a label, so the key decides their order. */
    public static final String F150_XLT_27_4X4 = "2019-ford-f-150-xlt-ecoboost27-4x4";

    public static final String F150_XLT_27_4X2 = "2019-ford-f-150-xlt-ecoboost27-4x2";
    public static final String F150_XLT_27_LABEL = "2019 Ford F-150 XLT 2.7L EcoBoost V6";
    public static final String F150_XLT_50 = "2019-ford-f-150-xlt-coyote50-4x4";
    public static final String F150_XLT_50_LABEL = "2019 Ford F-150 XLT 5.0L V8 4x4";
    public static final String RANGE_ROVER = "2020-land-rover-range-rover-sport-hse-pt306";
    public static final String RANGE_ROVER_LABEL = "2020 Land Rover Range Rover Sport HSE 3.0L PT306";

    public static final String CIVIC_LX_VIN = "2HGFC2F59KH500001";
    public static final String RANGE_ROVER_VIN = "SALWR2SE4LA700001";

    /** Where the seeded facts say they came from, and when they were recorded. */
    public static final Provenance SEEDED = Provenance.of(
            FactSource.importFile("catalog.json", "d9269729010ea2def33edd26018988b332dee5afdc4b17ea8cc8005569bdee18"),
            Instant.parse("2026-11-21T07:27:36.776Z"));

    public static final String SEEDED_SOURCE_JSON = "{\"kind\":\"import\",\"name\":\"catalog.json\","
            + "\"sha256\":\"d9269729010ea2def33edd26018988b332dee5afdc4b17ea8cc8005569bdee18\"}";

    /** When the seeded recalls were recorded. */
    public static final OffsetDateTime RECALLS_RECORDED_AT = OffsetDateTime.parse("2026-11-21T07:40:12.538Z");

    private ReadModelSeed() {}

    public static void seed(DSLContext db) {
        // Inserted out of label order, so the answers' order comes from the service.
        configuration(db, CIVIC_SPORT, 2019, "Honda", "Civic", "Sport", "K20C2", "FWD", CIVIC_SPORT_LABEL);
        configuration(db, CIVIC_LX, 2019, "Honda", "Civic", "LX", "K20C2", "FWD", CIVIC_LX_LABEL);
        configuration(db, CIVIC_EX, 2019, "Honda", "Civic", "EX", "L15B7", "FWD", CIVIC_EX_LABEL);
        configuration(db, F150_XLT_50, 2019, "Ford", "F-150", "XLT", "Coyote50", "4x4", F150_XLT_50_LABEL);
        configuration(db, F150_XLT_27_4X4, 2019, "Ford", "F-150", "XLT", "EcoBoost27", "4x4", F150_XLT_27_LABEL);
        configuration(db, F150_XLT_27_4X2, 2019, "Ford", "F-150", "XLT", "EcoBoost27", "4x2", F150_XLT_27_LABEL);
        configuration(
                db, RANGE_ROVER, 2020, "Land Rover", "Range Rover Sport", "HSE", "PT306", null, RANGE_ROVER_LABEL);

        vin(db, CIVIC_LX_VIN, CIVIC_LX);
        vin(db, RANGE_ROVER_VIN, RANGE_ROVER);
        db.insertInto(CONFIG_KEY_ALIAS)
                .set(CONFIG_KEY_ALIAS.ALIAS, CIVIC_LX_ALIAS)
                .set(CONFIG_KEY_ALIAS.CONFIG_KEY, CIVIC_LX)
                .set(
                        CONFIG_KEY_ALIAS.SOURCE,
                        "{\"kind\":\"vpic\",\"name\":\"NHTSA vPIC\",\"version\":\"2026-02-17\","
                                + "\"sha256\":\"f9b3118a\"}")
                .set(CONFIG_KEY_ALIAS.SOURCE_RANK, (short) 1)
                .set(CONFIG_KEY_ALIAS.RECORDED_AT, SEEDED.recordedAt())
                .onConflictDoNothing()
                .execute();

        // Capacities given with fewer decimals than the API shows: rendered with two.
        GroupDocument.FLUIDS.write(
                db,
                CIVIC_LX,
                FluidView.of(List.of(
                        fluid("engine_oil", "SAE 0W-20, API SN", "4.4", "4.65", "With filter change"),
                        fluid("coolant", "Honda Type 2 Long Life Coolant", "6.10", "6.45", null),
                        fluid("transmission", "Honda HCF-2 CVT fluid", null, null, "Drain and fill only"))),
                SEEDED);
        GroupDocument.FLUIDS.write(
                db,
                RANGE_ROVER,
                FluidView.of(List.of(fluid("engine_oil", "SAE 0W-20, JLR STJLR.03.5007", "7", "7.40", null))),
                SEEDED);
    }

    /** The sandbox's reference stream, whose recalls are real rows of NHTSA's recalls file (SAMPLE: a few of them). */
    public static final Path REFERENCE_STREAM = Path.of("../sandbox/src/main/resources/sample/reference-events.jsonl");

    /**
     * The recalls of the sandbox's reference stream (the 2018 Honda Accord's and the 2023 Ford Ranger's, as NHTSA's
     * sample file lists them), in {@code read.recall} and {@code read.recall_file} as the recalls projection writes
     * them. Idempotent.
     */
    public static void seedRecalls(DSLContext db) {
        EventEnvelopeCodec codec = new EventEnvelopeCodec();
        try (Stream<String> lines = Files.lines(REFERENCE_STREAM, StandardCharsets.UTF_8)) {
            lines.filter(line -> line.contains("\"eventType\":\"RecallRecorded\""))
                    .map(line -> (RecallRecorded) codec.event(codec.decode(line.getBytes(StandardCharsets.UTF_8))))
                    .forEach(event -> recall(db, event));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void recall(DSLContext db, RecallRecorded event) {
        Instant at = RECALLS_RECORDED_AT.toInstant();
        db.insertInto(RECALL)
                .set(RecallRows.recall(event, at))
                .onConflictDoNothing()
                .execute();
        db.insertInto(RECALL_FILE)
                .set(RecallRows.file(event, at))
                .onConflictDoNothing()
                .execute();
    }

    /** A configuration's row, with the forms YMMT lookups match on, as the projection writes it. Idempotent. */
    public static void configuration(
            DSLContext db,
            String key,
            int year,
            String make,
            String model,
            String trim,
            String engineCode,
            String drivetrain,
            String label) {
        db.insertInto(CONFIGURATION)
                .set(CONFIGURATION.CONFIG_KEY, key)
                .set(CONFIGURATION.SOURCE, SEEDED.source())
                .set(CONFIGURATION.SOURCE_RANK, SEEDED.rank())
                .set(CONFIGURATION.RECORDED_AT, SEEDED.recordedAt())
                .set(CONFIGURATION.YEAR, year)
                .set(CONFIGURATION.MAKE, make)
                .set(CONFIGURATION.MODEL, model)
                .set(CONFIGURATION.TRIM, trim)
                .set(CONFIGURATION.ENGINE_CODE, engineCode)
                .set(CONFIGURATION.DRIVETRAIN, drivetrain)
                .set(CONFIGURATION.LABEL, label)
                .set(CONFIGURATION.MAKE_MATCH, VehicleIdentifier.normalize(make))
                .set(CONFIGURATION.MODEL_MATCH, VehicleIdentifier.normalize(model))
                .set(CONFIGURATION.TRIM_MATCH, VehicleIdentifier.normalize(trim))
                .onConflictDoNothing()
                .execute();
    }

    /**
     * What an enrichment from vPIC's decode alone records of a VIN (no catalog vendor knows it): the configuration
     * of its decoded identity, the VIN's link and a spec sheet, each from the decoding release, and no other group.
     * Idempotent.
     *
     * @return the configuration's key
     */
    public static String enrichedFromVpicAlone(DSLContext db, VinDecoding decoding, Instant recordedAt) {
        CatalogIdentity identity = CatalogIdentity.of(decoding).orElseThrow();
        Provenance vpic = Provenance.of(
                FactSource.vpic(
                        decoding.release().dataDate().toString(),
                        decoding.release().sha256()),
                recordedAt);
        String key = identity.configKey();
        configuration(
                db,
                key,
                identity.year(),
                identity.make(),
                identity.model(),
                identity.trim(),
                identity.engineCode(),
                identity.drivetrain(),
                identity.label());
        db.update(CONFIGURATION)
                .set(CONFIGURATION.SOURCE, vpic.source())
                .set(CONFIGURATION.SOURCE_RANK, vpic.rank())
                .set(CONFIGURATION.RECORDED_AT, vpic.recordedAt())
                .where(CONFIGURATION.CONFIG_KEY.eq(key))
                .execute();
        vin(db, decoding.vin(), key, vpic);
        GroupDocument.SPECS.write(
                db,
                key,
                SpecView.of(
                        List.of(
                                new SpecItem("engine", "displacement", String.valueOf(decoding.displacementL()), "L"),
                                new SpecItem("engine", "cylinders", String.valueOf(decoding.cylinders()), null)),
                        Provenance.parse(vpic.source())),
                vpic);
        return key;
    }

    private static void vin(DSLContext db, String vin, String key) {
        vin(db, vin, key, SEEDED);
    }

    private static void vin(DSLContext db, String vin, String key, Provenance provenance) {
        db.insertInto(VIN)
                .set(VIN.VIN_, vin)
                .set(VIN.CONFIG_KEY, key)
                .set(VIN.SOURCE, provenance.source())
                .set(VIN.SOURCE_RANK, provenance.rank())
                .set(VIN.RECORDED_AT, provenance.recordedAt())
                .onConflictDoNothing()
                .execute();
    }

    private static Fluid fluid(String type, String specification, String litres, String quarts, String notes) {
        return new Fluid(
                type,
                specification,
                litres == null ? null : new BigDecimal(litres),
                quarts == null ? null : new BigDecimal(quarts),
                notes);
    }

    // Every group beyond fluids: Civic LX has each of them (and an image), the Range Rover only its
    // vehicle and fluids (no image, a VIN without history), the F-150 5.0 the fluids of a 4x4.

    public static final String CIVIC_LX_IMAGE_TYPE = "image/svg+xml";
    public static final byte[] CIVIC_LX_IMAGE = """
            <svg xmlns="http://www.w3.org/2000/svg" width="64" height="32"><rect width="64" height="20" y="6"/></svg>
            """.getBytes(StandardCharsets.UTF_8);

    /** {@link #seed} plus every other group's rows. Idempotent. */
    public static void seedGroups(DSLContext db) {
        seed(db);

        GroupDocument.SPECS.write(
                db,
                CIVIC_LX,
                SpecView.of(
                        List.of(
                                new SpecItem("engine", "displacement", "2.0", "L"),
                                new SpecItem("engine", "cylinders", "4", null),
                                new SpecItem("engine", "power", "158", "hp"),
                                new SpecItem("transmission", "type", "CVT", null)),
                        Provenance.parse(SEEDED.source())),
                SEEDED);

        GroupDocument.TIRES.write(
                db, CIVIC_LX, TireView.of(List.of(new TireFitment("both", "215/55R16", 93, "H", 221, 32))), SEEDED);
        GroupDocument.TIRES.write(
                db,
                F150_XLT_50,
                TireView.of(List.of(
                        new TireFitment("front", "275/65R18", 116, "T", 241, 35),
                        new TireFitment("rear", "275/65R18", 116, "T", 241, 35))),
                SEEDED);

        // Normal and severe intervals interleaved: each schedule keeps its recorded order.
        GroupDocument.MAINTENANCE_SCHEDULE.write(
                db,
                CIVIC_LX,
                Schedules.of(List.of(
                        new ServiceInterval(
                                "normal", "engine_oil_change", "Replace engine oil and filter", 7500, 12000, 12),
                        new ServiceInterval(
                                "severe", "engine_oil_change", "Replace engine oil and filter", 3750, 6000, 6),
                        new ServiceInterval("normal", "tire_rotation", "Rotate tires", 7500, 12000, null),
                        new ServiceInterval("normal", "cabin_air_filter", "Replace cabin air filter", 15000, 24000, 24),
                        new ServiceInterval(
                                "normal", "transmission_fluid_change", "Replace CVT fluid", 60000, 96000, null),
                        new ServiceInterval(
                                "severe", "transmission_fluid_change", "Replace CVT fluid", 30000, 48000, null),
                        new ServiceInterval(
                                "normal", "coolant_replacement", "Replace engine coolant", 120000, 192000, 120),
                        new ServiceInterval(
                                "normal", "brake_fluid_replacement", "Replace brake fluid", null, null, 36))),
                SEEDED);
        GroupDocument.MAINTENANCE_SCHEDULE.write(
                db,
                F150_XLT_50,
                Schedules.of(List.of(
                        new ServiceInterval(
                                "normal", "engine_oil_change", "Replace engine oil and filter", 7500, 12000, 12),
                        new ServiceInterval(
                                "normal", "differential_fluid_change", "Replace axle lubricant", 150000, 240000, null),
                        new ServiceInterval(
                                "normal",
                                "transfer_case_fluid_change",
                                "Replace transfer case fluid",
                                150000,
                                240000,
                                null))),
                SEEDED);

        // The older price is recorded after the newer one: history is newest first whatever the order.
        parts(
                db,
                CIVIC_LX,
                PartView.of(
                        List.of(
                                new Part(
                                        "15400-PLM-A02",
                                        "Engine oil filter",
                                        "filter",
                                        "Honda",
                                        1,
                                        "engine_oil_change"),
                                new Part(
                                        "94109-14000",
                                        "Oil drain plug washer 14 mm",
                                        "gasket",
                                        "Honda",
                                        1,
                                        "engine_oil_change"),
                                new Part("80292-TBA-A11", "Cabin air filter", "filter", "Honda", 1, "cabin_air_filter"),
                                new Part("76622-TBA-A01", "Wiper blade, driver side", "wiper", "Honda", 1, null)),
                        List.of(
                                price(CIVIC_LX, "15400-PLM-A02", "9.86", "2026-09-01"),
                                price(CIVIC_LX, "15400-PLM-A02", "9.42", "2025-04-01"),
                                price(CIVIC_LX, "94109-14000", "1.1", "2026-02-01"),
                                price(CIVIC_LX, "80292-TBA-A11", "28.10", "2025-04-01"),
                                price(CIVIC_LX, "80292-TBA-A11", "29.35", "2026-09-01"))),
                SEEDED,
                SEEDED.recordedAt());
        parts(
                db,
                F150_XLT_50,
                PartView.of(
                        List.of(new Part(
                                "XY-75W85-QL",
                                "Rear axle lubricant 75W-85, 1 qt",
                                "fluid",
                                "Motorcraft",
                                3,
                                "differential_fluid_change")),
                        List.of(price(F150_XLT_50, "XY-75W85-QL", "12.99", "2026-02-01"))),
                SEEDED,
                SEEDED.recordedAt());

        GroupDocument.LABOR.write(
                db,
                CIVIC_LX,
                LaborView.of(List.of(
                        labor("engine_oil_change", "Replace engine oil and filter", "0.50"),
                        labor("tire_rotation", "Rotate tires and set pressures", "0.5"),
                        labor("cabin_air_filter", "Replace cabin air filter", "0.30"),
                        labor("transmission_fluid_change", "Drain and refill CVT fluid", "0.80"),
                        labor("brake_pads_front", "Replace front brake pads", "1.30"))),
                SEEDED);
        GroupDocument.LABOR.write(
                db,
                F150_XLT_50,
                LaborView.of(
                        List.of(labor("differential_fluid_change", "Drain and refill front and rear axles", "1.20"))),
                SEEDED);
        // Recorded as none, which the Civic Sport's labor (not recorded at all) is not: an empty list that is known.
        GroupDocument.LABOR.write(db, CIVIC_EX, List.of(), SEEDED);

        GroupDocument.FLUIDS.write(
                db,
                F150_XLT_50,
                FluidView.of(List.of(
                        fluid("engine_oil", "SAE 5W-20, Ford WSS-M2C945-B1", "7.60", "8.00", null),
                        fluid("front_differential", "SAE 75W-85, Ford WSS-M2C942-A", "1.70", "1.80", null),
                        fluid("rear_differential", "SAE 75W-85, Ford WSS-M2C942-A", "2.60", "2.75", null),
                        fluid("transfer_case", "Motorcraft Transfer Case Fluid XL-12", "1.40", "1.50", null))),
                SEEDED);

        image(db, CIVIC_LX, CIVIC_LX_IMAGE_TYPE, CIVIC_LX_IMAGE);

        db.insertInto(SERVICE_HISTORY_SOURCE)
                .set(SERVICE_HISTORY_SOURCE.VIN, CIVIC_LX_VIN)
                .set(SERVICE_HISTORY_SOURCE.SOURCE, SEEDED.source())
                .set(SERVICE_HISTORY_SOURCE.SOURCE_RANK, SEEDED.rank())
                .set(SERVICE_HISTORY_SOURCE.RECORDED_AT, SEEDED.recordedAt())
                .onConflictDoNothing()
                .execute();
        serviceRecord(db, CIVIC_LX_VIN, 3, "2021-10-02", null, 36512, "owner", "cabin_air_filter");
        serviceRecord(db, CIVIC_LX_VIN, 1, "2019-09-14", 7480, 12038, "dealer", "engine_oil_change,tire_rotation");
        serviceRecord(
                db,
                CIVIC_LX_VIN,
                2,
                "2020-09-20",
                15102,
                24305,
                "independent",
                "engine_oil_change,tire_rotation,cabin_air_filter");
    }

    // Two 2020 F-150 SuperCrew 4x4 5.0L configurations that differ only in trim, which a Ford VIN does
    // not encode: a 2020 F-150 5.0L 4x4 VIN that is not linked decodes to both (409 by VIN).

    /** A 2020 F-150 2.7L (engine code 2.7l-v6, derived) that vPIC decodes fully; no such configuration is seeded. */
    public static final String F150_27_2020_VIN = "1FTEW1EP9LFA00001";

    public static final String F150_2020_XLT_50 = "2020-ford-f-150-xlt-5-0l-v8-4x4";
    public static final String F150_2020_XLT_50_LABEL = "2020 Ford F-150 XLT 5.0L V8 4x4 SuperCrew";
    public static final String F150_2020_LARIAT_50 = "2020-ford-f-150-lariat-5-0l-v8-4x4";
    public static final String F150_2020_LARIAT_50_LABEL = "2020 Ford F-150 Lariat 5.0L V8 4x4 SuperCrew";

    /** {@link #seed} plus the configurations only VIN-decode tests need. Idempotent. */
    public static void seedDecodeMatches(DSLContext db) {
        seed(db);
        configuration(
                db, F150_2020_LARIAT_50, 2020, "Ford", "F-150", "Lariat", "5.0l-v8", "4x4", F150_2020_LARIAT_50_LABEL);
        configuration(db, F150_2020_XLT_50, 2020, "Ford", "F-150", "XLT", "5.0l-v8", "4x4", F150_2020_XLT_50_LABEL);
    }

    /** The SHA-256 (hex) of some bytes, as the image projection records it. */
    public static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * A configuration's parts document as the parts projection writes it: the list's source and time, and when
     * the body last changed (a price recorded after the list moves it). Idempotent.
     */
    public static void parts(
            DSLContext db, String key, List<PartView> parts, Provenance list, OffsetDateTime changedAt) {
        db.insertInto(PARTS_DOCUMENT)
                .set(PARTS_DOCUMENT.CONFIG_KEY, key)
                .set(PARTS_DOCUMENT.BODY, GroupDocument.PARTS.render(parts))
                .set(PARTS_DOCUMENT.SOURCE, list.source())
                .set(PARTS_DOCUMENT.SOURCE_RANK, list.rank())
                .set(PARTS_DOCUMENT.RECORDED_AT, list.recordedAt())
                .set(PARTS_DOCUMENT.CHANGED_AT, changedAt)
                .onConflictDoNothing()
                .execute();
    }

    public static PartPriced price(String key, String partNumber, String amount, String asOf) {
        return new PartPriced(key, partNumber, new BigDecimal(amount), "USD", LocalDate.parse(asOf), null);
    }

    private static LaborTime labor(String operation, String description, String hours) {
        return new LaborTime(operation, description, new BigDecimal(hours));
    }

    private static void image(DSLContext db, String key, String contentType, byte[] bytes) {
        db.insertInto(IMAGE)
                .set(IMAGE.CONFIG_KEY, key)
                .set(IMAGE.CONTENT_TYPE, contentType)
                .set(IMAGE.BYTES, bytes)
                .set(IMAGE.SHA256, sha256(bytes))
                .set(IMAGE.SOURCE, SEEDED.source())
                .set(IMAGE.SOURCE_RANK, SEEDED.rank())
                .set(IMAGE.RECORDED_AT, SEEDED.recordedAt())
                .onConflictDoNothing()
                .execute();
    }

    private static void serviceRecord(
            DSLContext db,
            String vin,
            int position,
            String performedOn,
            Integer miles,
            Integer km,
            String performedBy,
            String services) {
        db.insertInto(SERVICE_RECORD)
                .set(SERVICE_RECORD.VIN, vin)
                .set(SERVICE_RECORD.POSITION, position)
                .set(SERVICE_RECORD.PERFORMED_ON, LocalDate.parse(performedOn))
                .set(SERVICE_RECORD.ODOMETER_MILES, miles)
                .set(SERVICE_RECORD.ODOMETER_KM, km)
                .set(SERVICE_RECORD.PERFORMED_BY, performedBy)
                .set(SERVICE_RECORD.SERVICES, services)
                .onConflictDoNothing()
                .execute();
    }
}
