package dev.vspec.decoder;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Reads an installed vPIC release from PostgreSQL (the tables of {@code vpic-tables.sql}) into a
 * {@link VpicIndex}. Plain JDBC: every deployable that decodes builds its index this way, from the
 * database it already uses, so instances scale out without shipping files.
 */
public final class VpicTables {

    /** The schema an installed release lives in. */
    public static final String SCHEMA = "vpic";

    /** The PostgreSQL notification channel the installer signals on when it swaps a release in. */
    public static final String CHANNEL = "vspec_vpic_release";

    /** The DDL of a release's tables, with {@code ${schema}} for the schema. */
    public static final String DDL_RESOURCE = "dev/vspec/decoder/vpic-tables.sql";

    private static final Pattern SCHEMA_NAME = Pattern.compile("[a-z_][a-z0-9_]{0,62}");
    private static final int FETCH_SIZE = 10_000;

    private VpicTables() {}

    /**
     * The release installed in {@code schema}, or null when none is (no such schema, or no release row).
     * Cheap: one row.
     */
    public static VpicRelease installedRelease(Connection connection, String schema) throws SQLException {
        requireName(schema);
        try (Statement statement = connection.createStatement();
                ResultSet exists = statement.executeQuery("select to_regclass('" + schema + ".release') is not null")) {
            exists.next();
            if (!exists.getBoolean(1)) {
                return null;
            }
        }
        try (Statement statement = connection.createStatement();
                ResultSet row = statement.executeQuery(
                        "select sha256, data_date, source, installed_at, counts::text from " + schema + ".release")) {
            return row.next() ? release(row) : null;
        }
    }

    /**
     * Reads every table of the release in {@code schema} in one read-only, repeatable-read transaction (a
     * release swapped in meanwhile is not half seen) and builds its index.
     *
     * @return the index, or null when no release is installed there
     * @throws IllegalStateException    when the tables do not make a release the decoder can index
     * @throws IllegalArgumentException when a pattern key cannot be read
     */
    public static VpicIndex load(Connection connection, String schema) throws SQLException {
        requireName(schema);
        boolean autoCommit = connection.getAutoCommit();
        int isolation = connection.getTransactionIsolation();
        boolean readOnly = connection.isReadOnly();
        connection.setAutoCommit(false);
        connection.setTransactionIsolation(Connection.TRANSACTION_REPEATABLE_READ);
        connection.setReadOnly(true);
        try {
            VpicRelease release = installedRelease(connection, schema);
            if (release == null) {
                connection.rollback();
                return null;
            }
            VpicIndex.Builder builder = new VpicIndex.Builder().release(release);
            read(connection, schema, builder);
            connection.commit();
            return builder.build();
        } catch (SQLException | RuntimeException e) {
            connection.rollback();
            throw e;
        } finally {
            connection.setReadOnly(readOnly);
            connection.setTransactionIsolation(isolation);
            connection.setAutoCommit(autoCommit);
        }
    }

    private static void read(Connection connection, String schema, VpicIndex.Builder builder) throws SQLException {
        readElements(connection, schema, builder);
        readNames(connection, schema, builder);
        readWmis(connection, schema, builder);
        readPatterns(connection, schema, builder);
    }

    /** The elements a decode reports, and the lookup tables naming their values. */
    private static void readElements(Connection connection, String schema, VpicIndex.Builder builder)
            throws SQLException {
        query(
                connection,
                "select id, name, code, lookup_table, data_type, decode, weight, is_private from " + schema
                        + ".element",
                row -> builder.element(new Element(
                        row.getInt(1),
                        row.getString(2),
                        row.getString(3),
                        row.getString(4),
                        row.getString(5),
                        row.getString(6),
                        integer(row, 7),
                        row.getBoolean(8))));
        query(
                connection,
                "select table_name, id, name from " + schema + ".lookup",
                row -> builder.lookup(row.getString(1), row.getInt(2), row.getString(3)));
    }

    /** Makes, models, which make each model belongs to, and manufacturers. */
    private static void readNames(Connection connection, String schema, VpicIndex.Builder builder) throws SQLException {
        query(
                connection,
                "select id, name from " + schema + ".make",
                row -> builder.make(row.getInt(1), row.getString(2)));
        query(
                connection,
                "select id, name from " + schema + ".model",
                row -> builder.model(row.getInt(1), row.getString(2)));
        query(
                connection,
                "select make_id, model_id from " + schema + ".make_model",
                row -> builder.makeModel(row.getInt(1), row.getInt(2)));
        query(
                connection,
                "select id, name from " + schema + ".manufacturer",
                row -> builder.manufacturer(row.getInt(1), row.getString(2)));
    }

