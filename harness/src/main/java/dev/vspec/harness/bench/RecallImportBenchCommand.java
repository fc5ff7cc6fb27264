package dev.vspec.harness.bench;

import com.zaxxer.hikari.HikariDataSource;
import dev.vspec.cli.console.DatabaseOptions;
import dev.vspec.command.catalog.CatalogCommandSide;
import dev.vspec.command.recalls.RecallFile;
import dev.vspec.command.recalls.RecallImport;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.flywaydb.core.Flyway;
import org.springframework.util.FileSystemUtils;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code vspec recalls import}'s work at two sizes, each into an empty event store of its own: a recalls flat file of
 * {@code --rows} rows made by repeating a real one under new campaign numbers ({@link RepeatedRecallFile}), checked,
 * then imported in this process. Prints rows/s of each and the peak heap each import retained (the used heap after full
 * collections, sampled every {@value #SAMPLE_EVERY} rows), and the ratio of the larger's peak to the smaller's: a
 * streamed import keeps it near 1.
 */
@Command(
        name = "recall-import",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Import recalls files of --rows rows (a real file repeated under new campaign numbers) into empty databases"
                    + " of their own; print rows/s and the peak heap each import retained, and the ratio of the largest"
                    + " file's peak to the smallest's."
        })
public final class RecallImportBenchCommand implements Callable<Integer> {

    /** How often the import's retained heap is sampled, in rows; each sample is a few full collections. */
    static final long SAMPLE_EVERY = 20_000;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(
            names = "--sample",
            required = true,
            description = "The real recalls flat file (.txt) the files are made from.")
    Path sample;

    @Option(
            names = "--rows",
            split = ",",
            defaultValue = "100000,400000",
            description = "The sizes of the files, in rows (default: ${DEFAULT-VALUE}).")
    List<Long> rows;

    @Option(
            names = "--target",
            defaultValue = "1.2",
            description =
                    "The peak-heap ratio (largest / smallest) the verdict compares with (default: ${DEFAULT-VALUE}).")
    double target;

    @Mixin
    BenchDatabases server = new BenchDatabases();

    /** One import's figures. */
    record Measured(long rows, long recorded, double seconds, long baselineBytes, long peakBytes) {

        String line() {
            return String.format(
                    Locale.ROOT,
                    "%,9d rows: %,d records recorded in %.1f s, %,.0f rows/s; heap retained %,.1f MiB before,"
                            + " %,.1f MiB at most during the import",
                    rows,
                    recorded,
                    seconds,
                    rows / Math.max(seconds, 1e-3),
                    baselineBytes / 1048576.0,
                    peakBytes / 1048576.0);
        }
    }

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        List<Measured> measured = new ArrayList<>();
        Path folder = Files.createTempDirectory("vspec-bench-recalls");
        String run = "vspec_bench_recalls_" + Long.toHexString(System.currentTimeMillis());
        try {
            for (long size : rows.stream().sorted().toList()) {
                measured.add(measure(size, folder, run + "_" + size, out));
            }
        } finally {
            FileSystemUtils.deleteRecursively(folder);
        }
        report(measured, out);
        return 0;
    }

    private Measured measure(long size, Path folder, String database, PrintWriter out) throws Exception {
        Path file = folder.resolve("FLAT_RCL_" + size + ".txt");
        RepeatedRecallFile.write(sample, size, file);
        out.printf(
                Locale.ROOT,
                "%s: %,d MB; database %s (dropped afterwards) ...%n",
                file.getFileName(),
                Files.size(file) / 1_000_000,
                database);
        out.flush();
        server.create(database);
        try {
            Flyway.configure(RecallImportBenchCommand.class.getClassLoader())
                    .dataSource(server.url(database), server.user, server.password)
                    .locations("classpath:db/migration")
                    .load()
                    .migrate();
            return importOnce(file, database);
        } finally {
            server.drop(database);
        }
    }

    private Measured importOnce(Path file, String database) throws IOException {
        try (HikariDataSource target = server.connect(database, DatabaseOptions.IMPORT_SESSION);
                CatalogCommandSide commandSide = CatalogCommandSide.over(target)) {
            RecallFile.Checked checked = RecallFile.check(file);
            long baseline = UsedHeap.afterGc();
            long[] peak = {baseline};
            long[] sampled = {0};
            long started = System.nanoTime();
            RecallImport.Tally tally = RecallImport.run(checked, commandSide, read -> {
                if (read / SAMPLE_EVERY > sampled[0]) {
                    sampled[0] = read / SAMPLE_EVERY;
                    peak[0] = Math.max(peak[0], UsedHeap.afterGc());
                }
            });
            double seconds = (System.nanoTime() - started) / 1e9;
            return new Measured(checked.rows(), tally.added() + tally.changed(), seconds, baseline, peak[0]);
        }
    }

    private void report(List<Measured> measured, PrintWriter out) {
        out.println();
        measured.forEach(one -> out.println(one.line()));
        if (measured.size() > 1) {
            Measured smallest = measured.get(0);
            Measured largest = measured.get(measured.size() - 1);
            double ratio = (double) largest.peakBytes() / smallest.peakBytes();
            out.printf(
                    Locale.ROOT,
                    "peak heap ratio: %.2f (%,d rows / %,d rows; target <= %.2f): %s%n",
                    ratio,
                    largest.rows(),
                    smallest.rows(),
                    target,
                    ratio <= target ? "met" : "missed");
        }
        out.flush();
    }
}
