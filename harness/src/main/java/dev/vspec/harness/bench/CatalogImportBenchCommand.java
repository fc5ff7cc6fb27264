package dev.vspec.harness.bench;

import com.zaxxer.hikari.HikariDataSource;
import dev.vspec.cli.catalog.CatalogCommand;
import dev.vspec.cli.catalog.VpicSeeding;
import dev.vspec.cli.console.DatabaseOptions;
import dev.vspec.cli.console.Messages;
import dev.vspec.cli.vpic.VpicSetup;
import dev.vspec.command.catalog.CatalogCommandSide;
import dev.vspec.decoder.ConfigurationEnumerator;
import dev.vspec.decoder.ConfigurationEnumerator.Request;
import dev.vspec.decoder.VehicleType;
import dev.vspec.decoder.VinDecoder;
import dev.vspec.decoder.VpicIndex;
import dev.vspec.decoder.VpicTables;
import dev.vspec.events.axon.EventStorage;
import dev.vspec.harness.synthetic.LoadProgress;
import dev.vspec.harness.synthetic.SyntheticCatalog;
import dev.vspec.harness.synthetic.SyntheticCatalogLoader;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.Callable;
import javax.sql.DataSource;
import org.flywaydb.core.Flyway;
import org.springframework.core.io.FileSystemResource;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.util.FileSystemUtils;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The operator import against {@code vspec catalog import-vpic}, in one run, each into an empty event store of its
 * own: the synthetic catalog is loaded into a third and exported ({@code vspec catalog export}), and that export is
 * what the operator import imports; import-vpic registers as many configurations as the synthetic catalog holds, the
 * first its enumeration finds. Each is timed from its first command to its last stored event, and counted in events
 * stored (rows of the event store) and configurations.
 */
@Command(
        name = "catalog-import",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Import the synthetic catalog's export with the operator import, and register as many configurations with"
                    + " import-vpic, each into an empty database of its own; print events/s and configurations/s of"
                    + " both and their ratio (operator / import-vpic, events/s)."
        })
public final class CatalogImportBenchCommand implements Callable<Integer> {

    /** Both imports commit without waiting for the WAL's flush, as import-vpic's own sessions do. */
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(
            names = "--configurations",
            defaultValue = "100000",
            description = "Configurations of the synthetic catalog, and of import-vpic (default: ${DEFAULT-VALUE}).")
    int configurations;

    @Option(
            names = "--vins",
            defaultValue = "-1",
            description = "VINs of the synthetic catalog (default: one per configuration).")
    long vins;

    @Option(names = "--seed", defaultValue = "42", description = "The synthetic catalog's (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(
            names = "--vpic-years",
            defaultValue = "10",
            description = "import-vpic enumerates this many model years up to this one (default: ${DEFAULT-VALUE}).")
    int vpicYears;

    @Option(
            names = "--target",
            defaultValue = "1.0",
            description = "The ratio the verdict compares with (default: ${DEFAULT-VALUE}).")
    double target;

    @Mixin
    BenchDatabases server = new BenchDatabases();

    private final Clock clock = Clock.systemUTC();

    /** What one import did. */
    record Measured(String name, long configurations, long events, Duration elapsed) {

        double eventsPerSecond() {
            return events / seconds();
        }

        double configurationsPerSecond() {
            return configurations / seconds();
        }

        private double seconds() {
            return Math.max(elapsed.toNanos(), 1) / 1e9;
        }

