package dev.vspec.cli.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.zaxxer.hikari.HikariDataSource;
import dev.vspec.access.Sha256;
import dev.vspec.cli.VspecCli;
import dev.vspec.command.catalog.ImportFiles;
import dev.vspec.testing.database.TestDatabase;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import javax.sql.DataSource;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.core.io.FileSystemResource;
import org.springframework.core.io.Resource;
import picocli.CommandLine;

/**
 * {@code vspec catalog import} of the documented CSV example set ({@code docs/catalog-sample/}) into a real event
 * store (vspec's migrations, no stack running): --check stores nothing and counts what the import then records, a
 * second import stores nothing, a broken file changes nothing, an import the database fails under completes when
 * run again.
 */
class CatalogImportIT {

    private static final Path SAMPLE = Path.of("..", "docs", "catalog-sample");

    private static TestDatabase database;
    private static TestDatabase interrupted;
    private static TestDatabase mixed;

    @TempDir
    Path folder;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    @BeforeAll
    static void createDatabases() {
        database = migrated(TestDatabase.create("vspec_import"));
        interrupted = migrated(TestDatabase.create("vspec_import_cut"));
        mixed = migrated(TestDatabase.create("vspec_import_mixed"));
    }

    @AfterAll
    static void dropDatabases() {
        Stream.of(database, interrupted, mixed).filter(db -> db != null).forEach(TestDatabase::drop);
    }

    @Test
    void checkCountsWhatTheImportRecordsStoresNothingAndASecondImportStoresNothing() throws Exception {
        String[] files = sampleFiles();

        int checked = vspec(database, args("--check", files));

        assertThat(checked).as(err.toString()).isZero();
        assertThat(events(database)).isZero();
        assertThat(out.toString())
                .contains("Checked 12 files: 3 configurations, 6 VINs.")
                .contains("Nothing was stored (--check).");
        Map<String, List<Long>> wouldDo = table();
        assertThat(wouldDo.get("configurations")).containsExactly(3L, 0L, 0L);
        assertThat(wouldDo.get("fluids")).containsExactly(3L, 0L, 0L);
        assertThat(wouldDo.get("prices")).containsExactly(8L, 0L, 0L);
        assertThat(wouldDo.get("vins")).containsExactly(6L, 0L, 0L);
        assertThat(wouldDo.get("service_history")).containsExactly(4L, 0L, 0L);
        assertThat(wouldDo.get("aliases")).containsExactly(1L, 0L, 0L);
        long recorded =
                wouldDo.values().stream().mapToLong(counts -> counts.get(0)).sum();

        out.getBuffer().setLength(0);
        int imported = vspec(database, files);

        assertThat(imported).as(err.toString()).isZero();
        assertThat(table()).isEqualTo(wouldDo);
        assertThat(events(database)).isEqualTo(recorded);
        assertThat(out.toString()).contains(recorded + " facts recorded, 0 unchanged, 0 configurations refused.");
        byte[] fluids = Files.readAllBytes(SAMPLE.resolve("sample-fluids.csv"));
        assertThat(payloads(database, "FluidsRecorded", "2018-toyota-camry-le-a25a-fks-fwd"))
                .singleElement()
                .asString()
                .contains("{\"type\":\"engine_oil\",\"specification\":\"API SN ILSAC GF-5 0W-16\","
                        + "\"capacityLitres\":4.5,\"capacityUsQuarts\":4.8,\"notes\":\"with filter\"}")
                .contains("\"source\":{\"kind\":\"import\",\"name\":\"sample-fluids.csv\",\"sha256\":\""
                        + Sha256.hex(fluids) + "\"}");
        assertThat(payloads(database, "ServiceHistoryRecorded", "1FMCU0GD4JUB77215"))
                .singleElement()
                .asString()
                .contains("\"records\":[]");

        out.getBuffer().setLength(0);
        int again = vspec(database, files);

        assertThat(again).as(err.toString()).isZero();
        assertThat(events(database)).isEqualTo(recorded);
        assertThat(out.toString()).contains(" 0 facts recorded, " + recorded + " unchanged");
    }

