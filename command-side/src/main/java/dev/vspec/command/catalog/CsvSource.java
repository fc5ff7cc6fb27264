package dev.vspec.command.catalog;

import dev.vspec.contracts.catalog.FactSource;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * The five optional columns in which a row of any CSV file states its fact's source, the fields of a {@link
 * FactSource} ({@code docs/catalog-format.md}, "CSV files"): an export writes them, an import reads them, so that the
 * facts are recorded again with the sources they had. A row that leaves {@code source_kind} empty states none.
 */
final class CsvSource {

    /** In the order an export writes them, after a group's own columns. */
    static final List<String> COLUMNS =
            List.of("source_kind", "source_name", "source_version", "source_sha256", "source_response_millis");

    private CsvSource() {}

    /** The cells of the columns: the source's fields, or all empty for none. */
    static List<Object> cells(FactSource source) {
        if (source == null) {
            return Arrays.asList(new Object[COLUMNS.size()]);
        }
        return Arrays.asList(source.kind(), source.name(), source.version(), source.sha256(), source.responseMillis());
    }

    /**
     * The source a row states, checked as a source stated in a JSON catalog is ({@link CatalogRules#source}); null
     * when it states none.
     *
     * @throws CatalogImportException at the column of the first cell that is wrong
     */
    static FactSource statedIn(CsvRow row) {
        String kind = row.text("source_kind");
        if (kind == null) {
            return none(row);
        }
        String name = row.text("source_name");
        if (name == null || name.isBlank()) {
            throw row.problem("source_name", "source_name is required where source_kind is given");
        }
        Integer millis = row.whole("source_response_millis");
        FactSource source;
        try {
            source = new FactSource(
                    kind,
                    name,
                    row.text("source_version"),
                    row.text("source_sha256"),
                    millis == null ? null : millis.longValue());
        } catch (IllegalArgumentException e) {
            throw row.problem("source_kind", e.getMessage());
        }
        checked(source, row);
        return source;
    }

    /** The first column in which two sources (either of them none) differ. */
    static String firstDifference(FactSource one, FactSource other) {
        List<Object> these = cells(one);
        List<Object> those = cells(other);
        for (int i = 0; i < COLUMNS.size(); i++) {
            if (!Objects.equals(these.get(i), those.get(i))) {
                return COLUMNS.get(i);
            }
        }
        return COLUMNS.get(0);
    }

    /** A row without a source_kind states no source, so its other source cells are empty too. */
    private static FactSource none(CsvRow row) {
        for (String column : COLUMNS) {
            if (row.text(column) != null) {
                throw row.problem(
                        column,
                        column + " is given but source_kind is empty: a row states a source with its source_kind"
                                + " and source_name, or none with every source column empty");
            }
        }
        return null;
    }

    /** The rules' problem ({@code source: sha256 must be ...}) told at its column: {@code source_sha256 must be ...}. */
    private static void checked(FactSource source, CsvRow row) {
        try {
            CatalogRules.source(source, Problems.inFile("source"));
        } catch (CatalogImportException e) {
            String problem = e.getMessage().replaceFirst("^source: ", "source_");
            String column = COLUMNS.stream()
                    .filter(name -> problem.startsWith(name + " "))
                    .findFirst()
                    .orElse(null);
            throw row.problem(column, problem);
        }
    }
}
