package dev.vspec.projections;

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
import dev.vspec.contracts.catalog.ServiceHistoryRecorded;
import dev.vspec.contracts.catalog.ServiceInterval;
import dev.vspec.contracts.catalog.ServiceRecord;
import dev.vspec.contracts.catalog.ServiceScheduleRecorded;
import dev.vspec.contracts.catalog.SpecItem;
import dev.vspec.contracts.catalog.SpecsRecorded;
import dev.vspec.contracts.catalog.TireFitment;
import dev.vspec.contracts.catalog.TiresRecorded;
import dev.vspec.contracts.catalog.VinLinked;
import dev.vspec.contracts.epa.EpaEntryRecorded;
import dev.vspec.contracts.epa.EpaSource;
import dev.vspec.contracts.epa.RecordEpaEntry;
import dev.vspec.contracts.recalls.Recall;
import dev.vspec.contracts.recalls.RecallRecorded;
import dev.vspec.contracts.recalls.RecallSource;
import dev.vspec.events.kafka.EventEnvelope;
import dev.vspec.testing.EpaEntries;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/**
 * A small catalog as envelopes, every event type included: three configurations (two trims of one
 * model, one without a render), fluids recorded twice (the second list replaces the first), and
 * two prices for one part with the older as_of arriving last, and a VIN's service history recorded
 * twice (the corrected, shorter one replaces the first), and a recall campaign whose newer file changed its remedy.
 * A tag keeps each test's keys apart.
 */
final class CatalogFixture {

    private static final FactSource SOURCE = FactSource.importFile("catalog.json", "5e0c3d9a");
    private static final RecallSource SEPTEMBER =
            new RecallSource("FLAT_RCL_POST_2010.txt", "a".repeat(64), LocalDate.of(2026, 9, 26));
    private static final EpaSource EPA_MARCH = EpaEntries.file("vehicles.csv", 'c', LocalDate.of(2026, 3, 2));
    private static final EpaSource EPA_SEPTEMBER = EpaEntries.file("vehicles.csv", 'd', LocalDate.of(2026, 9, 18));
    private static final RecallSource OCTOBER =
            new RecallSource("FLAT_RCL_POST_2010.txt", "b".repeat(64), LocalDate.of(2026, 10, 30));

    static final byte[] PNG = "\u0089PNG\r\n\u001a\nrender".getBytes(StandardCharsets.ISO_8859_1);

    final String civicLx;
    final String civicSport;
    final String model3;
    /** The key a later vPIC release derives for the Civic LX (no drivetrain decoded), kept as its alias. */
    final String civicLxAlias;

    final String vinLx;
    final String vinSport;
    final String vinModel3;
    /** An NHTSA campaign of the Model 3, numbered after the tag's VINs. */
    final String campaign;
    /** An EPA entry of the Model 3, numbered after the tag's VINs. */
    final int epaId;

    final List<EventEnvelope> envelopes = new ArrayList<>();

