package dev.vspec.projections.epa;

import static dev.vspec.storage.jooq.read.Tables.EPA_ENTRY;

import dev.vspec.contracts.epa.EpaEntryRecorded;
import dev.vspec.projections.runtime.EventHandlers;
import dev.vspec.projections.runtime.Projection;
import dev.vspec.projections.runtime.Upserts;
import dev.vspec.readmodel.EpaRows;
import java.util.List;
import org.jooq.Table;

/**
 * {@code read.epa_entry}: the EPA's fuel-economy entries, one row per EPA id, found by model year and make; an entry
 * recorded again replaces its row. The query side matches them to configurations when it answers.
 */
public class EpaProjection implements Projection {

    @Override
    public String name() {
        return "epa";
    }

    @Override
    public List<Table<?>> tables() {
        return List.of(EPA_ENTRY);
    }

    @Override
    public EventHandlers handlers() {
        return EventHandlers.builder()
                .on(
                        EpaEntryRecorded.class,
                        (db, event, at) -> Upserts.upsert(db, EpaRows.row(event, at), EPA_ENTRY.EPA_ID)
                                .execute())
                .setBased((db, events) -> Upserts.upsertRows(
                        db,
                        EPA_ENTRY,
                        events.stream()
                                .map(recorded -> EpaRows.row((EpaEntryRecorded) recorded.event(), recorded.at()))
                                .toList(),
                        EPA_ENTRY.EPA_ID))
                .build();
    }
}
