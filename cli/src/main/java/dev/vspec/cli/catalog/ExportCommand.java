package dev.vspec.cli.catalog;

import com.zaxxer.hikari.HikariDataSource;
import com.zaxxer.hikari.pool.HikariPool;
import dev.vspec.cli.console.DatabaseOptions;
import dev.vspec.cli.console.Messages;
import dev.vspec.cli.projections.ProgressBar;
import dev.vspec.cli.vpic.CliLog;
import dev.vspec.command.catalog.CatalogExportException;
import dev.vspec.command.catalog.CatalogExporter;
import dev.vspec.command.catalog.CatalogExporter.Format;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code vspec catalog export}: what the catalog holds, written as files that {@code vspec catalog import} reads. */
@Command(
        name = "export",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Write everything the catalog holds into DIR: every configuration with its fluids, specs, tires, service"
                    + " schedule, parts with their dated prices, labor times, image (a file beside the catalog),"
                    + " config_key aliases, VINs and their service histories, each fact with the source it was"
                    + " recorded from. Importing the export into an empty stack answers as this catalog does.",
            "Reads the stack's event store as one snapshot; the stack need not run. The same catalog gives the same bytes."
        })
final class ExportCommand implements Callable<Integer> {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(
            names = "--format",
            defaultValue = "json",
            paramLabel = "FORMAT",
            converter = FormatConverter.class,
            description = "json: catalog.json in the format vspec-catalog/1 (default); csv: the format's CSV files, one"
                    + " per group, each row with its fact's source.")
    Format format;

    @Parameters(
            paramLabel = "DIR",
            description =
                    "An empty or new folder: the export writes catalog.json (or the CSV files) and images/ there.")
    Path folder;

    @Mixin
    DatabaseOptions database = new DatabaseOptions();

    @Override
    public Integer call() {
        CliLog.toFile();
        PrintWriter out = spec.commandLine().getOut();
        HikariDataSource dataSource;
        try {
            dataSource = database.connect("catalog-export");
        } catch (RuntimeException e) {
            return Messages.fail(spec, database.cannotConnect(e));
        }
        try (dataSource) {
            ProgressBar bar = new ProgressBar(out, System.console() != null, "configurations");
            CatalogExporter.Summary summary =
                    CatalogExporter.export(dataSource, folder, format, new CatalogExporter.Progress() {
                        @Override
                        public void started(long configurations) {
                            bar.step("Exporting the catalog into " + folder, configurations);
                        }

                        @Override
                        public void exported(long configurations) {
                            bar.read(configurations);
                        }
                    });
            bar.done();
            out.printf(
                    Locale.ROOT,
                    "Exported in %.1f s: %,d configurations, %,d VINs, %,d images.%n",
                    summary.elapsed().toNanos() / 1e9,
                    summary.configurations(),
                    summary.vins(),
                    summary.images());
            if (summary.unlinkedVins() > 0) {
                out.printf(
                        Locale.ROOT,
                        "%,d VINs are linked to configurations the catalog does not hold; they answer nothing and"
                                + " were not exported.%n",
                        summary.unlinkedVins());
            }
            out.flush();
            return 0;
        } catch (CatalogExportException | IllegalStateException e) {
            return Messages.fail(spec, e.getMessage());
        } catch (HikariPool.PoolInitializationException e) {
            return Messages.fail(spec, database.cannotConnect(e));
        } catch (SQLException e) {
            return Messages.fail(spec, "The database failed: " + Messages.root(e));
        } catch (IOException e) {
            return Messages.fail(spec, "Cannot write the export into " + folder + ": " + Messages.root(e));
        }
    }

    /** The format's name in lower case, as the option takes it. */
    static final class FormatConverter implements CommandLine.ITypeConverter<Format> {

        @Override
        public Format convert(String value) {
            for (Format format : Format.values()) {
                if (format.name().equalsIgnoreCase(value)) {
                    return format;
                }
            }
            throw new CommandLine.TypeConversionException("the export's formats are "
                    + Arrays.stream(Format.values())
                            .map(format -> format.name().toLowerCase(Locale.ROOT))
                            .collect(Collectors.joining(", "))
                    + "; got '" + value + "'");
        }
    }
}
