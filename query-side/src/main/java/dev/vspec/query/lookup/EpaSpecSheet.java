package dev.vspec.query.lookup;

import static dev.vspec.storage.jooq.read.Tables.EPA_ENTRY;

import dev.vspec.contracts.epa.EpaEntry;
import dev.vspec.contracts.epa.EpaFacts;
import dev.vspec.contracts.epa.EpaMatching;
import dev.vspec.query.encoding.StoredJson;
import dev.vspec.query.vehicle.ResolvedVehicle;
import dev.vspec.query.vehicle.Vehicle;
import dev.vspec.readmodel.EpaRows;
import dev.vspec.readmodel.EpaSubjects;
import dev.vspec.readmodel.GroupDocument;
import dev.vspec.readmodel.Provenance;
import dev.vspec.readmodel.SpecSheets;
import dev.vspec.readmodel.SpecView;
import dev.vspec.storage.jooq.read.tables.records.EpaEntryRecord;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jooq.DSLContext;
import org.springframework.stereotype.Component;

/**
 * The EPA's part of a configuration's spec sheet, added as it is answered: the entries of {@code read.epa_entry} of its
 * model year and make that {@link EpaMatching} finds to be it give the facts they agree on ({@link EpaFacts}), merged
 * with the stored sheet fact by fact ({@link SpecSheets}: over vPIC's, under an operator's or a vendor's). Matching when
 * answering holds for configurations registered before an EPA import and after it alike.
 */
@Component
public class EpaSpecSheet {

    private final DSLContext db;

    EpaSpecSheet(DSLContext db) {
        this.db = db;
    }

    /** The vehicle with its spec sheet completed from the EPA's entries; as it is when none matches. */
    ResolvedVehicle complete(ResolvedVehicle resolved) {
        Vehicle vehicle = resolved.vehicle();
        Map<Integer, EpaEntryRecord> rows = new LinkedHashMap<>();
        EpaRows.ofYearAndMake(db, EPA_ENTRY, vehicle.year(), vehicle.make())
                .forEach(row -> rows.put(row.getEpaId(), row));
        if (rows.isEmpty()) {
            return resolved;
        }
        List<SpecView> stored = resolved.value(GroupDocument.SPECS);
        List<EpaEntry> matched = EpaMatching.match(
                        EpaSubjects.of(
                                vehicle.year(),
                                vehicle.make(),
                                vehicle.model(),
                                vehicle.trim(),
                                vehicle.engineCode(),
                                vehicle.drivetrain(),
                                stored),
                        rows.values().stream().map(EpaRows::entry).toList())
                .entries();
        if (matched.isEmpty()) {
            return resolved;
        }
        EpaEntryRecord newest = matched.stream()
                .map(entry -> rows.get(entry.epaId()))
                .max(Comparator.comparing(EpaEntryRecord::getRecordedAt))
                .orElseThrow();
        List<SpecView> epa = SpecView.of(EpaFacts.agreedBy(matched), Provenance.parse(newest.getSource()));
        return resolved.withSpecs(
                StoredJson.of(GroupDocument.SPECS.render(SpecSheets.merge(stored, epa))),
                newest.getSource(),
                newest.getRecordedAt());
    }
}
