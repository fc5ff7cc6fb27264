package dev.vspec.cli.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vspec.cli.VspecCli;
import dev.vspec.contracts.identity.Vin;
import dev.vspec.decoder.CatalogIdentity;
import dev.vspec.decoder.VinDecoder;
import dev.vspec.decoder.VpicRelease;
import dev.vspec.decoder.VpicTables;
import dev.vspec.testing.database.TestDatabase;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Clock;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * {@code vspec catalog import-vpic} over the real installed vPIC release into a real event store (vspec's
 * migrations, no stack running): the 2024 Hondas, twice.
 */
class ImportVpicIT {

    private static TestDatabase database;
    private static TestDatabase withoutVpic;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    @BeforeAll
    static void createDatabases() {
        database = TestDatabase.createWithVpic("vspec_seed");
        withoutVpic = TestDatabase.create("vspec_seed_novpic");
        for (TestDatabase db : List.of(database, withoutVpic)) {
            Flyway.configure()
                    .dataSource(db.url(), db.user(), db.password())
                    .locations("classpath:db/migration")
                    .load()
                    .migrate();
        }
    }

    @AfterAll
    static void dropDatabases() {
        for (TestDatabase db : new TestDatabase[] {database, withoutVpic}) {
            if (db != null) {
                db.drop();
            }
        }
    }

    @Test
    void registersThe2024HondasWithVpicsSpecsOnceAndTheirVinsDecodeToThem() throws SQLException {
        int first = vspec("catalog", "import-vpic", "--years", "2024", "--makes", "Honda", "--db-url", database.url());

        assertThat(first).as(err.toString()).isZero();
        int configurations = number("Found ([\\d,]+) configurations");
        assertThat(configurations).isGreaterThan(30);
        assertThat(out.toString())
                .contains("Seeding the catalog with 2024 HONDA (car, mpv, truck) from vPIC")
                .contains("100%  " + configurations + " of " + configurations + " configurations")
                .contains(configurations + " configurations, " + 2 * configurations + " commands, " + 2 * configurations
                        + " events stored.");
        assertThat(payloads("ConfigurationRegistered", "%"))
                .hasSize(configurations)
                .allSatisfy(payload -> assertThat(payload).contains("\"year\":2024,\"make\":\"HONDA\""));
        assertThat(payloads("SpecsRecorded", "%")).hasSize(configurations);
        VinDecoder decoder = decoder();
        VpicRelease release = decoder.release();
        assertThat(payloads("ConfigurationRegistered", "2024-honda-civic-lx-k20c2"))
                .containsExactly(
                        "{\"configKey\":\"2024-honda-civic-lx-k20c2\",\"year\":2024,\"make\":\"HONDA\",\"model\":\"Civic\","
                                + "\"trim\":\"LX\",\"engineCode\":\"K20C2\",\"drivetrain\":null,\"label\":\"2024 HONDA Civic LX K20C2\","
                                + "\"source\":{\"kind\":\"vpic\",\"name\":\"NHTSA vPIC\",\"version\":\""
                                + release.dataDate()
                                + "\",\"sha256\":\"" + release.sha256() + "\"}}");
        assertThat(payloads("SpecsRecorded", "2024-honda-civic-lx-k20c2"))
                .singleElement()
                .asString()
                .contains("{\"section\":\"engine\",\"name\":\"model\",\"value\":\"K20C2\",\"unit\":null}")
                .contains("{\"section\":\"engine\",\"name\":\"displacement\",\"value\":\"2\",\"unit\":\"L\"}")
                .contains("{\"section\":\"fuel\",\"name\":\"fuel_type\",\"value\":\"Gasoline\",\"unit\":null}");

        // any VIN of the vehicle names the configuration imported for it: another serial number, say
        String vin = "2HKRS4H5?RA123456";
        Vin other = Vin.parse(vin.replace('?', Vin.checkDigitOf(vin.replace('?', '0'))));
        String key = CatalogIdentity.of(decoder.decode(other)).orElseThrow().configKey();
        assertThat(key).startsWith("2024-honda-cr-v-");
        assertThat(payloads("ConfigurationRegistered", key)).hasSize(1);

        long events = count();
        out.getBuffer().setLength(0);
        int second = vspec("catalog", "import-vpic", "--years", "2024", "--makes", "HONDA", "--db-url", database.url());

        assertThat(second).as(err.toString()).isZero();
        assertThat(out.toString())
                .contains(configurations + " configurations, " + 2 * configurations
                        + " commands, 0 events stored (the catalog held them all already).");
        assertThat(count()).isEqualTo(events);
    }

