package dev.vspec.readmodel;

import dev.vspec.contracts.recalls.Recall;
import dev.vspec.contracts.recalls.RecallMatching;
import dev.vspec.contracts.recalls.RecallRecorded;
import dev.vspec.storage.jooq.read.tables.records.RecallFileRecord;
import dev.vspec.storage.jooq.read.tables.records.RecallRecord;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;

/**
 * The rows a recorded recall is kept as: its {@code read.recall} row, found by model year and the make and model keys
 * of {@link RecallMatching}, with its answer rendered ({@link RecallView}); and the {@code read.recall_file} row of
 * the file it came from.
 */
public final class RecallRows {

    private RecallRows() {}

    public static RecallRecord recall(RecallRecorded event, Instant at) {
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

    public static RecallFileRecord file(RecallRecorded event, Instant at) {
        return new RecallFileRecord(
                event.source().sha256(),
                event.source().file(),
                event.source().dataDate(),
                OffsetDateTime.ofInstant(at, ZoneOffset.UTC));
    }
}
