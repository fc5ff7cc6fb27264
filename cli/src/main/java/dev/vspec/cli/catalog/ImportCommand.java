package dev.vspec.cli.catalog;

import com.zaxxer.hikari.HikariDataSource;
import dev.vspec.cli.console.DatabaseOptions;
import dev.vspec.cli.console.Messages;
import dev.vspec.cli.vpic.CliLog;
import dev.vspec.command.catalog.FactChange;
import dev.vspec.command.catalog.ImportFiles;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.springframework.core.io.FileSystemResource;
import org.springframework.core.io.Resource;
import org.springframework.dao.DataAccessException;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code vspec catalog import FILE...}: an operator's catalog files, JSON or CSV, imported as one. */
@Command(
        name = "import",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Import catalog files into the catalog: JSON files in the vspec-catalog/1 format and CSV files, one per"
                    + " group (configurations.csv, fluids.csv, ...; docs/catalog-format.md). All files form one import:"
                    + " every file is checked first, and a problem anywhere stops the import before anything is stored,"
                    + " naming the file, line and column. Each configuration is then recorded whole, through the"
                    + " catalog's aggregates, into the stack's event store; what the files already said stores nothing.",
            "Exit status: 0 imported (or checked) without a problem; 1 a file has problems (nothing stored), an"
                    + " aggregate refused a configuration (the others are stored) or the database failed; 2 a wrong"
                    + " option or a missing file."
        })
final class ImportCommand implements Callable<Integer> {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(
            arity = "1..*",
            paramLabel = "FILE",
            description = "Catalog files: *.json, or CSV files named by their group.")
    List<Path> files;

    @Option(
            names = "--check",
            description = "Check the files and show what an import would add, change and leave unchanged per group;"
                    + " store nothing.")
    boolean check;

    @Mixin
    DatabaseOptions database = new DatabaseOptions();

    @Override
    public Integer call() {
        CliLog.toFile();
        PrintWriter out = spec.commandLine().getOut();
        ImportFiles checked = ImportFiles.check(resources());
        if (!checked.problems().isEmpty()) {
            return problems(checked);
        }
        out.printf(
                Locale.ROOT,
                "Checked %d file%s: %,d configurations, %,d VINs.%n",
                files.size(),
                files.size() == 1 ? "" : "s",
                checked.configurations(),
                checked.vins());
        out.flush();
        HikariDataSource dataSource;
        try {
            dataSource = database.connect("catalog-import", DatabaseOptions.IMPORT_SESSION);
        } catch (RuntimeException e) {
            return Messages.fail(spec, database.cannotConnect(e));
        }
        try (dataSource) {
            try (Connection connection = dataSource.getConnection()) {
                if (!DatabaseOptions.hasEventStore(connection)) {
                    return Messages.fail(spec, DatabaseOptions.NO_EVENT_STORE);
                }
            }
            OperatorImport.Tally tally =
                    new OperatorImport(out, System.console() != null).run(checked, dataSource, !check);
            return summary(tally, checked);
        } catch (SQLException e) {
            return databaseFailed(e);
        } catch (RuntimeException e) {
            if (!causedByTheDatabase(e)) {
                throw e;
            }
            return databaseFailed(e);
        }
    }

    private int databaseFailed(Exception e) {
        return Messages.fail(
                spec,
                "The database failed: " + Messages.root(e)
                        + (check
                                ? ". Nothing was stored (--check)."
                                : ". The configurations imported before it are stored whole; run the same import"
                                        + " again to complete it (what is stored already stores nothing)."));
    }

    /** A failure of the database or of the connection to it, not of the import's own code. */
    private static boolean causedByTheDatabase(Throwable e) {
        for (Throwable cause = e; cause != null; cause = cause.getCause()) {
            if (cause instanceof SQLException || cause instanceof DataAccessException) {
                return true;
            }
        }
        return false;
    }

    private List<Resource> resources() {
        for (Path file : files) {
            if (!Files.isRegularFile(file)) {
                throw new CommandLine.ParameterException(spec.commandLine(), "No such file: " + file);
            }
        }
        return files.stream()
                .map(file -> (Resource) new FileSystemResource(file))
                .toList();
    }

    private int problems(ImportFiles checked) {
        PrintWriter err = spec.commandLine().getErr();
        checked.problems().forEach(problem -> err.println(problem));
        if (checked.moreProblems()) {
            err.println("... and more; the first " + ImportFiles.MAX_PROBLEMS + " are shown.");
        }
        err.flush();
        return Messages.fail(
                spec,
                (checked.moreProblems()
                                ? "More than " + ImportFiles.MAX_PROBLEMS
                                : "" + checked.problems().size())
                        + (checked.problems().size() == 1 ? " problem" : " problems")
                        + " in the files; nothing was imported.");
    }

    private int summary(OperatorImport.Tally tally, ImportFiles checked) {
        PrintWriter out = spec.commandLine().getOut();
        tally.table().forEach(out::println);
        out.printf(
                Locale.ROOT,
                "%s in %.1f s: %,d configurations, %,d VINs; %,d facts %s, %,d unchanged, %,d configurations refused.%n",
                check ? "Checked against the catalog" : "Imported",
                tally.elapsed().toNanos() / 1e9,
                tally.configurations(),
                checked.vins(),
                tally.recorded(),
                check ? "would be recorded" : "recorded",
                tally.total(FactChange.UNCHANGED),
                tally.refusals().size());
        if (check) {
            out.println("Nothing was stored (--check).");
        }
        out.flush();
        if (tally.refusals().isEmpty()) {
            return 0;
        }
        PrintWriter err = spec.commandLine().getErr();
        tally.refusals().forEach(err::println);
        err.flush();
        return Messages.fail(
                spec,
                tally.refusals().size() + (tally.refusals().size() == 1 ? " configuration was" : " configurations were")
                        + " refused and nothing of them stored; the others are. Correct the files (or the catalog) and"
                        + " import them again.");
    }
}