    @Test
    void brokenFilesAreReportedByFileLineAndColumnAndChangeNothing() throws Exception {
        Path broken = copyOfTheSample();
        replace(broken.resolve("sample-fluids.csv"), ",4.5,4.8,", ",\"4,5\",4.8,");
        replace(broken.resolve("sample-vins.csv"), "4T1B11HK9JU689012", "4T1B11HK9JU68901");
        Files.write(
                broken.resolve("sample-configurations.csv"),
                "year,make,model,trim,engine_code,drivetrain,label\n2018,Citro\u00ebn,C4,Feel,EB2,FWD,x\n"
                        .getBytes(StandardCharsets.ISO_8859_1));
        long before = events(database);

        for (boolean check : new boolean[] {true, false}) {
            err.getBuffer().setLength(0);

            int exit = vspec(database, check ? args("--check", filesIn(broken)) : filesIn(broken));

            assertThat(exit).isEqualTo(1);
            assertThat(err.toString())
                    .contains("sample-configurations.csv: line 2, column 2: the file is not UTF-8: byte 0xEB"
                            + " (\u00eb in Windows-1252); save it as \"CSV UTF-8 (comma delimited)\"")
                    .contains("vspec: 1 problem in the files; nothing was imported.");
            assertThat(events(database)).isEqualTo(before);
        }

        Files.copy(
                SAMPLE.resolve("sample-configurations.csv"),
                broken.resolve("sample-configurations.csv"),
                StandardCopyOption.REPLACE_EXISTING);
        err.getBuffer().setLength(0);

        int exit = vspec(database, args("--check", filesIn(broken)));

        assertThat(exit).isEqualTo(1);
        assertThat(err.toString())
                .contains("sample-fluids.csv: line 2, column 4 (capacity_litres): must be a number; got '4,5',"
                        + " written with a decimal comma: write 4.5")
                .contains("sample-vins.csv: line 3, column 2 (vin): A VIN is exactly 17 characters; got 16")
                .contains("vspec: 2 problems in the files; nothing was imported.");
        assertThat(events(database)).isEqualTo(before);
    }

    /**
     * The database goes away after the first configuration: that one is stored whole, the one it failed in not at
     * all, and the same import run again completes the catalog without a duplicate.
     */
    @Test
    void anImportTheDatabaseFailsUnderCompletesWhenRunAgain() throws Exception {
        assertThat(vspec(interrupted, args("--check", sampleFiles())))
                .as(err.toString())
                .isZero();
        long wholeCatalog = recorded();
        List<Resource> files = Stream.of(sampleFiles())
                .map(file -> (Resource) new FileSystemResource(file))
                .toList();
        ImportFiles checked = ImportFiles.check(files);
        try (HikariDataSource dataSource = new HikariDataSource()) {
            dataSource.setJdbcUrl(interrupted.url());
            dataSource.setUsername(interrupted.user());
            dataSource.setPassword(interrupted.password());

            assertThatThrownBy(() -> new OperatorImport(new PrintWriter(new StringWriter()), false)
                            .run(checked, failingAfter(dataSource, 1), true))
                    .hasStackTraceContaining("the database is gone");
        }
        assertThat(payloads(interrupted, "ConfigurationRegistered", "%")).hasSize(1);
        long afterTheFailure = events(interrupted);

        out.getBuffer().setLength(0);
        int completed = vspec(interrupted, sampleFiles());

        assertThat(completed).as(err.toString()).isZero();
        assertThat(table().get("configurations")).containsExactly(2L, 0L, 1L);
        assertThat(afterTheFailure + recorded()).isEqualTo(wholeCatalog);
        assertThat(events(interrupted)).isEqualTo(wholeCatalog);
        assertThat(payloads(interrupted, "ConfigurationRegistered", "%")).hasSize(3);
    }

    /** The facts the last run's table says were (or would be) recorded. */
    private long recorded() {
        return table().values().stream()
                .mapToLong(counts -> counts.get(0) + counts.get(1))
                .sum();
    }

