package dev.vspec.cli.catalog;

import static dev.vspec.storage.jooq.command.Tables.EPA_ENTRY;
import static dev.vspec.storage.jooq.read.Tables.CONFIGURATION;
import static org.assertj.core.api.Assertions.assertThat;

import dev.vspec.cli.VspecCli;
import dev.vspec.contracts.catalog.FactSource;
import dev.vspec.contracts.catalog.SpecItem;
import dev.vspec.contracts.identity.VehicleIdentifier;
import dev.vspec.readmodel.GroupDocument;
import dev.vspec.readmodel.Provenance;
import dev.vspec.readmodel.SpecView;
import dev.vspec.testing.database.TestDatabase;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.jooq.DSLContext;
import org.jooq.SQLDialect;
import org.jooq.impl.DSL;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import picocli.CommandLine;

/**
 * {@code vspec catalog import-epa} of the EPA's real sample rows into a real event store (vspec's migrations, no stack
 * running, two 2018 Accords in the read tables as a stack would hold them): what it says of the file, how the
 * configurations matched, that the entries are kept for enrichment as they are stored, that the same file again
 * stores nothing, and that a file which is not the EPA's changes nothing.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ImportEpaIT {

    private static final Path SAMPLES = Path.of("..", "command-side", "src", "test", "resources", "epa");
    private static final String ORIGINAL =
            SAMPLES.resolve("epa-vehicles-sample-original-format.csv").toString();

    private static TestDatabase database;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    @BeforeAll
    static void aStackHoldingTwoAccords() throws SQLException {
        database = TestDatabase.create("vspec_epa_cli").migrated();
        try (Connection connection = connect()) {
            DSLContext db = DSL.using(connection, SQLDialect.POSTGRES);
            Provenance vpic = Provenance.of(FactSource.vpic("2026-02-17", "f9b3118a"), Instant.now());
            configuration(db, "2018-honda-accord-sport-k20c4-fwd", "Sport", "K20C4");
            configuration(db, "2018-honda-accord-ex-l15be-fwd", "EX", "L15BE");
            GroupDocument.SPECS.write(
                    db,
                    "2018-honda-accord-sport-k20c4-fwd",
                    SpecView.of(
                            List.of(new SpecItem("engine", "displacement", "2.0", "L")),
                            Provenance.parse(vpic.source())),
                    vpic);
        }
    }

    @AfterAll
    static void dropIt() {
        database.drop();
    }

    @Test
    @Order(1)
    void importsTheFileAndReportsHowTheConfigurationsHeldMatched() throws SQLException {
        int exit = vspec("catalog", "import-epa", ORIGINAL);

        assertThat(exit).as(err.toString()).isZero();
        assertThat(out.toString())
                .contains("Checked epa-vehicles-sample-original-format.csv: 48 entries, data date 2023-10-19, SHA-256"
                        + " 2c9d8fa937c7bb1b0a9fbf87d66b99c9bca4b75a42a06e9d4a5f67f6ca05c8ad;")
                .contains(": 48 entries recorded (48 new, 0 changed), 0 unchanged.")
                .contains("matched: 1 by one EPA entry, 1 by several (their specs show the facts those agree on),"
                        + " 0 by none.")
                .contains("    2018-honda-accord-ex-l15be-fwd (EPA id 39594, 39595, 39596, 39751, 39754, 39755)")
                .contains("EPA entries matching no configuration: 42 of 48.")
                .contains("(the first 5 of 42; --report lists all)");
        assertThat(epaEvents()).isEqualTo(48);
        assertThat(entriesForEnrichment())
                .as("command.epa_entry, kept as the events are stored")
                .isEqualTo(48);
    }

    @Test
    @Order(2)
    void theSameFileAgainStoresNothing() throws SQLException {
        int exit = vspec("catalog", "import-epa", "--report", ORIGINAL);

        assertThat(exit).as(err.toString()).isZero();
        assertThat(out.toString())
                .contains(": 0 entries recorded (0 new, 0 changed), 48 unchanged.")
                .contains("EPA id 43401: 2021 Tesla Model 3 Long Range AWD");
        assertThat(epaEvents()).isEqualTo(48);
    }

    @Test
    @Order(3)
    void aFileThatIsNotTheEpasChangesNothingAndSaysWhy() throws SQLException {
        int exit = vspec(
                "catalog",
                "import-epa",
                Path.of("..", "docs", "catalog-sample", "sample-fluids.csv").toString());

        assertThat(exit).isEqualTo(1);
        assertThat(err.toString())
                .contains("sample-fluids.csv: not the EPA's vehicles.csv: line 1 has no column id, year, make, model")
                .contains("nothing was imported");
        assertThat(epaEvents()).isEqualTo(48);
    }

    private int vspec(String... args) {
        List<String> all = new ArrayList<>(List.of(args));
        all.addAll(List.of("--db-url", database.url(), "--db-user", database.user()));
        return new CommandLine(new VspecCli())
                .setOut(new PrintWriter(out))
                .setErr(new PrintWriter(err))
                .execute(all.toArray(String[]::new));
    }

    private static Connection connect() throws SQLException {
        return DriverManager.getConnection(database.url(), database.user(), database.password());
    }

    private static void configuration(DSLContext db, String key, String trim, String engineCode) {
        db.insertInto(CONFIGURATION)
                .set(CONFIGURATION.CONFIG_KEY, key)
                .set(CONFIGURATION.YEAR, 2018)
                .set(CONFIGURATION.MAKE, "Honda")
                .set(CONFIGURATION.MODEL, "Accord")
                .set(CONFIGURATION.TRIM, trim)
                .set(CONFIGURATION.ENGINE_CODE, engineCode)
                .set(CONFIGURATION.DRIVETRAIN, "FWD")
                .set(CONFIGURATION.LABEL, "2018 Honda Accord " + trim)
                .set(CONFIGURATION.MAKE_MATCH, VehicleIdentifier.normalize("Honda"))
                .set(CONFIGURATION.MODEL_MATCH, VehicleIdentifier.normalize("Accord"))
                .set(CONFIGURATION.TRIM_MATCH, VehicleIdentifier.normalize(trim))
                .execute();
    }

    private static long entriesForEnrichment() throws SQLException {
        try (Connection connection = connect()) {
            return DSL.using(connection, SQLDialect.POSTGRES).fetchCount(EPA_ENTRY);
        }
    }

    private static long epaEvents() throws SQLException {
        try (Connection connection = connect()) {
            return DSL.using(connection, SQLDialect.POSTGRES)
                    .fetchCount(
                            DSL.table("events.domainevententry"),
                            DSL.field("type").eq("EpaFileEntry"));
        }
    }
}
