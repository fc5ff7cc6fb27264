package dev.vspec.projections.recalls;

import static dev.vspec.infra.jooq.read.Tables.RECALL;
import static dev.vspec.infra.jooq.read.Tables.RECALL_FILE;

import dev.vspec.contracts.recalls.Recall;
import dev.vspec.contracts.recalls.RecallMatching;
import dev.vspec.contracts.recalls.RecallRecorded;
import dev.vspec.infra.jooq.read.tables.records.RecallFileRecord;
import dev.vspec.infra.jooq.read.tables.records.RecallRecord;
import dev.vspec.projections.runtime.EventHandlers;
import dev.vspec.projections.runtime.Projection;
import dev.vspec.projections.runtime.Recorded;
import dev.vspec.projections.runtime.Upserts;
import dev.vspec.readmodel.RecallView;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
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
                    Upserts.upsert(db, row(event, at), RECALL.CAMPAIGN_NUMBER, RECALL.RECALL_KEY)
                            .execute();
                    Upserts.upsert(db, file(event, at), RECALL_FILE.SHA256).execute();
                })
                .setBased((db, events) -> {
                    Map<List<String>, RecallRecord> rows = new LinkedHashMap<>();
                    Map<String, RecallFileRecord> files = new LinkedHashMap<>();
                    for (Recorded recorded : events) {
                        RecallRecorded event = (RecallRecorded) recorded.event();
                        RecallRecord row = row(event, recorded.at());
                        rows.put(List.of(row.getCampaignNumber(), row.getRecallKey()), row);
                        files.put(event.source().sha256(), file(event, recorded.at()));
                    }
                    Upserts.upsertRows(db, RECALL, rows.values(), RECALL.CAMPAIGN_NUMBER, RECALL.RECALL_KEY);
                    Upserts.upsertRows(db, RECALL_FILE, files.values(), RECALL_FILE.SHA256);
                })
                .build();
    }

    private static RecallRecord row(RecallRecorded event, Instant at) {
        Recall recall = event.recall();
        return new RecallRecord(
                event.campaignNumber(),
                recall.key(),
                recall.recordType(),
                recall.modelYear() == null ? null : recall.modelYear().shortValue(),
                RecallMatching.makeKey(recall.make()),
                RecallMatching.modelKey(recall.model()),
                recall.reportReceived(),
                RecallView.of(event.campaignNumber(), recall, event.source()).render(),
                event.source().sha256(),
                OffsetDateTime.ofInstant(at, ZoneOffset.UTC));
    }

    private static RecallFileRecord file(RecallRecorded event, Instant at) {
        return new RecallFileRecord(
                event.source().sha256(),
                event.source().file(),
                event.source().dataDate(),
                OffsetDateTime.ofInstant(at, ZoneOffset.UTC));
    }
}