    /** The list a benchmark reads by: each configuration's key with a VIN that decodes as it, and nothing stored. */
    @Test
    void listOnlyWritesEachConfigurationsKeyAndAVinThatDecodesAsItAndStoresNothing() throws Exception {
        Path list = Files.createTempFile("vpic-configurations", ".tsv");
        long before = count();

        int exit = vspec(
                "catalog",
                "import-vpic",
                "--years",
                "2024",
                "--makes",
                "Honda",
                "--list",
                list.toString(),
                "--list-only",
                "--db-url",
                database.url());

        assertThat(exit).as(err.toString()).isZero();
        int configurations = number("Found ([\\d,]+) configurations");
        assertThat(out.toString()).contains("Listed " + configurations + " configurations in " + list);
        List<String> lines = Files.readAllLines(list);
        assertThat(lines).hasSize(configurations).doesNotHaveDuplicates();
        VinDecoder decoder = decoder();
        for (String line : lines) {
            String[] columns = line.split("\t");
            assertThat(CatalogIdentity.of(decoder.decode(Vin.parse(columns[1])))
                            .orElseThrow()
                            .configKey())
                    .as(line)
                    .isEqualTo(columns[0]);
        }
        assertThat(count()).isEqualTo(before);
        Files.delete(list);

        err.getBuffer().setLength(0);
        assertThat(vspec("catalog", "import-vpic", "--list-only", "--db-url", database.url()))
                .isEqualTo(2);
        assertThat(err.toString()).contains("--list-only needs --list FILE");
    }

    @Test
    void refusesYearsOutOfOrderAndOutOfRangeBeforeTouchingTheDatabase() {
        assertThat(vspec(
                        "catalog",
                        "import-vpic",
                        "--years",
                        "2025-2015",
                        "--db-url",
                        "jdbc:postgresql://127.0.0.1:1/none"))
                .isEqualTo(2);
        assertThat(err.toString())
                .contains("the years run from 2025 back to 2015; write the earlier year first (2015-2025)");

        err.getBuffer().setLength(0);
        assertThat(vspec("catalog", "import-vpic", "--years", "twenty", "--db-url", database.url()))
                .isEqualTo(2);
        assertThat(err.toString())
                .contains("--years takes a model year or a range of them, e.g. 2024 or 2015-2025; got 'twenty'");

        err.getBuffer().setLength(0);
        assertThat(vspec("catalog", "import-vpic", "--vehicle-types", "car,boat", "--db-url", database.url()))
                .isEqualTo(2);
        assertThat(err.toString())
                .contains("unknown vehicle type 'boat'; the types are motorcycle, car, truck, bus, mpv");
    }

    @Test
    void anUnknownMakeIsNamedWithTheClosestOnesAndNothingIsStored() throws SQLException {
        long before = count();

        int exit = vspec("catalog", "import-vpic", "--years", "2030", "--makes", "Hnda", "--db-url", database.url());

        assertThat(exit).isEqualTo(2);
        assertThat(err.toString()).contains("model years run from 1981 to");

        err.getBuffer().setLength(0);
        exit = vspec("catalog", "import-vpic", "--years", "2024", "--makes", "Hnda,Toyota", "--db-url", database.url());

        assertThat(exit).isEqualTo(1);
        assertThat(err.toString())
                .startsWith("vspec: vPIC knows no car/mpv/truck make 'HNDA' (did you mean HONDA")
                .doesNotContain("TOYOTA");
        assertThat(count()).isEqualTo(before);
    }

    @Test
    void saysToInstallVpicWhenTheDatabaseHasNoRelease() {
        int exit =
                vspec("catalog", "import-vpic", "--years", "2024", "--makes", "Honda", "--db-url", withoutVpic.url());

        assertThat(exit).isEqualTo(1);
        assertThat(err.toString())
                .isEqualTo("vspec: No NHTSA vPIC release is installed in this database: install it with"
                        + " `vspec vpic install` (vspec up installs it on first start), then run this again."
                        + System.lineSeparator());
    }

    private int number(String regex) {
        Matcher matcher = Pattern.compile(regex).matcher(out.toString());
        assertThat(matcher.find()).as(out.toString()).isTrue();
        return Integer.parseInt(matcher.group(1).replace(",", ""));
    }

    private VinDecoder decoder() throws SQLException {
        try (Connection connection = connect()) {
            return new VinDecoder(VpicTables.load(connection, VpicTables.SCHEMA), Clock.systemUTC());
        }
    }

    private List<String> payloads(String type, String aggregate) throws SQLException {
        return StoredEvents.payloads(database, type, aggregate);
    }

    private long count() throws SQLException {
        return StoredEvents.count(database);
    }

    private Connection connect() throws SQLException {
        return StoredEvents.connect(database);
    }

    private int vspec(String... args) {
        return new CommandLine(new VspecCli())
                .setOut(new PrintWriter(out))
                .setErr(new PrintWriter(err))
                .execute(args);
    }
}
