package dev.vspec.vpic;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.LongConsumer;
import java.util.stream.Collectors;
import org.postgresql.copy.CopyIn;
import org.postgresql.copy.CopyManager;
import org.postgresql.copy.PGCopyOutputStream;
import org.sqlite.SQLiteConfig;
import org.sqlite.SQLiteOpenMode;

/**
 * A vPIC release as a SQLite file, opened read-only: which of its tables the layout needs (a file that
 * lacks any is refused, naming all it lacks), the date of its data, and its rows streamed into
 * PostgreSQL's {@code COPY}.
 */
final class VpicSqlite implements AutoCloseable {

    private static final int REPORT_EVERY_ROWS = 10_000;

    private final Path file;
    private final Connection sqlite;
    /** Table names by lower case (SQLite's names are case-insensitive), each with its columns by lower case. */
    private final Map<String, String> tableNames = new TreeMap<>();

    private final Map<String, Map<String, String>> columns = new TreeMap<>();

    private VpicSqlite(Path file, Connection sqlite) throws SQLException {
        this.file = file;
        this.sqlite = sqlite;
        try (Statement statement = sqlite.createStatement();
                ResultSet rows =
                        statement.executeQuery("select name from sqlite_master where type in ('table', 'view')")) {
            while (rows.next()) {
                tableNames.put(lower(rows.getString(1)), rows.getString(1));
            }
        }
    }

    static VpicSqlite open(Path file) {
        SQLiteConfig config = new SQLiteConfig();
        config.setReadOnly(true);
        config.setOpenMode(SQLiteOpenMode.READONLY);
        Connection connection = null;
        try {
            connection = config.createConnection("jdbc:sqlite:" + file.toAbsolutePath());
            return new VpicSqlite(file, connection);
        } catch (SQLException e) {
            closeQuietly(connection);
            throw new VpicInstallFailed(
                    file.getFileName() + " is not a SQLite file that vspec can read: " + e.getMessage(), e);
        }
    }

    /**
     * The tables to copy, in order: the layout's, then one per lookup table that {@code Element.LookupTable}
     * names and the file has.
     *
     * @throws VpicInstallFailed naming every table and column the file lacks
     */
    List<VpicLayout.Table> tables() throws SQLException {
        List<VpicLayout.Table> tables = new ArrayList<>(VpicLayout.TABLES);
        if (tableNames.containsKey("element") && columnsOf("Element").containsKey("lookuptable")) {
            for (String lookup : lookupTables()) {
                tables.add(VpicLayout.lookup(lookup, tableNames.get(lower(lookup))));
            }
        }
        Set<String> missing = new LinkedHashSet<>();
        for (VpicLayout.Table table : tables) {
            if (!tableNames.containsKey(lower(table.source()))) {
                missing.add("table " + table.source());
                continue;
            }
            Map<String, String> present = columnsOf(table.source());
            for (VpicLayout.Column column : table.columns()) {
                for (String read : column.reads()) {
                    if (!column.optional() && !present.containsKey(lower(read))) {
                        missing.add("column " + table.source() + "." + read);
                    }
                }
            }
        }
        if (!missing.isEmpty()) {
            throw new VpicInstallFailed(file.getFileName() + " is not a vPIC release vspec can install: it lacks "
                    + String.join(", ", missing));
        }
        return tables;
    }

    /**
     * The date NHTSA last processed the data: the newest {@code Wmi.ProcessedOn}, else (a file without it)
     * the newest change of a pattern.
     */
    LocalDate dataDate() throws SQLException {
        String date = null;
        if (columnsOf("Wmi").containsKey("processedon")) {
            date = text("select max(substr(\"ProcessedOn\", 1, 10)) from \"Wmi\" where \"ProcessedOn\" is not null");
        }
        if (date == null) {
            date = text("select max(substr(coalesce(\"UpdatedOn\", \"CreatedOn\"), 1, 10)) from \"Pattern\"");
        }
        if (date == null) {
            throw new VpicInstallFailed(file.getFileName() + " has no dates (Wmi.ProcessedOn, Pattern.CreatedOn)"
                    + " to tell its release's date by");
        }
        try {
            return LocalDate.parse(date);
        } catch (DateTimeParseException e) {
            throw new VpicInstallFailed(file.getFileName() + " dates its data '" + date + "', which is no date");
        }
    }

    long rows(VpicLayout.Table table) throws SQLException {
        try (Statement statement = sqlite.createStatement();
                ResultSet rows = statement.executeQuery("select count(*) from " + VpicLayout.quote(source(table)))) {
            rows.next();
            return rows.getLong(1);
        }
    }