        String line() {
            return String.format(
                    Locale.ROOT,
                    "%-16s: %,d configurations, %,d events stored in %.1f s: %,.0f configurations/s, %,.0f events/s",
                    name,
                    configurations,
                    events,
                    seconds(),
                    configurationsPerSecond(),
                    eventsPerSecond());
        }
    }

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        SyntheticCatalog catalog = new SyntheticCatalog(seed, configurations, vins < 0 ? configurations : vins);
        String run = "vspec_bench_import_" + Long.toHexString(System.currentTimeMillis());
        Path export = Files.createTempDirectory("vspec-bench-export");
        List<String> databases = List.of(run + "_source", run + "_operator", run + "_vpic");
        out.println("Databases " + String.join(", ", databases) + " on " + server.server + " (dropped afterwards)");
        try {
            for (String database : databases) {
                server.create(database);
                migrate(database);
            }
            exportSynthetic(catalog, databases.get(0), export.resolve("synthetic"), out);
            Measured operator =
                    operatorImport(export.resolve("synthetic").resolve("catalog.json"), databases.get(1), out);
            Measured vpic = importVpic(databases.get(2), out);
            if (vpic == null) {
                return Messages.fail(spec, "No NHTSA vPIC release could be installed; import-vpic needs one");
            }
            report(operator, vpic, out);
            return 0;
        } finally {
            for (String database : databases) {
                server.drop(database);
            }
            FileSystemUtils.deleteRecursively(export);
        }
    }

    private void migrate(String database) {
        Flyway.configure(CatalogImportBenchCommand.class.getClassLoader())
                .dataSource(server.url(database), server.user, server.password)
                .locations("classpath:db/migration")
                .load()
                .migrate();
    }

    private void exportSynthetic(SyntheticCatalog catalog, String database, Path folder, PrintWriter out)
            throws Exception {
        try (HikariDataSource source = server.connect(database, null)) {
            out.println("Loading the " + catalog + " ...");
            out.flush();
            LoadProgress loaded = new SyntheticCatalogLoader(source).load(catalog, progress -> {});
            out.printf(
                    Locale.ROOT,
                    "Loaded %,d events in %.1f s.%n",
                    loaded.eventsStored(),
                    loaded.elapsed().toNanos() / 1e9);
            catalog(out, "export", "--db-url", server.url(database), "--db-user", server.user, folder.toString());
            out.printf(
                    Locale.ROOT, "catalog.json of %,d MB.%n", Files.size(folder.resolve("catalog.json")) / 1_000_000);
            out.flush();
        }
    }

    /**
     * {@code vspec catalog import} of the export where this CLI has the command; else the JSON importer over the
     * catalog's aggregates, as a catalog import sends its commands.
     */
    private Measured operatorImport(Path file, String database, PrintWriter out) throws SQLException {
        out.println("Importing the export into an empty event store (the operator import) ...");
        out.flush();
        boolean hasImportCommand =
                new CommandLine(new CatalogCommand()).getSubcommands().containsKey("import");
        try (HikariDataSource target = server.connect(database, DatabaseOptions.IMPORT_SESSION)) {
            long before = eventsIn(target);
            long start = System.nanoTime();
            if (hasImportCommand) {
                catalog(out, "import", "--db-url", server.url(database), "--db-user", server.user, file.toString());
            } else {
                try (CatalogCommandSide commandSide = CatalogCommandSide.over(target)) {
                    commandSide.importer().importCatalog(new FileSystemResource(file));
                }
            }
            Duration elapsed = Duration.ofNanos(System.nanoTime() - start);
            return new Measured("operator import", configurations, eventsIn(target) - before, elapsed);
        }
    }

    /** Runs {@code vspec catalog <args>} in this process, its output on {@code out}. */
    private static void catalog(PrintWriter out, String... args) {
        int exit = new CommandLine(new CatalogCommand()).setOut(out).execute(args);
        if (exit != 0) {
            throw new IllegalStateException("vspec catalog " + args[0] + " failed (exit " + exit + ")");
        }
    }

    /** import-vpic's own steps: enumerate (not timed, as import-vpic reports it apart), then register the first found. */
    private Measured importVpic(String database, PrintWriter out) throws SQLException {
        try (HikariDataSource target = server.connect(database, DatabaseOptions.IMPORT_SESSION)) {
            if (VpicSetup.onStart(target, out, true).isEmpty()) {
                return null;
            }
            VpicIndex index;
            try (Connection connection = target.getConnection()) {
                index = VpicTables.load(connection, VpicTables.SCHEMA);
            }
            VinDecoder decoder = new VinDecoder(index, clock);
            VpicSeeding seeding = new VpicSeeding(
                    decoder, new ConfigurationEnumerator(decoder, clock), out, System.console() != null);
            int year = clock.instant().atZone(ZoneOffset.UTC).getYear();
            VpicSeeding.Enumerated found = seeding.enumerate(new Request(
                    year - vpicYears + 1, year, Set.of(), Set.of(VehicleType.CAR, VehicleType.MPV, VehicleType.TRUCK)));
            List<String> vins = found.vins()
                    .subList(0, Math.min(configurations, found.vins().size()));
            out.printf(
                    Locale.ROOT,
                    "Found %,d configurations; registering the first %,d with import-vpic ...%n",
                    found.configurations().size(),
                    vins.size());
            out.flush();
            long before = eventsIn(target);
            VpicSeeding.Imported imported = seeding.register(vins, target);
            return new Measured(
                    "import-vpic", imported.configurations(), eventsIn(target) - before, imported.elapsed());
        }
    }

    private void report(Measured operator, Measured vpic, PrintWriter out) {
        double ratio = operator.eventsPerSecond() / vpic.eventsPerSecond();
        out.println();
        out.println(operator.line());
        out.println(vpic.line());
        out.printf(
                Locale.ROOT,
                "ratio           : %.2f (operator import / import-vpic, events/s; target >= %.2f): %s;"
                        + " configurations/s %.2f%n",
                ratio,
                target,
                ratio >= target ? "met" : "missed",
                operator.configurationsPerSecond() / vpic.configurationsPerSecond());
        out.flush();
    }

    private static long eventsIn(DataSource dataSource) {
        Long events = new JdbcTemplate(dataSource)
                .queryForObject("select count(*) from " + EventStorage.EVENT_TABLE, Long.class);
        return events == null ? 0 : events;
    }
}
