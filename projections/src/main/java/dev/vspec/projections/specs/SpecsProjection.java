package dev.vspec.projections.specs;

import static dev.vspec.storage.jooq.read.Tables.SPECS_DOCUMENT;
import static dev.vspec.storage.jooq.read.Tables.SPECS_SHEET;

import dev.vspec.contracts.catalog.SpecsRecorded;
import dev.vspec.projections.runtime.EventHandlers;
import dev.vspec.projections.runtime.Projection;
import dev.vspec.projections.runtime.Recorded;
import dev.vspec.projections.runtime.Upserts;
import dev.vspec.readmodel.GroupDocument;
import dev.vspec.readmodel.Provenance;
import dev.vspec.readmodel.SpecSheets;
import dev.vspec.readmodel.SpecView;
import dev.vspec.storage.jooq.read.tables.records.SpecsDocumentRecord;
import dev.vspec.storage.jooq.read.tables.records.SpecsSheetRecord;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jooq.DSLContext;
import org.jooq.Table;

/**
 * {@code read.specs_sheet}: each source's latest spec sheet of a configuration, one per precedence (a sheet replaces
 * the earlier one of its own precedence); {@code read.specs_document}: their merge ({@link SpecSheets}), each fact
 * from the highest source that states it and showing that source, re-rendered once per batch for the configurations
 * whose sheets it changed. The document's own source and time are its highest sheet's; {@code changed_at}, when its
 * body last changed, the latest sheet's.
 */
public class SpecsProjection implements Projection {

    @Override
    public String name() {
        return "specs";
    }

    @Override
    public List<Table<?>> tables() {
        return List.of(SPECS_DOCUMENT, SPECS_SHEET);
    }

    @Override
    public EventHandlers handlers() {
        return EventHandlers.builder()
                .on(
                        SpecsRecorded.class,
                        (db, event, at) -> Upserts.upsertRows(
                                db,
                                SPECS_SHEET,
                                List.of(sheet(event, at)),
                                SPECS_SHEET.CONFIG_KEY,
                                SPECS_SHEET.SOURCE_RANK))
                .setBased((db, events) -> Upserts.upsertRows(
                        db,
                        SPECS_SHEET,
                        events.stream()
                                .map(recorded -> sheet((SpecsRecorded) recorded.event(), recorded.at()))
                                .toList(),
                        SPECS_SHEET.CONFIG_KEY,
                        SPECS_SHEET.SOURCE_RANK))
                .afterBatch(SpecsProjection::render)
                .build();
    }

    private static SpecsSheetRecord sheet(SpecsRecorded event, Instant at) {
        Provenance provenance = Provenance.of(event.source(), at);
        return new SpecsSheetRecord(
                event.configKey(),
                provenance.rank(),
                GroupDocument.SPECS.render(SpecView.of(event.specs(), Provenance.view(event.source()))),
                provenance.source(),
                provenance.recordedAt());
    }

    /** Renders the documents of the configurations whose sheets the batch changed, from all their sheets. */
    private static void render(DSLContext db, List<Recorded> applied) {
        Set<String> keys = new LinkedHashSet<>();
        applied.forEach(recorded -> keys.add(((SpecsRecorded) recorded.event()).configKey()));
        Map<String, List<SpecsSheetRecord>> sheets = new LinkedHashMap<>();
        db.selectFrom(SPECS_SHEET)
                .where(SPECS_SHEET.CONFIG_KEY.in(keys))
                .orderBy(SPECS_SHEET.CONFIG_KEY, SPECS_SHEET.SOURCE_RANK.desc())
                .forEach(sheet -> sheets.computeIfAbsent(sheet.getConfigKey(), key -> new ArrayList<>())
                        .add(sheet));
        List<SpecsDocumentRecord> documents = new ArrayList<>(sheets.size());
        sheets.forEach((key, ofKey) -> documents.add(document(key, ofKey)));
        Upserts.upsertRows(db, SPECS_DOCUMENT, documents, SPECS_DOCUMENT.CONFIG_KEY);
    }

    /** The merged document of a configuration's sheets, highest precedence first. */
    private static SpecsDocumentRecord document(String configKey, List<SpecsSheetRecord> sheets) {
        List<SpecView> lines = new ArrayList<>();
        SpecsSheetRecord latest = sheets.get(0);
        for (SpecsSheetRecord sheet : sheets) {
            lines.addAll(GroupDocument.SPECS.parse(sheet.getBody()));
            if (sheet.getRecordedAt().isAfter(latest.getRecordedAt())) {
                latest = sheet;
            }
        }
        SpecsSheetRecord highest = sheets.get(0);
        return new SpecsDocumentRecord(
                configKey,
                GroupDocument.SPECS.render(SpecSheets.merge(lines)),
                highest.getSource(),
                highest.getSourceRank(),
                highest.getRecordedAt(),
                latest.getRecordedAt());
    }
}