    CatalogFixture(Events events, String tag, int vinSerial) {
        civicLx = "2019-honda-civic-lx-k20c2-fwd-" + tag;
        civicSport = "2019-honda-civic-sport-touring-l15b7-" + tag;
        model3 = "2021-tesla-model-3-long-range-" + tag;
        civicLxAlias = "2019-honda-civic-lx-k20c2-" + tag;
        vinLx = vin(vinSerial);
        vinSport = vin(vinSerial + 1);
        vinModel3 = vin(vinSerial + 2);
        campaign = String.format("26V%06d", vinSerial);
        epaId = 60_000 + vinSerial;

        add(
                events,
                civicLx,
                new ConfigurationRegistered(
                        civicLx, 2019, "Honda", "Civic", "LX", "K20C2", "fwd", "2019 Honda Civic LX", SOURCE));
        add(
                events,
                civicLx,
                new FluidsRecorded(
                        civicLx,
                        List.of(
                                new Fluid(
                                        "engine_oil",
                                        "0W-20 API SP",
                                        new BigDecimal("4.20"),
                                        new BigDecimal("4.40"),
                                        null),
                                new Fluid(
                                        "coolant",
                                        "Honda Type 2",
                                        new BigDecimal("5.00"),
                                        new BigDecimal("5.30"),
                                        null),
                                new Fluid(
                                        "cvt_fluid",
                                        "Honda HCF-2",
                                        new BigDecimal("3.40"),
                                        new BigDecimal("3.60"),
                                        null)),
                        SOURCE));
        add(
                events,
                civicLx,
                new FluidsRecorded(
                        civicLx,
                        List.of(
                                new Fluid(
                                        "engine_oil",
                                        "0W-20 API SP",
                                        new BigDecimal("4.40"),
                                        new BigDecimal("4.60"),
                                        "with filter"),
                                new Fluid(
                                        "coolant",
                                        "Honda Type 2",
                                        new BigDecimal("5.00"),
                                        new BigDecimal("5.30"),
                                        null)),
                        SOURCE));
        add(
                events,
                civicLx,
                new SpecsRecorded(
                        civicLx,
                        List.of(
                                new SpecItem("engine", "displacement", "2.0", "L"),
                                new SpecItem("engine", "power", "158", "hp"),
                                new SpecItem("body", "doors", "4", null)),
                        SOURCE));
        add(
                events,
                civicLx,
                new TiresRecorded(civicLx, List.of(new TireFitment("both", "215/55R16", 93, "H", 220, 32)), SOURCE));
        add(
                events,
                civicLx,
                new ServiceScheduleRecorded(
                        civicLx,
                        List.of(
                                new ServiceInterval(
                                        "normal",
                                        "engine_oil_change",
                                        "Replace engine oil and filter",
                                        7500,
                                        12000,
                                        12),
                                new ServiceInterval(
                                        "severe", "engine_oil_change", "Replace engine oil and filter", 3750, 6000, 6),
                                new ServiceInterval(
                                        "normal", "coolant_replacement", "Replace engine coolant", null, null, 120)),
                        SOURCE));
        add(
                events,
                civicLx,
                new PartsRecorded(
                        civicLx,
                        List.of(
                                new Part("15400-PLM-A02", "Oil filter", "filter", "Honda", 1, "engine_oil_change"),
                                new Part("45022-TBA-A01", "Front brake pads", "brakes", "Honda", 1, null)),
                        SOURCE));
        add(
                events,
                civicLx,
                new PartPriced(
                        civicLx, "15400-PLM-A02", new BigDecimal("12.99"), "USD", LocalDate.of(2025, 6, 1), SOURCE));
        add(
                events,
                civicLx,
                new PartPriced(
                        civicLx, "15400-PLM-A02", new BigDecimal("10.49"), "USD", LocalDate.of(2024, 1, 15), SOURCE));
        add(
                events,
                civicLx,
                new PartPriced(
                        civicLx, "45022-TBA-A01", new BigDecimal("45.00"), "USD", LocalDate.of(2024, 3, 1), SOURCE));
        add(
                events,
                civicLx,
                new LaborTimesRecorded(
                        civicLx,
                        List.of(
                                new LaborTime(
                                        "engine_oil_change", "Drain, replace filter, refill", new BigDecimal("0.50")),
                                new LaborTime("front_brake_pads", "Replace front pads", new BigDecimal("1.20"))),
                        SOURCE));
        add(events, civicLx, new ExteriorImageCached(civicLx, "image/png", PNG, sha256(PNG), SOURCE));

        add(
                events,
                civicSport,
                new ConfigurationRegistered(
                        civicSport,
                        2019,
                        "Honda",
                        "Civic",
                        "Sport  Touring",
                        "L15B7",
                        null,
                        "2019 Honda Civic Sport Touring",
                        SOURCE));
        add(
                events,
                civicSport,
                new FluidsRecorded(
                        civicSport,
                        List.of(new Fluid(
                                "engine_oil", "0W-20 API SP", new BigDecimal("3.50"), new BigDecimal("3.70"), null)),
                        SOURCE));
        add(
                events,
                civicSport,
                new PartsRecorded(
                        civicSport,
                        List.of(new Part("15400-PLM-A02", "Oil filter", "filter", "Honda", 1, "engine_oil_change")),
                        SOURCE));
        add(
                events,
                civicSport,
                new PartPriced(
                        civicSport, "15400-PLM-A02", new BigDecimal("11.50"), "EUR", LocalDate.of(2025, 2, 1), SOURCE));
        add(events, civicSport, new ExteriorImageCached(civicSport, "image/png", PNG, sha256(PNG), SOURCE));

        add(
                events,
                model3,
                new ConfigurationRegistered(
                        model3,
                        2021,
                        "Tesla",
                        "Model 3",
                        "Long Range",
                        "3D7",
                        "awd",
                        "2021 Tesla Model 3 Long Range",
                        SOURCE));
        add(
                events,
                model3,
                new SpecsRecorded(model3, List.of(new SpecItem("battery", "capacity", "82", "kWh")), SOURCE));
        add(
                events,
                model3,
                new TiresRecorded(
                        model3,
                        List.of(
                                new TireFitment("front", "235/45R18", 98, "W", 290, 42),
                                new TireFitment("rear", "235/45R18", 98, "W", 290, 42)),
                        SOURCE));

        add(events, civicLx, new ConfigKeyAliased(civicLx, civicLxAlias, FactSource.vpic("2026-02-17", "f9b3118a")));
        add(events, vinLx, new VinLinked(vinLx, civicLx, SOURCE));
        add(events, vinSport, new VinLinked(vinSport, civicSport, SOURCE));
        add(events, vinModel3, new VinLinked(vinModel3, model3, SOURCE));
        add(
                events,
                vinLx,
                new ServiceHistoryRecorded(
                        vinLx,
                        List.of(
                                new ServiceRecord(
                                        LocalDate.of(2019, 9, 14),
                                        7512,
                                        12089,
                                        "dealer",
                                        List.of("engine_oil_change", "tire_rotation")),
                                new ServiceRecord(
                                        LocalDate.of(2020, 5, 2),
                                        14950,
                                        null,
                                        "independent",
                                        List.of("engine_oil_change")),
                                new ServiceRecord(
                                        LocalDate.of(2020, 5, 30), 15200, 24462, "owner", List.of("cabin_air_filter"))),
                        SOURCE));
        add(
                events,
                vinLx,
                new ServiceHistoryRecorded(
                        vinLx,
                        List.of(
                                new ServiceRecord(
                                        LocalDate.of(2019, 9, 14),
                                        7512,
                                        12089,
                                        "dealer",
                                        List.of("engine_oil_change", "tire_rotation")),
                                new ServiceRecord(
                                        LocalDate.of(2020, 5, 2),
                                        14950,
                                        null,
                                        "independent",
                                        List.of("engine_oil_change", "cabin_air_filter", "tire_rotation"))),
                        SOURCE));
        add(
                events,
                vinModel3,
                new ServiceHistoryRecorded(
                        vinModel3,
                        List.of(new ServiceRecord(
                                LocalDate.of(2021, 11, 3), null, 10250, "fleet", List.of("tire_rotation"))),
                        SOURCE));
        // a campaign recorded from one file, then its remedy again from a newer one, which replaces it
        add(events, campaign, new RecallRecorded(campaign, recall("Dealers will inspect the lug nuts."), SEPTEMBER));
        add(events, campaign, new RecallRecorded(campaign, recall("Dealers will replace the lug nuts."), OCTOBER));
        // an EPA entry recorded from one file, then with a changed range from a newer one, which replaces it
        String entry = RecordEpaEntry.aggregateId(epaId);
        add(events, entry, new EpaEntryRecorded(epaId, EpaEntries.model3LongRange(358), EPA_MARCH));
        add(events, entry, new EpaEntryRecorded(epaId, EpaEntries.model3LongRange(353), EPA_SEPTEMBER));
    }

    /** Publishes the catalog (again, when called twice: what a relay re-sending after a crash does). */
    CatalogFixture publish(Events events) {
        events.publishAll(envelopes);
        return this;
    }

    private static Recall recall(String remedy) {
        return new Recall(
                "TESLA",
                "MODEL 3",
                2021,
                "WHEELS:LUGS/NUTS/BOLTS/STUDS",
                "vehicle",
                "Tesla, Inc.",
                null,
                null,
                null,
                1_200L,
                LocalDate.of(2026, 9, 1),
                null,
                "MFR",
                "The lug nuts may loosen.",
                "A wheel may separate from the vehicle, increasing the risk of a crash.",
                remedy,
                null,
                null,
                null,
                null,
                null,
                null);
    }

    private void add(Events events, String aggregateId, Object event) {
        envelopes.add(events.envelope(aggregateId, event));
    }

    private static String vin(int serial) {
        return "5YJ3E1EA" + String.format("%09d", serial);
    }

    static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
