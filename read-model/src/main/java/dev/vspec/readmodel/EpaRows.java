package dev.vspec.readmodel;

import static dev.vspec.storage.jooq.read.Tables.EPA_ENTRY;

import dev.vspec.contracts.catalog.FactSource;
import dev.vspec.contracts.epa.EpaEntry;
import dev.vspec.contracts.epa.EpaEntryRecorded;
import dev.vspec.contracts.epa.EpaSource;
import dev.vspec.contracts.epa.EpaVehicle;
import dev.vspec.contracts.recalls.RecallMatching;
import dev.vspec.storage.jooq.read.tables.records.EpaEntryRecord;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import org.jooq.DSLContext;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * The {@code read.epa_entry} row a recorded EPA entry is kept as: found by model year and make key
 * ({@link RecallMatching#makeKey}), its facts as recorded and its source as answers render it; and the entry read back.
 */
public final class EpaRows {

    private static final JsonMapper JSON = JsonMapper.builder()
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .build();

    private EpaRows() {}

    public static EpaEntryRecord row(EpaEntryRecorded event, Instant at) {
        EpaVehicle vehicle = event.vehicle();
        return new EpaEntryRecord(
                event.epaId(),
                (short) vehicle.year(),
                RecallMatching.makeKey(vehicle.make()),
                JSON.writeValueAsString(vehicle),
                Provenance.render(source(event.source())),
                OffsetDateTime.ofInstant(at, ZoneOffset.UTC));
    }

    /** The rows of a model year and make, by EPA id. */
    public static List<EpaEntryRecord> ofYearAndMake(DSLContext db, int year, String make) {
        return db.selectFrom(EPA_ENTRY)
                .where(EPA_ENTRY.MODEL_YEAR.eq((short) year))
                .and(EPA_ENTRY.MAKE_KEY.eq(RecallMatching.makeKey(make)))
                .orderBy(EPA_ENTRY.EPA_ID)
                .fetch();
    }

    /** The entry a row holds. */
    public static EpaEntry entry(EpaEntryRecord row) {
        return new EpaEntry(row.getEpaId(), JSON.readValue(row.getBody(), EpaVehicle.class));
    }

    /** The source of the facts an EPA file gives: kind {@code epa}, the file's name, data date and SHA-256. */
    public static FactSource source(EpaSource file) {
        return FactSource.epa(
                file.file(), file.dataDate() == null ? null : file.dataDate().toString(), file.sha256());
    }
}
