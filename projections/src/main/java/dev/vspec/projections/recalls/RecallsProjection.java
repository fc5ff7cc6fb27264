package dev.vspec.projections.recalls;

import static dev.vspec.storage.jooq.read.Tables.RECALL;
import static dev.vspec.storage.jooq.read.Tables.RECALL_FILE;

import dev.vspec.contracts.recalls.RecallRecorded;
import dev.vspec.projections.runtime.EventHandlers;
import dev.vspec.projections.runtime.Projection;
import dev.vspec.projections.runtime.Recorded;
import dev.vspec.projections.runtime.Upserts;
import dev.vspec.readmodel.RecallRows;
import dev.vspec.storage.jooq.read.tables.records.RecallFileRecord;
import dev.vspec.storage.jooq.read.tables.records.RecallRecord;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jooq.Table;

/**
 * {@code read.recall}: each campaign's records as answers render them, found by model year, make and model
 * ({@link RecallMatching}); {@code read.recall_file}: the files they were read from. A record recorded again
 * replaces its row; a batch writes each key's last one.
 */
public class RecallsProjection implements Projection {

    @Override
    public String name() {
        return "recalls";
    }

    @Override
    public List<Table<?>> tables() {
        return List.of(RECALL, RECALL_FILE);
    }

    @Override
    public EventHandlers handlers() {
        return EventHandlers.builder()
                .on(RecallRecorded.class, (db, event, at) -> {
                    Upserts.upsert(db, RecallRows.recall(event, at), RECALL.CAMPAIGN_NUMBER, RECALL.RECALL_KEY)
                            .execute();
                    Upserts.upsert(db, RecallRows.file(event, at), RECALL_FILE.SHA256)
                            .execute();
                })
                .setBased((db, events) -> {
                    Map<List<String>, RecallRecord> rows = new LinkedHashMap<>();
                    Map<String, RecallFileRecord> files = new LinkedHashMap<>();
                    for (Recorded recorded : events) {
                        RecallRecorded event = (RecallRecorded) recorded.event();
                        RecallRecord row = RecallRows.recall(event, recorded.at());
                        rows.put(List.of(row.getCampaignNumber(), row.getRecallKey()), row);
                        files.put(event.source().sha256(), RecallRows.file(event, recorded.at()));
                    }
                    Upserts.upsertRows(db, RECALL, rows.values(), RECALL.CAMPAIGN_NUMBER, RECALL.RECALL_KEY);
                    Upserts.upsertRows(db, RECALL_FILE, files.values(), RECALL_FILE.SHA256);
                })
                .build();
    }
}
