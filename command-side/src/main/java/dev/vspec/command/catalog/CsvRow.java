package dev.vspec.command.catalog;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * One row of a catalog CSV file, its cells read as the catalog format's types. An empty cell, like a column the
 * header leaves out, is "not given"; a cell that is not of its column's type is refused naming the line and column.
 */
final class CsvRow {

    private static final Pattern WHOLE = Pattern.compile("-?\\d+");
    private static final Pattern DECIMAL = Pattern.compile("-?\\d+(\\.\\d+)?");
    private static final Pattern DECIMAL_COMMA = Pattern.compile("-?\\d+,\\d+");

    private final CsvTable.Row row;
    private final Map<String, Integer> columns;

    CsvRow(CsvTable.Row row, Map<String, Integer> columns) {
        this.row = row;
        this.columns = columns;
    }

    int line() {
        return row.line();
    }

    /** {@code line 4, column 3 (capacity_litres)}; a column the header leaves out is not named. */
    String place(String column) {
        Integer index = columns.get(column);
        return index == null
                ? "line " + row.line()
                : "line " + row.line() + ", column " + (index + 1) + " (" + column + ")";
    }

    CatalogImportException problem(String column, String problem) {
        return new CatalogImportException(place(column) + ": " + problem);
    }

    /** Whether the header names the column. */
    boolean has(String column) {
        return columns.containsKey(column);
    }

    /** The cell as written, or null when it is empty or the header has no such column. */
    String text(String column) {
        Integer index = columns.get(column);
        if (index == null) {
            return null;
        }
        String cell = row.fields().get(index);
        return cell.isEmpty() ? null : cell;
    }

    /** Whether every one of these cells is empty. */
    boolean empty(List<String> columns) {
        return columns.stream().allMatch(column -> text(column) == null);
    }

    Integer whole(String column) {
        String cell = text(column);
        if (cell == null) {
            return null;
        }
        if (!WHOLE.matcher(cell).matches()) {
            throw problem(column, "must be a whole number" + hint(cell));
        }
        try {
            return Integer.valueOf(cell);
        } catch (NumberFormatException e) {
            throw problem(column, "is too large; got " + cell);
        }
    }

    /** A whole number the row must give (the records hold it as an int). */
    int requiredWhole(String column) {
        Integer value = whole(column);
        if (value == null) {
            throw problem(column, column + " is required");
        }
        return value;
    }

    /** A number exactly as written: {@code 4.2} stays 4.2. */
    BigDecimal number(String column) {
        String cell = text(column);
        if (cell == null) {
            return null;
        }
        if (!DECIMAL.matcher(cell).matches()) {
            throw problem(column, "must be a number" + hint(cell));
        }
        return new BigDecimal(cell);
    }

    /** A decimal kept as its text (a price's amount), checked as a number is. */
    String decimal(String column) {
        BigDecimal value = number(column);
        return value == null ? null : text(column);
    }

    LocalDate date(String column) {
        String cell = text(column);
        if (cell == null) {
            return null;
        }
        try {
            return LocalDate.parse(cell);
        } catch (DateTimeParseException e) {
            throw problem(column, "must be a date YYYY-MM-DD; got '" + cell + "'");
        }
    }

    private static String hint(String cell) {
        if (DECIMAL_COMMA.matcher(cell).matches()) {
            return "; got '" + cell + "', written with a decimal comma: write " + cell.replace(',', '.');
        }
        return "; got '" + cell + "'";
    }
}
