package dev.vspec.vpic;

import dev.vspec.contracts.decoding.VpicReleaseInstalled;
import dev.vspec.decoder.VpicRelease;
import dev.vspec.decoder.VpicTables;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataAccessException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.jdbc.datasource.SingleConnectionDataSource;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Installs a vPIC release (a SQLite file) into PostgreSQL as the decoder reads it, schema {@code vpic}
 * (the tables of the decoder's {@code vpic-tables.sql}), and swaps it in whole:
 * <ol>
 *   <li>the file's SHA-256 is the release's identity: when {@code vpic.release} holds it already, nothing
 *       changes;</li>
 *   <li>one installer at a time (a session advisory lock);</li>
 *   <li>the release is loaded with {@code COPY} into a schema of its own, {@code vpic_incoming}, and
 *       committed there;</li>
 *   <li>the decoder must index it ({@link VpicTables#load}) before it is swapped in;</li>
 *   <li>one transaction drops {@code vpic}, renames {@code vpic_incoming} to {@code vpic}, appends
 *       {@link VpicReleaseInstalled} to the event store and notifies {@value VpicTables#CHANNEL}. Readers of
 *       the old release finish first (the drop waits for their locks); readers after the commit see the new
 *       one, and the decoders reload on the notification.</li>
 * </ol>
 * A failure anywhere before that commit leaves the installed release as it was. Plain JDBC on one
 * connection of the given DataSource; no Spring context.
 */
public final class VpicInstaller {

    /** Whether the database must have vspec's event store, which records every release installed. */
    public enum EventStore {
        /** A database vspec runs on: the event is appended, and a database without an event store is refused. */
        REQUIRED,
        /** Data only (a test fixture's template database): the event is appended only where there is an event store. */
        IF_PRESENT
    }

    /** What an install does, as it goes. */
    public interface Progress {

        Progress NONE = new Progress() {};

        /** The file is checked and about to be copied: its release (not yet installed) and the rows it holds. */
        default void loading(VpicRelease release, long rows) {}

        /** Rows copied so far, of the total {@link #loading} announced. */
        default void copied(long rows) {}

        /** A step after copying, e.g. checking the release with the decoder, or swapping it in. */
        default void step(String description) {}
    }

    /**
     * What an install did: the release now installed, whether this call installed it ({@code false}: it was
     * installed already and nothing changed), the release it replaced, the rows copied and how long it took.
     */
    public record Outcome(VpicRelease release, boolean installed, String replacedSha256, long rows, Duration elapsed) {

        public double rowsPerSecond() {
            return rows / Math.max(elapsed.toNanos() / 1e9, 1e-9);
        }
    }

    public static final String SCHEMA = VpicTables.SCHEMA;
    /** The key of the count of VIN schemas the package's maker added beside NHTSA's (by their notes) in a release's counts. */
    public static final String COMMUNITY_SCHEMAS = "community_schemas";
    /** How long the swap waits for readers of the old release before it gives up (and changes nothing). */
    static final Duration READERS_WAIT = Duration.ofMinutes(2);
    /** The advisory lock key: "vspecvpi" in ASCII. */
    private static final long LOCK = 0x7673_7065_6376_7069L;

    private static final String LOCK_NOT_AVAILABLE = "55P03";
    private static final Logger log = LoggerFactory.getLogger(VpicInstaller.class);

    private final DataSource dataSource;
    private final EventStore eventStore;
    private final Clock clock;

    public VpicInstaller(DataSource dataSource) {
        this(dataSource, EventStore.REQUIRED, Clock.systemUTC());
    }

    public VpicInstaller(DataSource dataSource, EventStore eventStore, Clock clock) {
        this.dataSource = dataSource;
        this.eventStore = eventStore;
        this.clock = clock;
    }

    /** The release installed in the database, if any: one cheap query. */
    public static Optional<VpicRelease> installed(DataSource dataSource) {
        try (Connection connection = dataSource.getConnection()) {
            return Optional.ofNullable(VpicTables.installedRelease(connection, SCHEMA));
        } catch (SQLException e) {
            throw new VpicInstallFailed("Cannot read the installed vPIC release: " + e.getMessage(), e);
        }
    }

    /**
     * Installs the release in {@code sqliteFile} unless it is installed already.
     *
     * @param source where the file came from, for the record: {@code npm <package> <path>} or {@code file <name>},
     *               never an absolute path
     * @throws VpicInstallFailed when the file cannot be installed; the installed release is then unchanged
     */
    public Outcome install(Path sqliteFile, String source, Progress progress) {
        long started = System.nanoTime();
        if (!Files.isRegularFile(sqliteFile) || !Files.isReadable(sqliteFile)) {
            throw new VpicInstallFailed("Cannot read " + sqliteFile + ": no such file");
        }
        String sha256 = Digests.sha256(sqliteFile);
        try (Connection connection = dataSource.getConnection()) {
            Optional<VpicRelease> current = current(connection);
            if (current.isPresent() && current.get().sha256().equals(sha256)) {
                return unchanged(current.get(), started);
            }
            lock(connection);
            try {
                current = current(connection);
                if (current.isPresent() && current.get().sha256().equals(sha256)) {
                    return unchanged(current.get(), started);
                }
                return install(connection, sqliteFile, sha256, source, progress, started);
            } finally {
                unlock(connection);
            }
        } catch (SQLException | DataAccessException e) {
            throw new VpicInstallFailed("The database failed while installing the vPIC release: " + e.getMessage(), e);
        }
    }

    private Outcome install(
            Connection connection, Path file, String sha256, String source, Progress progress, long started)
            throws SQLException {
        boolean withEvent = hasTable(connection, VpicReleaseEvents.EVENT_TABLE);
        if (!withEvent && eventStore == EventStore.REQUIRED) {
            throw new VpicInstallFailed("This database has no event store (" + VpicReleaseEvents.EVENT_TABLE
                    + " is missing), which records every vPIC release installed. Start vspec on it once (vspec up)"
                    + " so that its migrations create it, then install again.");
        }
        try {
            VpicRelease loaded;
            Map<String, Long> counts;
            try (VpicSqlite sqlite = VpicSqlite.open(file)) {
                List<VpicLayout.Table> tables = sqlite.tables();
                LocalDate dataDate = sqlite.dataDate();
                long total = 0;
                for (VpicLayout.Table table : tables) {
                    total += sqlite.rows(table);
                }
                progress.loading(new VpicRelease(sha256, dataDate, source, null, Map.of()), total);
                connection.setAutoCommit(false);
                try {
                    counts = VpicIncoming.load(connection, sqlite, tables, progress);
                    loaded = new VpicRelease(sha256, dataDate, source, null, counts);
                    VpicIncoming.insertRelease(connection, loaded, counts);
                    connection.commit();
                } catch (SQLException | RuntimeException e) {
                    connection.rollback();
                    throw e;
                } finally {
                    connection.setAutoCommit(true);
                }
            }
            long rows = counts.entrySet().stream()
                    .filter(e -> !e.getKey().equals(COMMUNITY_SCHEMAS))
                    .mapToLong(Map.Entry::getValue)
                    .sum();
            long copied = System.nanoTime();
            progress.step("Checking the release with the decoder");
            VpicIncoming.validate(connection, file);
            long validated = System.nanoTime();
            progress.step("Swapping the new release in");
            // PostgreSQL keeps microseconds: the event says the same instant as the release row
            Instant installedAt = clock.instant().truncatedTo(ChronoUnit.MICROS);
            String replaced = swap(connection, loaded, counts, installedAt, withEvent);
            long swapped = System.nanoTime();
            Duration elapsed = Duration.ofNanos(swapped - started);
            VpicRelease release = new VpicRelease(sha256, loaded.dataDate(), source, installedAt, loaded.counts());
            Outcome outcome = new Outcome(release, true, replaced, rows, elapsed);
            log.info(
                    "Installed {} from {} in {} ms ({} rows, {} rows/s; loaded in {} ms, indexed in {} ms, swapped in {} ms){}",
                    release.describedAs(),
                    source,
                    elapsed.toMillis(),
                    rows,
                    Math.round(outcome.rowsPerSecond()),
                    (copied - started) / 1_000_000,
                    (validated - copied) / 1_000_000,
                    (swapped - validated) / 1_000_000,
                    replaced == null ? "" : ", replacing " + replaced);
            return outcome;
        } catch (SQLException | RuntimeException e) {
            VpicIncoming.drop(connection);
            throw e;
        }
    }

    /** One transaction: the old release out, the new one in, the event, the notification. Answers the replaced release. */
    private String swap(
            Connection connection,
            VpicRelease release,
            Map<String, Long> counts,
            Instant installedAt,
            boolean withEvent) {
        SingleConnectionDataSource single = new SingleConnectionDataSource(connection, true);
        DataSourceTransactionManager transactions = new DataSourceTransactionManager(single);
        JdbcTemplate jdbc = new JdbcTemplate(single);
        return new TransactionTemplate(transactions).execute(status -> {
            jdbc.execute("SET LOCAL lock_timeout = '" + READERS_WAIT.toSeconds() + "s'");
            String replaced =
                    jdbc.queryForObject("select to_regclass('" + SCHEMA + ".release') is not null", Boolean.class)
                            ? jdbc.query(
                                    "select sha256 from " + SCHEMA + ".release",
                                    rows -> rows.next() ? rows.getString(1).strip() : null)
                            : null;
            jdbc.update("UPDATE " + VpicIncoming.SCHEMA + ".release SET installed_at = ?", Timestamp.from(installedAt));
            try {
                jdbc.execute("DROP SCHEMA IF EXISTS " + SCHEMA + " CASCADE");
            } catch (DataAccessException e) {
                if (e.getMostSpecificCause() instanceof SQLException sql
                        && LOCK_NOT_AVAILABLE.equals(sql.getSQLState())) {
                    throw new VpicInstallFailed(
                            "Readers of the installed vPIC release held it for more than " + READERS_WAIT.toMinutes()
                                    + " minutes; nothing changed. Install again.",
                            e);
                }
                throw e;
            }
            jdbc.execute("ALTER SCHEMA " + VpicIncoming.SCHEMA + " RENAME TO " + SCHEMA);
            if (withEvent) {
                new VpicReleaseEvents(single, transactions)
                        .append(new VpicReleaseInstalled(
                                release.sha256(), release.dataDate(), release.source(), installedAt, counts, replaced));
            }
            // the sha256 is hex, checked when hashed
            jdbc.execute("NOTIFY " + VpicTables.CHANNEL + ", '" + release.sha256() + "'");
            return replaced;
        });
    }

    private static Optional<VpicRelease> current(Connection connection) throws SQLException {
        return Optional.ofNullable(VpicTables.installedRelease(connection, SCHEMA));
    }

    private static Outcome unchanged(VpicRelease release, long started) {
        return new Outcome(release, false, null, 0, Duration.ofNanos(System.nanoTime() - started));
    }

    private static void lock(Connection connection) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.execute("select pg_advisory_lock(" + LOCK + ")");
        }
    }

    /** Closing the connection would release the lock too; a failure here must not hide the install's own. */
    private static void unlock(Connection connection) {
        try (Statement statement = connection.createStatement()) {
            statement.execute("select pg_advisory_unlock(" + LOCK + ")");
        } catch (SQLException e) {
            log.warn("Could not release the vPIC install lock: {}", e.getMessage());
        }
    }

    private static boolean hasTable(Connection connection, String table) throws SQLException {
        try (PreparedStatement query = connection.prepareStatement("select to_regclass(?) is not null")) {
            query.setString(1, table);
            try (ResultSet rows = query.executeQuery()) {
                rows.next();
                return rows.getBoolean(1);
            }
        }
    }
}
