package dev.vspec.cli.recalls;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vspec.cli.VspecCli;
import dev.vspec.testing.database.TestDatabase;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import picocli.CommandLine;

/**
 * {@code vspec recalls import} of NHTSA's real sample rows (both layouts) into a real event store (vspec's
 * migrations, no stack running): what it says of each file, that the same files again store nothing, that a file
 * which is not a recalls flat file changes nothing, and what {@code --report} lists.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class RecallsImportIT {

    private static final Path SAMPLES = Path.of("..", "command-side", "src", "test", "resources", "recalls");
    private static final String CURRENT =
            SAMPLES.resolve("nhtsa-recalls-sample.txt").toString();
    private static final String OLDER =
            SAMPLES.resolve("nhtsa-recalls-sample-2014-24field.txt").toString();

    private static TestDatabase database;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    @BeforeAll
    static void anEmptyStack() {
        database = TestDatabase.create("vspec_recalls_cli").migrated();
    }

    @AfterAll
    static void dropIt() {
        database.drop();
    }

    @Test
    @Order(1)
    void importsBothLayoutsSayingWhatEachFileHeldAndRecorded() throws SQLException {
        int exit = vspec("recalls", "import", CURRENT, OLDER);

        assertThat(exit).as(err.toString()).isZero();
        assertThat(out.toString())
                .contains("Checked nhtsa-recalls-sample.txt: 56 rows in the 29-field layout, data date 2025-08-28,"
                        + " SHA-256 95ea21e5b4b4ed2a500e653b7679f4a47cc91ecb2abc298222691a3dcbe869de;")
                .contains("Checked nhtsa-recalls-sample-2014-24field.txt: 100 rows in the 24-field layout")
                .contains("Imported nhtsa-recalls-sample.txt in ")
                .contains("56 records recorded (56 new, 0 changed)")
                .containsPattern("records by kind \\{vehicle=51, equipment=3, [^}]*tire=1")
                .contains("child_restraint=1")
                .contains("Vehicle rows whose make and model match no configuration (no vPIC release is installed)");
        assertThat(recallEvents()).isPositive();
    }

    @Test
    @Order(2)
    void theSameFilesAgainStoreNothing() throws SQLException {
        long before = recallEvents();

        int exit = vspec("recalls", "import", CURRENT, OLDER);

        assertThat(exit).as(err.toString()).isZero();
        assertThat(out.toString()).contains(": 0 records recorded (0 new, 0 changed), ");
        assertThat(recallEvents()).isEqualTo(before);
    }

    @Test
    @Order(3)
    void aFileThatIsNotARecallsFileChangesNothingAndSaysWhy() throws SQLException {
        long before = recallEvents();

        int exit = vspec(
                "recalls",
                "import",
                CURRENT,
                Path.of("..", "docs", "catalog-sample", "sample-fluids.csv").toString());

        assertThat(exit).isEqualTo(1);
        assertThat(err.toString())
                .contains("sample-fluids.csv: line 1: not an NHTSA recalls flat file: no TAB in the line but commas")
                .contains("Nothing was imported.");
        assertThat(recallEvents()).isEqualTo(before);
    }

    @Test
    @Order(4)
    void theReportListsRowAnomaliesAndTheVehiclesNothingNames() {
        int exit = vspec("recalls", "import", "--report", OLDER);

        assertThat(exit).as(err.toString()).isZero();
        assertThat(out.toString())
                .contains("YEARTXT 9999")
                .contains("  FORD FOCUS: 2 rows, first on line 1")
                .contains("first on line ");
    }

    private int vspec(String... args) {
        List<String> all = new ArrayList<>(List.of(args));
        all.addAll(List.of("--db-url", database.url(), "--db-user", database.user()));
        return new CommandLine(new VspecCli())
                .setOut(new PrintWriter(out))
                .setErr(new PrintWriter(err))
                .execute(all.toArray(String[]::new));
    }

    private static long recallEvents() throws SQLException {
        try (Connection connection = DriverManager.getConnection(database.url(), database.user(), database.password());
                ResultSet count = connection
                        .createStatement()
                        .executeQuery("select count(*) from events.domainevententry where type = 'RecallCampaign'")) {
            count.next();
            return count.getLong(1);
        }
    }
}
