package dev.vspec.cli.recalls;

import com.zaxxer.hikari.HikariDataSource;
import dev.vspec.cli.console.DatabaseOptions;
import dev.vspec.cli.console.Messages;
import dev.vspec.cli.projections.ProgressBar;
import dev.vspec.cli.vpic.CliLog;
import dev.vspec.command.catalog.CatalogCommandSide;
import dev.vspec.command.recalls.RecallFile;
import dev.vspec.command.recalls.RecallFileException;
import dev.vspec.command.recalls.RecallImport;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code vspec recalls import FILE...}: NHTSA's recalls flat files, through the recall campaigns' aggregates. */
@Command(
        name = "import",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Import NHTSA's recalls flat files as NHTSA publishes them (FLAT_RCL_PRE_2010.zip and"
                    + " FLAT_RCL_POST_2010.zip from https://www.nhtsa.gov/nhtsa-datasets-and-apis, or their .txt),"
                    + " in the current 29-field layout or an older 24- or 27-field one. Every file is checked first: one"
                    + " that is not a recalls flat file stops the import before anything is stored. Each campaign's"
                    + " records are then stored when new or changed; what the event store holds already stores"
                    + " nothing, and a file never withdraws what another file recorded. Rows repeated but for their"
                    + " RECORD_ID within their campaign's rows are counted once; row anomalies and the vehicles no vPIC make or model and no"
                    + " configuration names are counted, and listed with --report.",
            "Exit status: 0 imported; 1 a file is not a recalls flat file (nothing stored) or the database failed"
                    + " (the units before the failure are stored whole; importing again completes it); 2 a wrong option"
                    + " or a missing file."
        })
final class RecallsImportCommand implements Callable<Integer> {

    /** How many unmatched vehicles a run without --report names. */
    private static final int NAMED = 5;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "FILE", description = "NHTSA's recalls flat files: .zip or .txt.")
    List<Path> files;

    @Option(
            names = "--report",
            description = "List each file's row anomalies and every vehicle make and model that matches nothing"
                    + " vspec can name.")
    boolean report;

    @Mixin
    DatabaseOptions database = new DatabaseOptions();

    @Override
    public Integer call() {
        CliLog.toFile("recalls-import.log");
        PrintWriter out = spec.commandLine().getOut();
        List<RecallFile.Checked> checked = new ArrayList<>();
        for (Path file : files) {
            try {
                checked.add(check(file, out));
            } catch (RecallFileException e) {
                return Messages.fail(spec, e.getMessage() + ". Nothing was imported.");
            } catch (IOException e) {
                return Messages.fail(spec, "Cannot read " + file + ": " + Messages.root(e) + ". Nothing was imported.");
            }
        }
        HikariDataSource dataSource;
        try {
            dataSource = database.connect("recalls-import", DatabaseOptions.IMPORT_SESSION);
        } catch (RuntimeException e) {
            return Messages.fail(spec, database.cannotConnect(e));
        }
        try (dataSource;
                Connection connection = dataSource.getConnection()) {
            if (!DatabaseOptions.hasEventStore(connection)) {
                return Messages.fail(spec, DatabaseOptions.NO_EVENT_STORE);
            }
            KnownVehicleNames known = KnownVehicleNames.read(connection);
            try (CatalogCommandSide commandSide = CatalogCommandSide.over(dataSource)) {
                for (RecallFile.Checked file : checked) {
                    importFile(file, commandSide, known, out);
                }
            }
            return 0;
        } catch (SQLException | RuntimeException e) {
            return Messages.fail(
                    spec,
                    "The database failed: " + Messages.root(e)
                            + ". The campaigns stored before it are stored whole; import the same files again to"
                            + " complete the import (what is stored already stores nothing).");
        } catch (IOException e) {
            return Messages.fail(spec, "Cannot read a file: " + Messages.root(e));
        }
    }

    private RecallFile.Checked check(Path file, PrintWriter out) throws IOException {
        if (!Files.isRegularFile(file)) {
            throw new CommandLine.ParameterException(spec.commandLine(), "No such file: " + file);
        }
        RecallFile.Checked checked = RecallFile.check(file);
        out.printf(
                Locale.ROOT,
                "Checked %s: %,d rows in the %d-field layout, data date %s, SHA-256 %s; %,d row anomalies.%n",
                file.getFileName(),
                checked.rows(),
                checked.layout().fieldCount(),
                checked.dataDate().map(Object::toString).orElse("unknown (no report date)"),
                checked.sha256(),
                checked.anomalies().total());
        out.flush();
        return checked;
    }

    private void importFile(
            RecallFile.Checked file, CatalogCommandSide commandSide, KnownVehicleNames known, PrintWriter out)
            throws IOException {
        ProgressBar bar = new ProgressBar(out, System.console() != null, "rows");
        bar.step("Importing " + file.file().getFileName(), file.rows());
        long started = System.nanoTime();
        RecallImport.Tally tally = RecallImport.run(file, commandSide, bar::read);
        bar.done();
        double seconds = (System.nanoTime() - started) / 1e9;
        out.printf(
                Locale.ROOT,
                "Imported %s in %.1f s (%,.0f rows/s): %,d records recorded (%,d new, %,d changed), %,d unchanged;"
                        + " %,d repeated rows counted once, %,d incomplete rows; records by kind %s.%n",
                file.file().getFileName(),
                seconds,
                tally.rows() / Math.max(seconds, 1e-3),
                tally.added() + tally.changed(),
                tally.added(),
                tally.changed(),
                tally.unchanged(),
                tally.repeated(),
                tally.incomplete(),
                tally.byType());
        unmatched(tally, known, out);
        if (report) {
            out.println(file.anomalies().report());
        }
        out.flush();
    }

    /** The vehicle makes and models no VIN's decode and no configuration meets: counted, named, never dropped. */
    private void unmatched(RecallImport.Tally tally, KnownVehicleNames known, PrintWriter out) {
        List<RecallImport.VehicleName> names = tally.vehicleNames().values().stream()
                .filter(name -> !known.knows(name.make(), name.model()))
                .toList();
        long rows = names.stream().mapToLong(RecallImport.VehicleName::rows).sum();
        out.printf(
                Locale.ROOT,
                "Vehicle rows whose make and model match no %s: %,d rows of %,d models%s%n",
                known.vpicInstalled() ? "vPIC model or configuration" : "configuration (no vPIC release is installed)",
                rows,
                names.size(),
                names.isEmpty() ? "." : report ? ":" : " (--report lists them all), as:");
        names.stream()
                .limit(report ? Long.MAX_VALUE : NAMED)
                .forEach(name -> out.printf(
                        Locale.ROOT,
                        "  %s %s: %,d row%s, first on line %d%s%n",
                        name.make(),
                        name.model(),
                        name.rows(),
                        name.rows() == 1 ? "" : "s",
                        name.firstLine(),
                        known.vpicInstalled() && !known.knowsMake(name.make()) ? " (a make vPIC does not know)" : ""));
    }
}
