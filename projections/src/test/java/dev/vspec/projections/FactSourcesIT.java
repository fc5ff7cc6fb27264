package dev.vspec.projections;

import static dev.vspec.storage.jooq.read.Tables.CONFIGURATION;
import static dev.vspec.storage.jooq.read.Tables.EPA_ENTRY;
import static dev.vspec.storage.jooq.read.Tables.FLUIDS_DOCUMENT;
import static dev.vspec.storage.jooq.read.Tables.PARTS_DOCUMENT;
import static dev.vspec.storage.jooq.read.Tables.PART_PRICE_HISTORY;
import static dev.vspec.storage.jooq.read.Tables.SERVICE_HISTORY_SOURCE;
import static dev.vspec.storage.jooq.read.Tables.SERVICE_RECORD;
import static dev.vspec.storage.jooq.read.Tables.SPECS_DOCUMENT;
import static dev.vspec.storage.jooq.read.Tables.SPECS_SHEET;
import static dev.vspec.storage.jooq.read.Tables.VIN;
import static org.assertj.core.api.Assertions.assertThat;

import dev.vspec.contracts.catalog.ConfigurationRegistered;
import dev.vspec.contracts.catalog.FactSource;
import dev.vspec.contracts.catalog.Fluid;
import dev.vspec.contracts.catalog.FluidsRecorded;
import dev.vspec.contracts.catalog.Part;
import dev.vspec.contracts.catalog.PartPriced;
import dev.vspec.contracts.catalog.PartsRecorded;
import dev.vspec.contracts.catalog.ServiceHistoryRecorded;
import dev.vspec.contracts.catalog.ServiceRecord;
import dev.vspec.contracts.catalog.SpecItem;
import dev.vspec.contracts.catalog.SpecsRecorded;
import dev.vspec.contracts.catalog.VinLinked;
import dev.vspec.contracts.epa.EpaEntryRecorded;
import dev.vspec.contracts.epa.EpaSource;
import dev.vspec.contracts.epa.RecordEpaEntry;
import dev.vspec.events.kafka.EventEnvelope;
import dev.vspec.events.kafka.EventEnvelopeCodec;
import dev.vspec.readmodel.EpaRows;
import dev.vspec.readmodel.GroupDocument;
import dev.vspec.testing.EpaEntries;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.jooq.DSLContext;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * Which source's value the read rows show when several recorded one: the highest precedence, the
 * later of equals; every row keeps its source and when its event was stored. A rebuild writes the same.
 */