    /** The VIN schemas, the WMIs, and which makes and schemas (for which years) each WMI has. */
    private static void readWmis(Connection connection, String schema, VpicIndex.Builder builder) throws SQLException {
        query(
                connection,
                "select id, name, tobe_qced, notes from " + schema + ".vin_schema",
                row -> builder.schema(row.getInt(1), row.getString(2), row.getBoolean(3), row.getString(4)));
        query(
                connection,
                "select id, wmi, manufacturer_id, make_id, vehicle_type_id, truck_type_id, country_id,"
                        + " public_availability_date from " + schema + ".wmi",
                row -> builder.wmi(new WmiRow(
                        row.getInt(1),
                        row.getString(2),
                        integer(row, 3),
                        integer(row, 4),
                        integer(row, 5),
                        integer(row, 6),
                        integer(row, 7),
                        micros(row, 8))));
        query(
                connection,
                "select wmi_id, make_id from " + schema + ".wmi_make",
                row -> builder.wmiMake(row.getInt(1), row.getInt(2)));
        query(
                connection,
                "select wmi_id, vin_schema_id, year_from, year_to from " + schema + ".wmi_vin_schema",
                row -> builder.wmiSchema(row.getInt(1), row.getInt(2), row.getInt(3), integer(row, 4)));
    }

    /** The schemas' patterns, the engine models' own patterns, and the unit conversions. */
    private static void readPatterns(Connection connection, String schema, VpicIndex.Builder builder)
            throws SQLException {
        query(
                connection,
                "select id, vin_schema_id, keys, element_id, attribute_id, changed_on from " + schema + ".pattern",
                row -> builder.pattern(
                        row.getInt(1),
                        row.getInt(2),
                        row.getString(3),
                        row.getInt(4),
                        row.getString(5),
                        orEpoch(micros(row, 6))));
        query(
                connection,
                "select id, name from " + schema + ".engine_model",
                row -> builder.engineModel(row.getInt(1), row.getString(2)));
        query(
                connection,
                "select id, engine_model_id, element_id, attribute_id, changed_on from " + schema
                        + ".engine_model_pattern",
                row -> builder.engineModelPattern(
                        row.getInt(1), row.getInt(2), row.getInt(3), row.getString(4), orEpoch(micros(row, 5))));
        query(
                connection,
                "select id, from_element_id, to_element_id, formula from " + schema + ".conversion",
                row -> builder.conversion(row.getInt(1), row.getInt(2), row.getInt(3), row.getString(4)));
    }

    private interface RowReader {
        void read(ResultSet row) throws SQLException;
    }

    private static void query(Connection connection, String sql, RowReader reader) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.setFetchSize(FETCH_SIZE);
            try (ResultSet rows = statement.executeQuery(sql)) {
                while (rows.next()) {
                    reader.read(rows);
                }
            }
        }
    }

    private static VpicRelease release(ResultSet row) throws SQLException {
        Map<String, Long> counts = new HashMap<>();
        String json = row.getString(5);
        // {"pattern": 799207, ...}: flat, numbers only, as the installer writes it
        for (String pair : json.replaceAll("[{}\\s\"]", "").split(",")) {
            int colon = pair.indexOf(':');
            if (colon > 0) {
                try {
                    counts.put(pair.substring(0, colon), Long.parseLong(pair.substring(colon + 1)));
                } catch (NumberFormatException ignored) {
                    // not a count; the release is still usable
                }
            }
        }
        Timestamp installed = row.getTimestamp(4);
        LocalDate dataDate = row.getObject(2, LocalDate.class);
        return new VpicRelease(
                row.getString(1).strip(),
                dataDate,
                row.getString(3),
                installed == null ? null : installed.toInstant(),
                counts);
    }

    private static Integer integer(ResultSet row, int column) throws SQLException {
        int value = row.getInt(column);
        return row.wasNull() ? null : value;
    }

    /** vPIC's times carry no zone; they are read as UTC, whatever the JVM's zone. */
    private static Long micros(ResultSet row, int column) throws SQLException {
        LocalDateTime time = row.getObject(column, LocalDateTime.class);
        return time == null ? null : ChronoUnit.MICROS.between(Instant.EPOCH, time.toInstant(ZoneOffset.UTC));
    }

    private static long orEpoch(Long micros) {
        return micros == null ? Long.MIN_VALUE : micros;
    }

    private static void requireName(String schema) {
        if (!SCHEMA_NAME.matcher(schema).matches()) {
            throw new IllegalArgumentException("not a schema name: " + schema);
        }
    }
}
