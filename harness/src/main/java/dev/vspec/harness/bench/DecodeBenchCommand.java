package dev.vspec.harness.bench;

import com.zaxxer.hikari.HikariDataSource;
import com.zaxxer.hikari.pool.HikariPool;
import dev.vspec.cli.console.DatabaseOptions;
import dev.vspec.cli.console.Messages;
import dev.vspec.contracts.error.ApiException;
import dev.vspec.contracts.identity.Vin;
import dev.vspec.decoder.VinDecoder;
import dev.vspec.decoder.VinDecoding;
import dev.vspec.decoder.VpicIndex;
import dev.vspec.decoder.VpicRelease;
import dev.vspec.decoder.VpicTables;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.springframework.dao.DataAccessException;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code vspec-harness bench decode}: the VIN decoder in this process, over a comparison set of VINs
 * ({@code tools/vpic/generate-vins.py}). Builds the decoder of the vPIC release installed in the stack's
 * database exactly as the deployables do (read, index, warm up) and measures, in one run: how long the
 * build takes, how much heap the index holds, the decode rate on first sight (each VIN once, right after
 * the decoder is ready, as a freshly started instance meets them) and the warm single-thread rate. Optionally writes
 * every decode as a JSON line, for {@code tools/vpic/compare.py}.
 */
@Command(
        name = "decode",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Build the VIN decoder's index of a vPIC release and decode a set of VINs in this process:",
            "index build time, index heap, first-sight and warm single-thread decode rates.",
            "The release comes from the stack's database (schema vpic, as vspec vpic install loads it)."
        },
        footer = {
            "",
            "Make a set with tools/vpic/generate-vins.py; compare with another decoder with tools/vpic/compare.py."
        })
public final class DecodeBenchCommand implements Callable<Integer> {

    private static final double MB = 1024.0 * 1024.0;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(
            names = "--vins",
            required = true,
            paramLabel = "FILE",
            description =
                    "The VINs: generate-vins.py's TSV (the first column; lines starting with # are skipped) or one VIN a line.")
    Path vinsFile;

    @Option(
            names = "--out",
            paramLabel = "FILE",
            description =
                    "Write each VIN's decode as one JSON line, in the order of --vins; a VIN that is no VIN is written as {vin, error}.")
    Path out;

    @Mixin
    DatabaseOptions database = new DatabaseOptions();

    @Option(
            names = "--db-schema",
            defaultValue = VpicTables.SCHEMA,
            description = "Where the release is installed (default: ${DEFAULT-VALUE}).")
    String dbSchema;

    @Option(
            names = "--seconds",
            defaultValue = "10",
            description = "Length of the warm measurement (default: ${DEFAULT-VALUE}).")
    double seconds;

    @Option(
            names = "--warmup-seconds",
            defaultValue = "5",
            description = "Decoding before the warm measurement (default: ${DEFAULT-VALUE}).")
    double warmupSeconds;

    @Option(
            names = "--target-heap-mb",
            defaultValue = "150",
            description = "The index heap the verdict compares with (default: ${DEFAULT-VALUE}).")
    double targetHeapMb;

    @Option(
            names = "--target-build-seconds",
            defaultValue = "10",
            description = "The build time the verdict compares with (default: ${DEFAULT-VALUE}).")
    double targetBuildSeconds;

    @Override
    public Integer call() {
        if (seconds <= 0 || warmupSeconds < 0) {
            throw new CommandLine.ParameterException(
                    spec.commandLine(), "--seconds must be positive and --warmup-seconds not negative");
        }
        try {
            Input input = readVins();
            print(measure(input), input);
            return 0;
        } catch (Refused e) {
            return Messages.fail(spec, e.getMessage());
        }
    }

    /** The lines of {@code --vins}, the VINs among them, and why each other line (by its index) is none. */
    private record Input(List<String> texts, List<Vin> vins, Map<Integer, String> refused) {}

    /** What the run measured; the heap figures are taken after full collections, with the index held and without. */
    private record Figures(
            VpicRelease release,
            double buildSeconds,
            double warmUpSeconds,
            long heapWithIndex,
            long heapWithout,
            DecodeRates.FirstSight first,
            DecodeRates.Warm warm) {

        double heapMb() {
            return (heapWithIndex - heapWithout) / MB;
        }
    }

    /** Why the benchmark cannot run, said in one line. */
    private static final class Refused extends RuntimeException {
        Refused(String message) {
            super(message);
        }
    }

    private Input readVins() {
        List<String> texts;
        try {
            texts = ComparisonFiles.readVins(vinsFile);
        } catch (NoSuchFileException e) {
            throw new Refused("No such file: " + vinsFile);
        } catch (IOException e) {
            throw new Refused("Cannot read " + vinsFile + ": " + Messages.root(e));
        }
        if (texts.isEmpty()) {
            throw new Refused(vinsFile + " holds no VINs");
        }
        List<Vin> vins = new ArrayList<>(texts.size());
        Map<Integer, String> refused = new LinkedHashMap<>();
        for (int i = 0; i < texts.size(); i++) {
            try {
                vins.add(Vin.parse(texts.get(i)));
            } catch (ApiException e) {
                refused.put(i, e.getMessage());
            }
        }
        if (vins.isEmpty()) {
            throw new Refused("None of the " + texts.size() + " lines of " + vinsFile + " is a VIN");
        }
        return new Input(texts, vins, refused);
    }

