package dev.vspec.command.catalog;

import dev.vspec.contracts.catalog.FactSource;
import dev.vspec.contracts.error.ApiException;
import dev.vspec.contracts.identity.ConfigKey;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.springframework.core.io.Resource;

/**
 * One CSV file of an import: its group (which its name says), the source of the facts of rows that state none, and
 * its rows under a header checked against the group's columns and the optional source columns ({@link CsvSource}). A row of a configuration's
 * group names the configuration by {@code config_key}, by its identity (year, make, model, trim, engine_code and,
 * where it has one, drivetrain) or by both when they agree.
 */
final class CsvFile {

    private final Resource resource;
    private final CatalogGroup group;
    private final FactSource source;
    private final Map<String, Integer> columns;
    private final List<CsvRow> rows;

    private CsvFile(
            Resource resource, CatalogGroup group, FactSource source, Map<String, Integer> columns, CsvTable table) {
        this.resource = resource;
        this.group = group;
        this.source = source;
        this.columns = columns;
        this.rows = table.rows().stream().map(row -> new CsvRow(row, columns)).toList();
    }

    /**
     * Reads the file of {@code group}.
     *
     * @throws CatalogImportException naming the line and column of the first problem of its text or header
     */
    static CsvFile read(Resource resource, CatalogGroup group, byte[] bytes, FactSource source) {
        CsvTable table = CsvTable.parse(bytes);
        return new CsvFile(resource, group, source, columns(group, table.header()), table);
    }

    String name() {
        return source.name();
    }

    Resource resource() {
        return resource;
    }

    CatalogGroup group() {
        return group;
    }

    FactSource source() {
        return source;
    }

    /** The source a row's fact is recorded with: the one the row states, else this file. */
    FactSource sourceOf(CsvRow row) {
        FactSource stated = CsvSource.statedIn(row);
        return stated != null ? stated : source;
    }

    List<CsvRow> rows() {
        return rows;
    }

    /** The data columns: what a row says beyond which configuration or VIN it is about. */
    List<String> dataColumns() {
        return group.columns().stream()
                .filter(column -> !column.equals(CatalogGroup.CONFIG_KEY)
                        && !(group == CatalogGroup.SERVICE_HISTORY && column.equals("vin")))
                .toList();
    }

    /** The config_key a row of a configuration's group names, given or derived from the identity. */
    String configKey(CsvRow row) {
        String given = row.text(CatalogGroup.CONFIG_KEY);
        if (given != null && !ConfigKey.isWellFormed(given)) {
            throw row.problem(
                    CatalogGroup.CONFIG_KEY,
                    "'" + given + "' is not a config_key (year-make-model-trim-enginecode[-drivetrain], lower case)");
        }
        if (!columns.containsKey("year")) {
            if (given == null) {
                throw row.problem(CatalogGroup.CONFIG_KEY, "config_key is required");
            }
            return given;
        }
        String derived = derivedKey(row);
        if (given != null && !given.equals(derived)) {
            throw row.problem(
                    CatalogGroup.CONFIG_KEY,
                    "config_key must be " + derived
                            + " (derived from year, make, model, trim, engine_code, drivetrain); got " + given);
        }
        return derived;
    }

    private static String derivedKey(CsvRow row) {
        int year = row.requiredWhole("year");
        List<String> parts = new ArrayList<>();
        for (String column : List.of("make", "model", "trim", "engine_code")) {
            String value = row.text(column);
            if (value == null) {
                throw row.problem(column, column + " is required");
            }
            parts.add(value);
        }
        try {
            return ConfigKey.of(year, parts.get(0), parts.get(1), parts.get(2), parts.get(3), row.text("drivetrain"))
                    .value();
        } catch (ApiException e) {
            throw row.problem(
                    "make", "make, model, trim, engine_code and drivetrain must each contain a letter or digit");
        }
    }

    /** Each column's index; a column that is unknown, twice or missing is refused. */
    private static Map<String, Integer> columns(CatalogGroup group, List<String> header) {
        Set<String> allowed = new LinkedHashSet<>(group.columns());
        if (group.keyedByConfiguration()) {
            allowed.addAll(CatalogGroup.IDENTITY);
        }
        allowed.addAll(CsvSource.COLUMNS);
        Map<String, Integer> columns = new HashMap<>();
        for (int i = 0; i < header.size(); i++) {
            String name = header.get(i);
            String at = "line 1, column " + (i + 1) + ": ";
            if (!allowed.contains(name)) {
                throw new CatalogImportException(at + "unknown column \"" + name + "\"; " + describe(group));
            }
            Integer earlier = columns.putIfAbsent(name, i);
            if (earlier != null) {
                throw new CatalogImportException(at + "the column " + name + " is already column " + (earlier + 1));
            }
        }
        for (String required : required(group, columns)) {
            if (!columns.containsKey(required)) {
                throw new CatalogImportException("line 1: the column " + required + " is missing; " + describe(group));
            }
        }
        return columns;
    }

    /**
     * The columns a header must name; a configuration's group needs config_key or the identity's columns, and all
     * of the identity's once it names one.
     */
    private static List<String> required(CatalogGroup group, Map<String, Integer> columns) {
        List<String> required = new ArrayList<>(group.columns());
        required.removeAll(group.optionalColumns());
        if (group.keyedByConfiguration()) {
            required.remove(CatalogGroup.CONFIG_KEY);
            if (!columns.containsKey(CatalogGroup.CONFIG_KEY)
                    || CatalogGroup.IDENTITY.stream().anyMatch(columns::containsKey)) {
                required.addAll(0, CatalogGroup.IDENTITY.subList(0, 5));
            }
        }
        return required;
    }

    private static String describe(CatalogGroup group) {
        String columns = group.columns().stream()
                .map(column -> group.optionalColumns().contains(column) ? column + " (optional)" : column)
                .collect(Collectors.joining(", "));
        return "the columns of " + group.fileName() + " are " + columns
                + (group.keyedByConfiguration()
                        ? ", where year, make, model, trim, engine_code and drivetrain may name the configuration"
                                + " instead of config_key"
                        : "")
                + "; " + String.join(", ", CsvSource.COLUMNS) + " (optional) may state each row's source";
    }
}
