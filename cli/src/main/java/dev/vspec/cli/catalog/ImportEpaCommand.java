package dev.vspec.cli.catalog;

import com.zaxxer.hikari.HikariDataSource;
import dev.vspec.cli.console.DatabaseOptions;
import dev.vspec.cli.console.Messages;
import dev.vspec.cli.projections.ProgressBar;
import dev.vspec.cli.vpic.CliLog;
import dev.vspec.command.catalog.CatalogCommandSide;
import dev.vspec.command.epa.EpaFile;
import dev.vspec.command.epa.EpaFileException;
import dev.vspec.command.epa.EpaImport;
import dev.vspec.contracts.epa.EpaEntry;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.jooq.SQLDialect;
import org.jooq.impl.DSL;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code vspec catalog import-epa FILE}: the EPA's fuel-economy file, through its entries' aggregates. */
@Command(
        name = "import-epa",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Import the EPA's fuel-economy file as fueleconomy.gov publishes it (vehicles.csv.zip from"
                    + " https://www.fueleconomy.gov/feg/download.shtml, or its vehicles.csv; a copy re-quoted by others"
                    + " reads alike). The file is checked whole first: one that is not the EPA's stops the import before"
                    + " anything is stored. Each entry (an EPA id) is then stored when new or changed; what the event"
                    + " store holds already stores nothing. Answers match the entries to configurations by model year,"
                    + " make, model, engine and drive (docs/fuel-economy.md), those registered later too; the report"
                    + " says how the configurations held now matched.",
            "Exit status: 0 imported; 1 the file is not the EPA's (nothing stored) or the database failed (the"
                    + " entries before the failure are stored; importing again completes it); 2 a wrong option or a"
                    + " missing file."
        })
final class ImportEpaCommand implements Callable<Integer> {

    /** How many configurations and entries of each kind a run without --report names. */
    private static final int NAMED = 5;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(paramLabel = "FILE", description = "The EPA's vehicles.csv or vehicles.csv.zip.")
    Path file;

    @Option(
            names = "--report",
            description = "List the file's row anomalies, every configuration several or no EPA entries matched, and"
                    + " every entry that matched no configuration.")
    boolean report;

    @Mixin
    DatabaseOptions database = new DatabaseOptions();

    @Override
    public Integer call() {
        CliLog.toFile("epa-import.log");
        PrintWriter out = spec.commandLine().getOut();
        if (!Files.isRegularFile(file)) {
            throw new CommandLine.ParameterException(spec.commandLine(), "No such file: " + file);
        }
        EpaFile.Checked checked;
        try {
            checked = EpaFile.check(file);
        } catch (EpaFileException e) {
            return Messages.fail(spec, e.getMessage());
        } catch (IOException e) {
            return Messages.fail(spec, "Cannot read " + file + ": " + Messages.root(e) + ". Nothing was imported.");
        }
        out.printf(
                Locale.ROOT,
                "Checked %s: %,d entries, data date %s, SHA-256 %s; %,d row anomalies.%n",
                file.getFileName(),
                checked.rows().size(),
                checked.dataDate().map(Object::toString).orElse("unknown (no modifiedOn)"),
                checked.sha256(),
                checked.anomalies().total());
        out.flush();
        HikariDataSource dataSource;
        try {
            dataSource = database.connect("epa-import", DatabaseOptions.IMPORT_SESSION);
        } catch (RuntimeException e) {
            return Messages.fail(spec, database.cannotConnect(e));
        }
        try (dataSource;
                Connection connection = dataSource.getConnection()) {
            if (!DatabaseOptions.hasEventStore(connection)) {
                return Messages.fail(spec, DatabaseOptions.NO_EVENT_STORE);
            }
            importEntries(checked, dataSource, out);
            List<EpaEntry> entries = checked.rows().stream()
                    .map(row -> new EpaEntry(row.epaId(), row.vehicle()))
                    .toList();
            EpaMatchReport.of(DSL.using(connection, SQLDialect.POSTGRES), entries)
                    .print(out, entries.size(), report ? Long.MAX_VALUE : NAMED);
            if (report) {
                out.println(checked.anomalies().report());
            }
            out.flush();
            return 0;
        } catch (SQLException | RuntimeException e) {
            return Messages.fail(
                    spec,
                    "The database failed: " + Messages.root(e)
                            + ". The entries stored before it are stored; import the same file again to complete the"
                            + " import (what is stored already stores nothing).");
        }
    }

    private void importEntries(EpaFile.Checked checked, HikariDataSource dataSource, PrintWriter out) {
        ProgressBar bar = new ProgressBar(out, System.console() != null, "entries");
        bar.step("Importing " + file.getFileName(), checked.rows().size());
        long started = System.nanoTime();
        EpaImport.Tally tally;
        try (CatalogCommandSide commandSide = CatalogCommandSide.over(dataSource)) {
            tally = EpaImport.run(checked, commandSide, bar::read);
        }
        bar.done();
        out.printf(
                Locale.ROOT,
                "Imported %s in %.1f s: %,d entries recorded (%,d new, %,d changed), %,d unchanged.%n",
                file.getFileName(),
                (System.nanoTime() - started) / 1e9,
                tally.added() + tally.changed(),
                tally.added(),
                tally.changed(),
                tally.unchanged());
        out.flush();
    }
}