    private Figures measure(Input input) {
        long buildStart = System.nanoTime();
        VpicIndex index = buildIndex();
        long built = System.nanoTime();
        // the deployables' own path: a decoder is warmed on VINs of the index's patterns before it answers
        VinDecoder decoder = VinDecoder.ready(index, Clock.systemUTC());
        double warmUpSeconds = (System.nanoTime() - built) / 1e9;
        long heapWithIndex = UsedHeap.afterGc();
        announce(index, input);

        DecodeRates.FirstSight first = decodeOnFirstSight(decoder, input);
        DecodeRates.Warm warm = DecodeRates.warm(decoder, input.vins(), warmupSeconds, seconds);

        VpicRelease release = index.release();
        // dropped, so that the next figure is the heap without the index
        decoder = null;
        index = null;
        long heapWithout = UsedHeap.afterGc();
        return new Figures(release, (built - buildStart) / 1e9, warmUpSeconds, heapWithIndex, heapWithout, first, warm);
    }

    private VpicIndex buildIndex() {
        PrintWriter out = spec.commandLine().getOut();
        out.printf(
                Locale.ROOT,
                "Building the decoder from the stack's database (schema %s), as a deployable does ...%n",
                dbSchema);
        out.flush();
        VpicIndex index;
        try {
            index = loadFromDatabase();
        } catch (HikariPool.PoolInitializationException | DataAccessException e) {
            throw new Refused(database.cannotConnect(e));
        } catch (SQLException e) {
            throw new Refused("The database failed while the release was read: " + Messages.root(e));
        } catch (IllegalStateException | IllegalArgumentException e) {
            throw new Refused("The release cannot be indexed: " + Messages.oneLine(e.getMessage()));
        }
        if (index == null) {
            throw new Refused("No vPIC release is installed in schema " + dbSchema
                    + ": install one (vspec vpic install; vspec up does it on first start)");
        }
        return index;
    }

    private void announce(VpicIndex index, Input input) {
        PrintWriter out = spec.commandLine().getOut();
        out.printf(
                Locale.ROOT,
                "Index of %s: %,d WMIs, %,d VIN schemas, %,d patterns. Decoding %,d VINs (%,d lines refused"
                        + " before decoding) ...%n",
                index.release().describedAs(),
                index.wmiCount(),
                index.schemaCount(),
                index.patternCount(),
                input.vins().size(),
                input.refused().size());
        out.flush();
    }

    /** Each VIN once, in file order, right after the decoder is ready; the decodes go to {@code --out}. */
    private DecodeRates.FirstSight decodeOnFirstSight(VinDecoder decoder, Input input) {
        VinDecoding[] decodings = new VinDecoding[input.vins().size()];
        DecodeRates.FirstSight first = DecodeRates.firstSight(decoder, input.vins(), decodings);
        if (this.out != null) {
            try {
                ComparisonFiles.writeDecodings(this.out, input.texts(), input.refused(), decodings);
            } catch (IOException e) {
                throw new Refused("Cannot write " + this.out + ": " + Messages.root(e));
            }
        }
        return first;
    }

    private void print(Figures figures, Input input) {
        PrintWriter out = spec.commandLine().getOut();
        int vins = input.vins().size();
        DecodeRates.FirstSight first = figures.first();
        DecodeRates.Warm warm = figures.warm();
        out.println();
        out.printf(
                Locale.ROOT,
                "vspec decoder, %s, %,d VINs of %s%n",
                figures.release().describedAs(),
                vins,
                vinsFile);
        out.printf(
                Locale.ROOT,
                "  %-34s %12.2f s      target at most %.0f s: %s%n",
                "index build (read + build)",
                figures.buildSeconds(),
                targetBuildSeconds,
                figures.buildSeconds() <= targetBuildSeconds ? "met" : "NOT met");
        out.printf(
                Locale.ROOT,
                "  %-34s %12.2f s      (VINs of the index's own patterns, before it answers)%n",
                "warm-up",
                figures.warmUpSeconds());
        out.printf(
                Locale.ROOT,
                "  %-34s %12.1f MB     target at most %.0f MB: %s%n",
                "index heap",
                figures.heapMb(),
                targetHeapMb,
                figures.heapMb() <= targetHeapMb ? "met" : "NOT met");
        out.printf(
                Locale.ROOT,
                "  %-34s %12.0f VINs/s (each VIN once, right after the build: %,d VINs in %.3f s;"
                        + " first half %.0f VINs/s, second half %.0f)%n",
                "first-sight decode",
                vins / first.seconds(),
                vins,
                first.seconds(),
                first.firstHalfRate(),
                first.secondHalfRate());
        out.printf(
                Locale.ROOT,
                "  %-34s %12.0f VINs/s (%,d decodes in %.1f s, after %.0f s of warm-up)%n",
                "warm decode, 1 thread",
                warm.decoded() / warm.seconds(),
                warm.decoded(),
                warm.seconds(),
                warmupSeconds);
        printFootnotes(figures, input);
    }

    private void printFootnotes(Figures figures, Input input) {
        PrintWriter out = spec.commandLine().getOut();
        out.printf(
                Locale.ROOT,
                "  (index heap: used heap after full GCs with the index held, less used heap after it is dropped;"
                        + " %.1f MB and %.1f MB)%n",
                figures.heapWithIndex() / MB,
                figures.heapWithout() / MB);
        if (this.out != null) {
            out.printf(
                    Locale.ROOT,
                    "  decodes written to %s (%,d lines refused before decoding written as {vin, error})%n",
                    this.out,
                    input.refused().size());
        }
        out.flush();
    }

    private VpicIndex loadFromDatabase() throws SQLException {
        try (HikariDataSource dataSource = database.connect("bench-decode");
                Connection connection = dataSource.getConnection()) {
            return VpicTables.load(connection, dbSchema);
        }
    }
}