    /**
     * Streams a table's rows into {@code COPY schema.target (...) FROM STDIN}, reporting the rows written
     * so far every few thousand rows.
     *
     * @return the rows PostgreSQL took
     * @throws VpicInstallFailed naming the table when a value does not fit (PostgreSQL refused it, or a time
     *                           is no time)
     */
    long copy(VpicLayout.Table table, CopyManager copyManager, String schema, LongConsumer rowsWritten)
            throws SQLException {
        String target = schema + "." + table.target() + " ("
                + table.columns().stream().map(VpicLayout.Column::target).collect(Collectors.joining(", ")) + ")";
        CopyIn copy = copyManager.copyIn("COPY " + target + " FROM STDIN");
        try (Statement statement = sqlite.createStatement();
                ResultSet rows = statement.executeQuery(select(table))) {
            PGCopyOutputStream stream = new PGCopyOutputStream(copy, 1 << 16);
            Writer out = new BufferedWriter(new OutputStreamWriter(stream, StandardCharsets.UTF_8), 1 << 16);
            List<VpicLayout.Column> columns = table.columns();
            StringBuilder row = new StringBuilder(256);
            long written = 0;
            while (rows.next()) {
                row.setLength(0);
                for (int i = 0; i < columns.size(); i++) {
                    if (i > 0) {
                        row.append('\t');
                    }
                    CopyText.appendValue(row, value(table, columns.get(i), rows.getString(i + 1), rows));
                }
                out.append(row).append('\n');
                if (++written % REPORT_EVERY_ROWS == 0) {
                    rowsWritten.accept(written);
                }
            }
            out.flush();
            long copied = stream.endCopy();
            rowsWritten.accept(written);
            return copied;
        } catch (IOException | SQLException | IllegalArgumentException e) {
            if (copy.isActive()) {
                copy.cancelCopy();
            }
            Throwable cause = e instanceof IOException && e.getCause() instanceof SQLException sql ? sql : e;
            throw new VpicInstallFailed(
                    "Cannot load vPIC table " + source(table) + " into " + schema + "." + table.target() + ": "
                            + cause.getMessage(),
                    e);
        }
    }

    private String value(VpicLayout.Table table, VpicLayout.Column column, String value, ResultSet rows)
            throws SQLException {
        return switch (column.kind()) {
            case VALUE -> value;
            case FLAG -> value == null || value.equals("0") ? "f" : "t";
            case TIME -> {
                try {
                    yield CopyText.timestamp(value);
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException(column.target() + " of the row with "
                            + table.columns().get(0).target() + " " + rows.getString(1) + " is " + e.getMessage());
                }
            }
        };
    }

    private String select(VpicLayout.Table table) throws SQLException {
        Map<String, String> present = columnsOf(table.source());
        return "select "
                + table.columns().stream()
                        .map(column -> column.optional()
                                        && !column.reads().stream().allMatch(r -> present.containsKey(lower(r)))
                                ? "null"
                                : column.expression())
                        .collect(Collectors.joining(", "))
                + " from " + VpicLayout.quote(source(table));
    }

    private List<String> lookupTables() throws SQLException {
        List<String> lookups = new ArrayList<>();
        try (Statement statement = sqlite.createStatement();
                ResultSet rows = statement.executeQuery("select distinct \"LookupTable\" from \"Element\""
                        + " where \"LookupTable\" is not null and trim(\"LookupTable\") <> '' order by 1")) {
            while (rows.next()) {
                String name = rows.getString(1).strip();
                if (!VpicLayout.NOT_LOOKUPS.contains(lower(name)) && tableNames.containsKey(lower(name))) {
                    lookups.add(name);
                }
            }
        }
        return lookups;
    }

    private Map<String, String> columnsOf(String table) throws SQLException {
        String name = tableNames.get(lower(table));
        if (name == null) {
            return Map.of();
        }
        Map<String, String> known = columns.get(lower(table));
        if (known == null) {
            known = new LinkedHashMap<>();
            try (PreparedStatement statement = sqlite.prepareStatement("select name from pragma_table_info(?)")) {
                statement.setString(1, name);
                try (ResultSet rows = statement.executeQuery()) {
                    while (rows.next()) {
                        known.put(lower(rows.getString(1)), rows.getString(1));
                    }
                }
            }
            columns.put(lower(table), known);
        }
        return known;
    }

    private String source(VpicLayout.Table table) {
        return tableNames.getOrDefault(lower(table.source()), table.source());
    }

    private String text(String sql) throws SQLException {
        try (Statement statement = sqlite.createStatement();
                ResultSet rows = statement.executeQuery(sql)) {
            return rows.next() ? rows.getString(1) : null;
        }
    }

    private static String lower(String name) {
        return name.toLowerCase(Locale.ROOT);
    }

    @Override
    public void close() {
        closeQuietly(sqlite);
    }

    private static void closeQuietly(Connection connection) {
        if (connection != null) {
            try {
                connection.close();
            } catch (SQLException ignored) {
                // read-only: nothing to lose
            }
        }
    }
}
