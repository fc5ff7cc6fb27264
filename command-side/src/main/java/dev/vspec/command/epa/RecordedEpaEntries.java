package dev.vspec.command.epa;

import static dev.vspec.storage.jooq.command.Tables.EPA_ENTRY;

import dev.vspec.command.OwnTables;
import dev.vspec.contracts.epa.EpaEntryRecorded;
import dev.vspec.readmodel.EpaRows;
import dev.vspec.storage.jooq.command.tables.records.EpaEntryRecord;
import java.time.Instant;
import javax.sql.DataSource;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.EventHandler;
import org.axonframework.eventhandling.SequenceNumber;
import org.axonframework.eventhandling.Timestamp;
import org.jooq.DSLContext;
import org.jooq.impl.DSL;

/**
 * Keeps {@code command.epa_entry} (V28) from {@link EpaEntryRecorded}: each EPA entry's model year, make key and
 * facts, as {@link EpaRows} writes them for the query side, which enrichment reads to resolve a decode's engine
 * ({@code EpaEngineResolution}).
 *
 * <p>A subscribing processor ({@link OwnTables}): the row is written in the transaction that appends the event, and
 * a failure rolls the command back; so the table holds what the event store holds, however far the projections are.
 * A row is replaced only by a later event of its entry, so an event applied again changes nothing.
 */
@ProcessingGroup(RecordedEpaEntries.PROCESSING_GROUP)
public final class RecordedEpaEntries {

    public static final String PROCESSING_GROUP = "recorded-epa-entries";

    private final DSLContext db;

    /** @param db whose statements join the transaction the unit of work holds (Spring Boot's jOOQ does) */
    public RecordedEpaEntries(DSLContext db) {
        this.db = db;
    }

    /** Outside Spring's context, over this DataSource ({@link OwnTables#db}). */
    public static RecordedEpaEntries over(DataSource dataSource) {
        return new RecordedEpaEntries(OwnTables.db(dataSource));
    }

    @EventHandler
    void on(EpaEntryRecorded recorded, @SequenceNumber long sequence, @Timestamp Instant at) {
        EpaEntryRecord row = EpaRows.row(EPA_ENTRY, recorded, at);
        row.setSequenceNumber(sequence);
        db.insertInto(EPA_ENTRY)
                .set(row)
                .onConflict(EPA_ENTRY.EPA_ID)
                .doUpdate()
                .set(EPA_ENTRY.MODEL_YEAR, DSL.excluded(EPA_ENTRY.MODEL_YEAR))
                .set(EPA_ENTRY.MAKE_KEY, DSL.excluded(EPA_ENTRY.MAKE_KEY))
                .set(EPA_ENTRY.BODY, DSL.excluded(EPA_ENTRY.BODY))
                .set(EPA_ENTRY.SEQUENCE_NUMBER, DSL.excluded(EPA_ENTRY.SEQUENCE_NUMBER))
                .where(EPA_ENTRY.SEQUENCE_NUMBER.lt(DSL.excluded(EPA_ENTRY.SEQUENCE_NUMBER)))
                .execute();
    }
}