    /** A CSV file's data of a configuration a JSON file of the same import registers: --check counts it as the import. */
    @Test
    void checkCountsTheDataOfAConfigurationThatAJsonFileOfTheSameImportRegisters() throws Exception {
        String key = "2016-mazda-cx-5-touring-py-vps-fwd";
        Path json = folder.resolve("shop.json");
        Files.writeString(
                json,
                "{\"format\": \"vspec-catalog/1\", \"description\": \"TEST DATA\", \"configurations\": [{\"year\": 2016,"
                        + " \"make\": \"Mazda\", \"model\": \"CX-5\", \"trim\": \"Touring\", \"engine_code\": \"PY-VPS\","
                        + " \"drivetrain\": \"FWD\", \"label\": \"2016 Mazda CX-5 Touring 2.5L\"}]}");
        Path fluids = folder.resolve("shop-fluids.csv");
        Files.writeString(
                fluids,
                "config_key,type,specification,capacity_litres,capacity_us_quarts\n" + key
                        + ",engine_oil,0W-20,4.5,4.8\n");

        assertThat(vspec(mixed, "--check", json.toString(), fluids.toString()))
                .as(err.toString())
                .isZero();
        Map<String, List<Long>> wouldDo = table();
        out.getBuffer().setLength(0);
        assertThat(vspec(mixed, json.toString(), fluids.toString()))
                .as(err.toString())
                .isZero();

        assertThat(wouldDo)
                .containsEntry("configurations", List.of(1L, 0L, 0L))
                .containsEntry("fluids", List.of(1L, 0L, 0L));
        assertThat(table()).isEqualTo(wouldDo);
        assertThat(events(mixed)).isEqualTo(2);
    }

    /** The data source that fails every connection after the first {@code connections}, as a stopped server. */
    private static DataSource failingAfter(DataSource dataSource, int connections) {
        AtomicInteger handedOut = new AtomicInteger();
        return (DataSource) Proxy.newProxyInstance(
                DataSource.class.getClassLoader(), new Class<?>[] {DataSource.class}, (proxy, method, arguments) -> {
                    if (method.getName().equals("getConnection") && handedOut.incrementAndGet() > connections) {
                        throw new SQLException("the database is gone", "08006");
                    }
                    return method.invoke(dataSource, arguments);
                });
    }

    private Map<String, List<Long>> table() {
        Map<String, List<Long>> rows = new LinkedHashMap<>();
        boolean inTable = false;
        for (String line : out.toString().split("\\R")) {
            String[] cells = line.strip().split("\\s+");
            if (line.contains("added") && line.contains("unchanged")) {
                inTable = true;
                rows.clear();
            } else if (inTable && cells.length == 4 && cells[1].matches("[\\d,]+")) {
                rows.put(
                        cells[0],
                        Stream.of(cells[1], cells[2], cells[3])
                                .map(cell -> Long.parseLong(cell.replace(",", "")))
                                .toList());
            } else {
                inTable = false;
            }
        }
        return rows;
    }

    private static String[] sampleFiles() throws IOException {
        return filesIn(SAMPLE);
    }

    private static String[] filesIn(Path folder) throws IOException {
        try (Stream<Path> files = Files.list(folder)) {
            return files.filter(file -> file.toString().endsWith(".csv"))
                    .sorted()
                    .map(Path::toString)
                    .toArray(String[]::new);
        }
    }

    private Path copyOfTheSample() throws IOException {
        Files.createDirectories(folder.resolve("images"));
        try (Stream<Path> files = Files.walk(SAMPLE)) {
            for (Path file : files.filter(Files::isRegularFile).toList()) {
                Files.copy(file, folder.resolve(SAMPLE.relativize(file).toString()));
            }
        }
        return folder;
    }

    private static void replace(Path file, String text, String by) throws IOException {
        String content = Files.readString(file);
        assertThat(content).contains(text);
        Files.writeString(file, content.replace(text, by));
    }

    private static String[] args(String first, String... rest) {
        return Stream.concat(Stream.of(first), Stream.of(rest)).toArray(String[]::new);
    }

    private int vspec(TestDatabase db, String... files) {
        List<String> args = new ArrayList<>(List.of("catalog", "import", "--db-url", db.url()));
        args.addAll(List.of(files));
        return new CommandLine(new VspecCli())
                .setOut(new PrintWriter(out))
                .setErr(new PrintWriter(err))
                .execute(args.toArray(String[]::new));
    }

    private static long events(TestDatabase db) throws SQLException {
        return StoredEvents.count(db);
    }

    private static List<String> payloads(TestDatabase db, String type, String aggregate) throws SQLException {
        return StoredEvents.payloads(db, type, aggregate);
    }

    private static TestDatabase migrated(TestDatabase db) {
        Flyway.configure()
                .dataSource(db.url(), db.user(), db.password())
                .locations("classpath:db/migration")
                .load()
                .migrate();
        return db;
    }
}
