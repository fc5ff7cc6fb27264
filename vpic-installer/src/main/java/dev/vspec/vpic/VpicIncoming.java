package dev.vspec.vpic;

import dev.vspec.decoder.VpicIndex;
import dev.vspec.decoder.VpicRelease;
import dev.vspec.decoder.VpicTables;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.postgresql.PGConnection;
import org.postgresql.copy.CopyManager;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Schema {@value #SCHEMA}, where a release is loaded and checked before it is swapped in: the decoder's
 * tables ({@code vpic-tables.sql}), filled with {@code COPY} from the SQLite file, and its release row.
 */
final class VpicIncoming {

    static final String SCHEMA = VpicTables.SCHEMA + "_incoming";
    static final String COMMUNITY_NOTE = "Community contribution";

    private static final Logger log = LoggerFactory.getLogger(VpicIncoming.class);

    private VpicIncoming() {}

    /**
     * The deployables read the release as members of the role {@code <database>_decoder}, when the migrations
     * made it (storage's {@code afterMigrate__deployable_roles.sql} grants an installed release the same).
     */
    private static final String GRANT_TO_DECODERS = "DO $$ DECLARE decoder text := current_database() || '_decoder';"
            + " BEGIN IF EXISTS (SELECT FROM pg_roles WHERE rolname = decoder) THEN"
            + " EXECUTE format('GRANT USAGE ON SCHEMA " + SCHEMA + " TO %I', decoder);"
            + " EXECUTE format('GRANT SELECT ON ALL TABLES IN SCHEMA " + SCHEMA + " TO %I', decoder);"
            + " END IF; END $$";

    /** Creates {@code vpic_incoming} with the decoder's tables and copies every table into it; answers the counts. */
    static Map<String, Long> load(
            Connection connection, VpicSqlite sqlite, List<VpicLayout.Table> tables, VpicInstaller.Progress progress)
            throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.execute("DROP SCHEMA IF EXISTS " + SCHEMA + " CASCADE");
            statement.execute("CREATE SCHEMA " + SCHEMA);
            statement.execute(ddl(SCHEMA));
            statement.execute(GRANT_TO_DECODERS);
        }
        CopyManager copy = connection.unwrap(PGConnection.class).getCopyAPI();
        Map<String, Long> counts = new LinkedHashMap<>();
        long done = 0;
        for (VpicLayout.Table table : tables) {
            long before = done;
            long copied = sqlite.copy(table, copy, SCHEMA, written -> progress.copied(before + written));
            counts.merge(table.target(), copied, Long::sum);
            done += copied;
        }
        try (Statement statement = connection.createStatement()) {
            for (String table : counts.keySet()) {
                statement.execute("ANALYZE " + SCHEMA + "." + table);
            }
        }
        counts.put(
                VpicInstaller.COMMUNITY_SCHEMAS,
                count(
                        connection,
                        "select count(*) from " + SCHEMA + ".vin_schema where notes = '" + COMMUNITY_NOTE + "'"));
        return counts;
    }

    /** The release row, the last of the load; the swap sets when it was installed. */
    static void insertRelease(Connection connection, VpicRelease release, Map<String, Long> counts)
            throws SQLException {
        try (PreparedStatement insert = connection.prepareStatement("INSERT INTO " + SCHEMA
                + ".release (sha256, data_date, source, installed_at, counts) VALUES (?, ?, ?, now(), ?::jsonb)")) {
            insert.setString(1, release.sha256());
            insert.setObject(2, release.dataDate());
            insert.setString(3, release.source());
            insert.setString(4, json(counts));
            insert.executeUpdate();
        }
    }

    /** The decoder must be able to index the release before anyone decodes with it. */
    static void validate(Connection connection, Path file) throws SQLException {
        VpicIndex index;
        try {
            index = VpicTables.load(connection, SCHEMA);
        } catch (IllegalArgumentException | IllegalStateException e) {
            throw new VpicInstallFailed(
                    "The decoder cannot index the vPIC release in " + file.getFileName() + ": " + e.getMessage(), e);
        }
        if (index == null) {
            throw new VpicInstallFailed("The decoder found no release in " + SCHEMA + " after loading it");
        }
    }

    /** After a failed install, as far as the connection still can; the next install drops it anyway. */
    static void drop(Connection connection) {
        try {
            if (!connection.getAutoCommit()) {
                connection.rollback();
                connection.setAutoCommit(true);
            }
            try (Statement statement = connection.createStatement()) {
                statement.execute("DROP SCHEMA IF EXISTS " + SCHEMA + " CASCADE");
            }
        } catch (SQLException e) {
            log.warn("Could not drop {} after a failed install: {}", SCHEMA, e.getMessage());
        }
    }

    private static long count(Connection connection, String sql) throws SQLException {
        try (Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery(sql)) {
            rows.next();
            return rows.getLong(1);
        }
    }

    /** The decoder's DDL of a release's tables, for {@code schema}. */
    static String ddl(String schema) {
        try (InputStream in = VpicTables.class.getClassLoader().getResourceAsStream(VpicTables.DDL_RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(
                        VpicTables.DDL_RESOURCE + " is not on the classpath (the decoder module)");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).replace("${schema}", schema);
        } catch (IOException e) {
            throw new IllegalStateException("Cannot read " + VpicTables.DDL_RESOURCE, e);
        }
    }

    /** Counts as a flat JSON object; the keys are table names. */
    static String json(Map<String, Long> counts) {
        return counts.entrySet().stream()
                .map(e -> "\"" + e.getKey() + "\": " + e.getValue())
                .collect(Collectors.joining(", ", "{", "}"));
    }
}
