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
import org.jooq.DSLContext;
import org.jooq.Record;
import org.jooq.Result;
import org.jooq.Table;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * The {@code read.epa_entry} row a recorded EPA entry is kept as: found by model year and make key
 * ({@link RecallMatching#makeKey}), its facts as recorded and its source as answers render it; and the entry read back.
 * The command side keeps the same rows, but for their source and time, in {@code command.epa_entry} (V28): its
 * enrichment reads no projection's table.
 */
public final class EpaRows {

    private static final JsonMapper JSON = JsonMapper.builder()
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .build();

    private EpaRows() {}

    /** The row in {@code read.epa_entry}. */
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

    /**
     * The row in a table with columns of {@code read.epa_entry}'s ({@code command.epa_entry}): the ones it has, filled
     * as {@link #row(EpaEntryRecorded, Instant)} fills them.
     */
    public static <R extends Record> R row(Table<R> table, EpaEntryRecorded event, Instant at) {
        return row(event, at).into(table);
    }

    /**
     * The rows of a model year and make, by EPA id, in {@code read.epa_entry} or a table with its columns
     * {@code epa_id}, {@code model_year}, {@code make_key} and {@code body} ({@code command.epa_entry}).
     */
    public static <R extends Record> Result<R> ofYearAndMake(DSLContext db, Table<R> table, int year, String make) {
        return db.selectFrom(table)
                .where(table.field(EPA_ENTRY.MODEL_YEAR).eq((short) year))
                .and(table.field(EPA_ENTRY.MAKE_KEY).eq(RecallMatching.makeKey(make)))
                .orderBy(table.field(EPA_ENTRY.EPA_ID))
                .fetch();
    }

    /** The entry a row of either table holds. */
    public static EpaEntry entry(Record row) {
        return new EpaEntry(row.get(EPA_ENTRY.EPA_ID), JSON.readValue(row.get(EPA_ENTRY.BODY), EpaVehicle.class));
    }

    /** The source of the facts an EPA file gives: kind {@code epa}, the file's name, data date and SHA-256. */
    public static FactSource source(EpaSource file) {
        return FactSource.epa(
                file.file(), file.dataDate() == null ? null : file.dataDate().toString(), file.sha256());
    }
}
