package dev.vspec.command.epa;

import dev.vspec.command.catalog.CatalogImportException;
import dev.vspec.command.catalog.CsvTable;
import dev.vspec.command.epa.EpaAnomalies.Kind;
import dev.vspec.command.published.PublishedFile;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The EPA's fuel-economy file, {@code vehicles.csv} from fueleconomy.gov, or its {@code .zip}, as the publisher writes
 * it (quoted only where needed, CRLF) or re-quoted by others (every field in quotes): checked whole before anything is
 * imported. Its columns are found by name; its rows are read into {@link EpaRow}s, their anomalies counted. A file that
 * is not the EPA's, or a row that cannot be read (no id, a year that is not one, a broken quote), stops it, naming the
 * file, line and column. The file is read into memory: the EPA's whole file is about 22 MB and 50,000 rows.
 */
public final class EpaFile {

    /** What a check found: the file's SHA-256 (as on disk), its rows in file order, and its anomalies. */
    public record Checked(Path file, String sha256, List<EpaRow> rows, EpaAnomalies anomalies) {

        /** The newest {@code modifiedOn} of its rows: how current the file is; empty when no row says. */
        public Optional<LocalDate> dataDate() {
            return rows.stream()
                    .map(row -> row.vehicle().modifiedOn())
                    .filter(Objects::nonNull)
                    .max(Comparator.naturalOrder());
        }
    }

    private EpaFile() {}

    /**
     * Reads and checks the whole file.
     *
     * @throws EpaFileException the file is not the EPA's {@code vehicles.csv}, or a row cannot be read; nothing of it
     *                          may be imported
     */
    public static Checked check(Path file) throws IOException {
        String name = file.getFileName().toString();
        try (PublishedFile source = PublishedFile.open(file, ".csv", "the EPA's vehicles.csv", EpaFileException::new)) {
            CsvTable table = table(name, members(source));
            EpaAnomalies anomalies = new EpaAnomalies();
            EpaColumns columns = EpaColumns.of(table.header(), name, anomalies);
            List<EpaRow> rows =
                    distinct(table.rows().stream().map(columns::read).toList(), anomalies);
            if (rows.isEmpty()) {
                throw new EpaFileException(name + ": holds a header and no vehicle; nothing was imported");
            }
            return new Checked(file, source.sha256(), List.copyOf(rows), anomalies);
        }
    }

    /** The bytes of the file, or of its zip's one {@code .csv} member. */
    private static byte[] members(PublishedFile source) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        int members = 0;
        for (InputStream member; (member = source.nextMember()) != null; ) {
            if (++members > 1) {
                throw new EpaFileException(
                        source.fileName() + ": the zip holds more than one .csv file (" + source.member()
                                + " is the second); the EPA's holds vehicles.csv alone; nothing was imported");
            }
            member.transferTo(bytes);
        }
        return bytes.toByteArray();
    }

    private static CsvTable table(String name, byte[] bytes) {
        try {
            return CsvTable.parse(bytes);
        } catch (CatalogImportException e) {
            throw new EpaFileException(name + ": " + e.getMessage() + "; nothing was imported");
        }
    }

    /** The rows with their first id; a later row with an id met before is counted and skipped. */
    private static List<EpaRow> distinct(List<EpaRow> rows, EpaAnomalies anomalies) {
        Map<Integer, Integer> firstLine = new HashMap<>();
        List<EpaRow> kept = new ArrayList<>(rows.size());
        for (EpaRow row : rows) {
            Integer earlier = firstLine.putIfAbsent(row.epaId(), row.line());
            if (earlier == null) {
                kept.add(row);
            } else {
                anomalies.add(
                        Kind.ID_REPEATED, "line " + row.line(), "id " + row.epaId() + " is line " + earlier + "'s");
            }
        }
        return kept;
    }
}