@ProjectionsIntegrationTest
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class FactSourcesIT {

    private static final FactSource IMPORT = FactSource.importFile("catalog.json", "5e0c3d9a");
    private static final FactSource VPIC = FactSource.vpic("2026-02-17", "f9b3118a");
    private static final FactSource VENDOR = FactSource.vendor("vspec reference vendor (sample data)", 87);
    private static final EpaSource EPA_FILE = EpaEntries.file("vehicles.csv", 'd', LocalDate.of(2026, 3, 2));
    private static final EpaSource NEWER_EPA_FILE = EpaEntries.file("vehicles.csv.zip", 'e', LocalDate.of(2026, 9, 18));
    private static final String KEY = "2020-honda-civic-lx-k20c2-fwd-sources";
    private static final String OLD_KEY = "2018-honda-fit-lx-l15b1-fwd-sources";
    private static final String VIN_NUMBER = "19XFC2F50LE000777";
    private static final List<SpecItem> IMPORTED_SPECS = List.of(new SpecItem("engine", "displacement", "2.0", "L"));
    private static final List<SpecItem> DECODED_SPECS = List.of(
            new SpecItem("engine", "displacement", "1.996", "L"),
            new SpecItem("engine", "displacement", "1996", "cc"),
            new SpecItem("body", "doors", "4", null));
    private static final Part FILTER = new Part("15400-PLM-A02", "Engine oil filter", "filter", "Honda", 1, null);

    @Autowired
    Events events;

    @Autowired
    ReadModel readModel;

    DSLContext db;
    EventEnvelope importedSpecs;
    EventEnvelope decodedSpecs;
    EventEnvelope laterImportedFluids;

    @BeforeAll
    void publish() {
        db = readModel.db();
        events.publish(
                KEY,
                new ConfigurationRegistered(
                        KEY, 2020, "Honda", "Civic", "LX", "K20C2", "FWD", "2020 Honda Civic LX", IMPORT));
        importedSpecs = events.envelope(KEY, new SpecsRecorded(KEY, IMPORTED_SPECS, IMPORT));
        events.publish(importedSpecs);
        decodedSpecs = events.envelope(KEY, new SpecsRecorded(KEY, DECODED_SPECS, VPIC));
        events.publish(decodedSpecs);
        events.publish(KEY, new FluidsRecorded(KEY, List.of(oil("4.40")), VPIC));
        laterImportedFluids = events.envelope(KEY, new FluidsRecorded(KEY, List.of(oil("4.20")), IMPORT));
        events.publish(laterImportedFluids);
        events.publish(KEY, new PartsRecorded(KEY, List.of(FILTER), IMPORT));
        events.publish(KEY, new PartsRecorded(KEY, List.of(), VPIC));
        events.publish(
                KEY,
                new PartPriced(
                        KEY, FILTER.partNumber(), new BigDecimal("9.42"), "USD", LocalDate.of(2026, 9, 1), IMPORT));
        events.publish(
                KEY,
                new PartPriced(
                        KEY, FILTER.partNumber(), new BigDecimal("19.99"), "USD", LocalDate.of(2026, 9, 1), VENDOR));
        events.publish(VIN_NUMBER, new VinLinked(VIN_NUMBER, KEY, VENDOR));
        events.publish(VIN_NUMBER, new VinLinked(VIN_NUMBER, OLD_KEY, VPIC));
        events.publish(
                VIN_NUMBER,
                new ServiceHistoryRecorded(
                        VIN_NUMBER,
                        List.of(new ServiceRecord(
                                LocalDate.of(2021, 3, 14), 7512, 12089, "dealer", List.of("engine_oil_change"))),
                        VENDOR));
        events.publish(VIN_NUMBER, new ServiceHistoryRecorded(VIN_NUMBER, List.of(), VPIC));
        // Stored before events carried a source: no "source" in the payload at all.
        events.publishRaw(
                OLD_KEY,
                new EventEnvelopeCodec()
                        .encode(events.envelope(
                                OLD_KEY,
                                new ConfigurationRegistered(
                                        OLD_KEY,
                                        2018,
                                        "Honda",
                                        "Fit",
                                        "LX",
                                        "L15B1",
                                        "FWD",
                                        "2018 Honda Fit LX",
                                        null))));
        String unsourcedFluids = """
                {"envelopeVersion":1,"eventId":"b3c0f5f2-0f1e-4d7a-9a53-000000000001","eventType":"FluidsRecorded",\
                "aggregateType":"VehicleConfiguration","aggregateId":"%s","aggregateSequence":1,\
                "occurredAt":"2024-06-01T08:00:00.125Z","payload":{"configKey":"%s","fluids":[]}}""".formatted(OLD_KEY, OLD_KEY);
        events.publishRaw(OLD_KEY, unsourcedFluids.getBytes(StandardCharsets.UTF_8));
        events.publish(OLD_KEY, new FluidsRecorded(OLD_KEY, List.of(oil("3.60")), VPIC));
        events.publish(
                RecordEpaEntry.aggregateId(EpaEntries.ACCORD_SPORT),
                new EpaEntryRecorded(EpaEntries.ACCORD_SPORT, EpaEntries.accordSport(27), EPA_FILE));
        events.publish(
                RecordEpaEntry.aggregateId(EpaEntries.ACCORD_SPORT),
                new EpaEntryRecorded(EpaEntries.ACCORD_SPORT, EpaEntries.accordSport(26), NEWER_EPA_FILE));
        readModel.awaitCaughtUp();
    }

    @Test
    void anEpaEntryRecordedAgainReplacesItsRowWithItsSource() {
        var row = db.selectFrom(EPA_ENTRY)
                .where(EPA_ENTRY.EPA_ID.eq(EpaEntries.ACCORD_SPORT))
                .fetchSingle();

        assertThat(EpaRows.entry(row).vehicle()).isEqualTo(EpaEntries.accordSport(26));
        assertThat(row.getMakeKey()).isEqualTo("HONDA");
        assertThat(row.getSource())
                .isEqualTo("{\"kind\":\"epa\",\"name\":\"vehicles.csv.zip\",\"version\":\"2026-09-18\","
                        + "\"sha256\":\"" + "e".repeat(64) + "\"}");
    }

    @Test
    void vpicsLaterSpecSheetDoesNotReplaceTheImportsWhichKeepsItsSourceAndTime() {
        var row = db.selectFrom(SPECS_DOCUMENT)
                .where(SPECS_DOCUMENT.CONFIG_KEY.eq(KEY))
                .fetchSingle();

        assertThat(row.getBody()).contains("\"2.0\"").doesNotContain("1.996");
        assertThat(row.getSource())
                .isEqualTo("{\"kind\":\"import\",\"name\":\"catalog.json\",\"sha256\":\"5e0c3d9a\"}");
        assertThat(row.getSourceRank()).isEqualTo((short) 4);
        assertThat(row.getRecordedAt().toInstant()).isEqualTo(importedSpecs.occurredAt());
    }

    @Test
    void theSpecSheetMergesPerFactEachLineShowingItsSourceAndChangesWhenALowerSheetAddsAFact() {
        var row = db.selectFrom(SPECS_DOCUMENT)
                .where(SPECS_DOCUMENT.CONFIG_KEY.eq(KEY))
                .fetchSingle();

        assertThat(GroupDocument.SPECS.parse(row.getBody()))
                .extracting(line -> line.fact() + " " + line.value() + " " + line.unit() + " "
                        + line.source().kind())
                .containsExactly("engine/displacement 2.0 L import", "body/doors 4 null vpic");
        assertThat(row.getChangedAt().toInstant()).isEqualTo(decodedSpecs.occurredAt());
        assertThat(db.fetchCount(SPECS_SHEET, SPECS_SHEET.CONFIG_KEY.eq(KEY))).isEqualTo(2);
    }

    @Test
    void anImportAfterVpicReplacesVpicsFluids() {
        var row = db.selectFrom(FLUIDS_DOCUMENT)
                .where(FLUIDS_DOCUMENT.CONFIG_KEY.eq(KEY))
                .fetchSingle();

        assertThat(row.getBody()).contains("4.20").doesNotContain("4.40");
        assertThat(row.getSource()).contains("\"kind\":\"import\"");
        assertThat(row.getRecordedAt().toInstant()).isEqualTo(laterImportedFluids.occurredAt());
    }

    @Test
    void vpicsEmptyPartsListDoesNotReplaceTheImportsAndAVendorsPriceDoesNotReplaceTheImportsAmount() {
        var document = db.selectFrom(PARTS_DOCUMENT)
                .where(PARTS_DOCUMENT.CONFIG_KEY.eq(KEY))
                .fetchSingle();

        assertThat(document.getBody())
                .contains(FILTER.partNumber())
                .contains("9.42")
                .doesNotContain("19.99");
        assertThat(document.getSource()).contains("\"kind\":\"import\"");
        assertThat(db.select(PART_PRICE_HISTORY.SOURCE)
                        .from(PART_PRICE_HISTORY)
                        .where(PART_PRICE_HISTORY.CONFIG_KEY.eq(KEY))
                        .fetch(PART_PRICE_HISTORY.SOURCE))
                .singleElement()
                .asString()
                .contains("\"kind\":\"import\"");
    }

    @Test
    void aVendorsLinkAndServiceHistoryStayWhenVpicSaysOtherwise() {
        var link = db.selectFrom(VIN).where(VIN.VIN_.eq(VIN_NUMBER)).fetchSingle();
        assertThat(link.getConfigKey()).isEqualTo(KEY);
        assertThat(link.getSource())
                .isEqualTo(
                        "{\"kind\":\"vendor\",\"name\":\"vspec reference vendor (sample data)\",\"response_millis\":87}");

        assertThat(db.fetchCount(SERVICE_RECORD, SERVICE_RECORD.VIN.eq(VIN_NUMBER)))
                .isEqualTo(1);
        assertThat(db.select(SERVICE_HISTORY_SOURCE.SOURCE)
                        .from(SERVICE_HISTORY_SOURCE)
                        .where(SERVICE_HISTORY_SOURCE.VIN.eq(VIN_NUMBER))
                        .fetchSingle()
                        .value1())
                .contains("\"kind\":\"vendor\"");
    }

    @Test
    void eventsStoredWithoutASourceShowItAsUnknownAndRankAsAVendor() {
        var configuration = db.selectFrom(CONFIGURATION)
                .where(CONFIGURATION.CONFIG_KEY.eq(OLD_KEY))
                .fetchSingle();
        assertThat(configuration.getSource()).isEqualTo("{\"kind\":\"unknown\"}");
        assertThat(configuration.getSourceRank()).isEqualTo((short) 3);

        var fluids = db.selectFrom(FLUIDS_DOCUMENT)
                .where(FLUIDS_DOCUMENT.CONFIG_KEY.eq(OLD_KEY))
                .fetchSingle();
        assertThat(fluids.getBody())
                .as("vPIC's later fluids do not replace what an old import recorded")
                .isEqualTo("[]");
        assertThat(fluids.getSource()).isEqualTo("{\"kind\":\"unknown\"}");
        assertThat(fluids.getRecordedAt().toInstant())
                .isEqualTo(OffsetDateTime.of(2024, 6, 1, 8, 0, 0, 125_000_000, ZoneOffset.UTC)
                        .toInstant());
    }

    @Test
    void aRebuildFromTheTopicWritesWhatTheRunningProjectionsWrote() {
        Map<String, String> live = readModel.tableChecksums();

        readModel.rebuildFromTopic();

        assertThat(readModel.tableChecksums()).isEqualTo(live);
        assertThat(db.select(SPECS_DOCUMENT.BODY)
                        .from(SPECS_DOCUMENT)
                        .where(SPECS_DOCUMENT.CONFIG_KEY.eq(KEY))
                        .fetchSingle()
                        .value1())
                .contains("\"2.0\"");
    }

    private static Fluid oil(String litres) {
        return new Fluid("engine_oil", "0W-20 API SP", new BigDecimal(litres), null, null);
    }
}
