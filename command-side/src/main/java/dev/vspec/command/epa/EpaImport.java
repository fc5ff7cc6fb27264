package dev.vspec.command.epa;

import dev.vspec.command.catalog.CatalogCommandSide;
import dev.vspec.contracts.epa.EpaSource;
import dev.vspec.contracts.epa.RecordEpaEntry;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongConsumer;

/**
 * Sends a checked EPA file's entries through their {@link EpaFileEntry} aggregates, {@value #UNIT_ENTRIES} entries per
 * transaction: an entry whose facts the store holds already stores nothing, so importing a file again, or a newer
 * one, records only what changed.
 */
public final class EpaImport {

    static final int UNIT_ENTRIES = 500;

    private EpaImport() {}

    /** What one file's import did. */
    public record Tally(long added, long changed, long unchanged) {}

    /**
     * Imports the file's entries; {@code progress} is told the entries sent so far after each unit.
     *
     * @throws RuntimeException the database's failure: the units before it are stored whole, and importing the same
     *     file again completes it
     */
    public static Tally run(EpaFile.Checked file, CatalogCommandSide commandSide, LongConsumer progress) {
        EpaSource source = new EpaSource(
                file.file().getFileName().toString(),
                file.sha256(),
                file.dataDate().orElse(null));
        long[] counts = new long[EpaChange.values().length];
        List<EpaRow> rows = file.rows();
        for (int from = 0; from < rows.size(); from += UNIT_ENTRIES) {
            List<RecordEpaEntry> unit = new ArrayList<>(UNIT_ENTRIES);
            for (EpaRow row : rows.subList(from, Math.min(rows.size(), from + UNIT_ENTRIES))) {
                unit.add(new RecordEpaEntry(row.epaId(), row.vehicle(), source));
            }
            commandSide.recordEpaEntries(unit).forEach(change -> counts[change.ordinal()]++);
            progress.accept(from + unit.size());
        }
        return new Tally(
                counts[EpaChange.ADDED.ordinal()],
                counts[EpaChange.CHANGED.ordinal()],
                counts[EpaChange.UNCHANGED.ordinal()]);
    }
}
