package dev.vspec.cli.catalog;

import com.zaxxer.hikari.HikariDataSource;
import com.zaxxer.hikari.pool.HikariPool;
import dev.vspec.cli.console.DatabaseOptions;
import dev.vspec.cli.console.Messages;
import dev.vspec.cli.vpic.CliLog;
import dev.vspec.decoder.ConfigurationEnumerator;
import dev.vspec.decoder.ConfigurationEnumerator.Request;
import dev.vspec.decoder.VehicleType;
import dev.vspec.decoder.VinDecoder;
import dev.vspec.decoder.VpicIndex;
import dev.vspec.decoder.VpicTables;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Clock;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import org.springframework.dao.DataAccessException;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code vspec catalog import-vpic}: registers the configurations vPIC identifies for some years, makes and vehicle types. */
@Command(
        name = "import-vpic",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Register in the catalog every configuration NHTSA's vPIC identifies for these model years, makes and"
                    + " vehicle types: each model x trim/series x engine x drive type its VIN patterns allow, as NHTSA's rules"
                    + " decode them, with vPIC's specifications. The configurations go through the catalog's aggregates into"
                    + " the stack's event store (the running stack publishes them and builds the read tables). A second run"
                    + " stores nothing.",
            "Needs the vPIC release installed (vspec vpic install) and the stack's database migrated (vspec up once)."
        })
final class ImportVpicCommand implements Callable<Integer> {

    /** Model years by default: this one and the nine before it. */
    static final int DEFAULT_YEARS = 10;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(
            names = "--years",
            paramLabel = "FROM-TO",
            description =
                    "Model years, e.g. 2015-2025 or 2024 (default: the last " + DEFAULT_YEARS + ", this one included).")
    String years;

    @Option(
            names = "--makes",
            split = ",",
            paramLabel = "MAKE",
            description = "vPIC make names, any case, e.g. Honda,Toyota,\"Mercedes-Benz\" (default: every make).")
    List<String> makes = new ArrayList<>();

    @Option(
            names = "--vehicle-types",
            split = ",",
            paramLabel = "TYPE",
            defaultValue = "car,mpv,truck",
            description = "Of car, mpv, truck, motorcycle, bus (default: ${DEFAULT-VALUE}).")
    List<String> vehicleTypes;

    @Option(
            names = "--list",
            paramLabel = "FILE",
            description = "Also write each configuration found to FILE, one per line: its config_key, a tab, and a VIN"
                    + " built to decode as it (not a real vehicle's; bench/read-vehicle.sh reads by both).")
    Path list;

    @Option(names = "--list-only", description = "Only enumerate and write --list; register nothing.")
    boolean listOnly;

    @Mixin
    DatabaseOptions database = new DatabaseOptions();

    private final Clock clock = Clock.systemUTC();

    @Override
    public Integer call() {
        CliLog.toFile();
        Request request = request();
        PrintWriter out = spec.commandLine().getOut();
        HikariDataSource dataSource;
        try {
            dataSource = database.connect("catalog-vpic", DatabaseOptions.IMPORT_SESSION);
        } catch (RuntimeException e) {
            return Messages.fail(spec, database.cannotConnect(e));
        }
        try (dataSource) {
            VpicIndex index;
            try (Connection connection = dataSource.getConnection()) {
                if (!DatabaseOptions.hasEventStore(connection)) {
                    return Messages.fail(spec, DatabaseOptions.NO_EVENT_STORE);
                }
                out.println("Reading the installed vPIC release ...");
                out.flush();
                index = VpicTables.load(connection, VpicTables.SCHEMA);
            } catch (IllegalStateException | IllegalArgumentException e) {
                return Messages.fail(
                        spec, "The installed vPIC release cannot be indexed: " + Messages.oneLine(e.getMessage()));
            }
            if (index == null) {
                return Messages.fail(
                        spec,
                        "No NHTSA vPIC release is installed in this database: install it with"
                                + " `vspec vpic install` (vspec up installs it on first start), then run this again.");
            }
            VinDecoder decoder = new VinDecoder(index, clock);
            ConfigurationEnumerator enumerator = new ConfigurationEnumerator(decoder, clock);
            String unknown = unknownMakes(enumerator.makes(request.vehicleTypes()), request);
            if (unknown != null) {
                return Messages.fail(spec, unknown);
            }
            return seed(
                    new VpicSeeding(decoder, enumerator, out, System.console() != null),
                    request,
                    dataSource,
                    index,
                    out);
        } catch (HikariPool.PoolInitializationException e) {
            return Messages.fail(spec, database.cannotConnect(e));
        } catch (SQLException | DataAccessException e) {
            return Messages.fail(spec, "The database failed: " + Messages.root(e));
        }
    }

    private int seed(
            VpicSeeding seeding, Request request, HikariDataSource dataSource, VpicIndex index, PrintWriter out) {
        out.println("Seeding the catalog with " + describe(request) + " from "
                + index.release().describedAs());
        out.flush();
        VpicSeeding.Enumerated found = seeding.enumerate(request);
        printFound(found.summary(), out);
        if (list != null) {
            try {
                Files.write(
                        list,
                        found.configurations().stream()
                                .map(configuration -> configuration.configKey() + "\t" + configuration.vin())
                                .toList());
            } catch (IOException e) {
                return Messages.fail(spec, "Cannot write the list to " + list + ": " + Messages.root(e));
            }
            out.printf(
                    Locale.ROOT,
                    "Listed %,d configurations in %s.%n",
                    found.configurations().size(),
                    list);
            out.flush();
        }
        if (listOnly) {
            return 0;
        }
        VpicSeeding.Imported imported = seeding.register(found.vins(), dataSource);
        printImported(imported, out);
        return imported.refused() == 0 ? 0 : 1;
    }

    /** "2015-2025 Honda, Toyota (car, mpv)". */
    private static String describe(Request request) {
        return (request.fromYear() == request.toYear()
                        ? "" + request.fromYear()
                        : request.fromYear() + "-" + request.toYear())
                + " " + (request.makes().isEmpty() ? "every make" : String.join(", ", new TreeSet<>(request.makes())))
                + " ("
                + request.vehicleTypes().stream()
                        .map(VehicleType::toString)
                        .sorted()
                        .collect(Collectors.joining(", ")) + ")";
    }

    private static void printFound(ConfigurationEnumerator.Summary summary, PrintWriter out) {
        out.printf(
                Locale.ROOT,
                "Found %,d configurations in %.1f s: %,d VINs decoded over %,d WMIs (%,d told no engine code,"
                        + " %,d no model, %,d another make)%s.%n",
                summary.configurations(),
                summary.elapsed().toNanos() / 1e9,
                summary.vinsDecoded(),
                summary.wmis(),
                summary.withoutEngineCode(),
                summary.withoutModel(),
                summary.otherMake(),
                summary.cappedModelKeys() == 0
                        ? ""
                        : String.format(
                                Locale.ROOT,
                                "; the combinations of %,d model keys were cut" + " at %,d VINs each",
                                summary.cappedModelKeys(),
                                ConfigurationEnumerator.MAX_VINS_PER_MODEL_KEY));
        out.flush();
    }

    private static void printImported(VpicSeeding.Imported imported, PrintWriter out) {
        out.printf(
                Locale.ROOT,
                "Imported in %.1f s: %,d configurations, %,d commands, %,d events stored%s.%n",
                imported.elapsed().toNanos() / 1e9,
                imported.configurations(),
                imported.commands(),
                imported.eventsStored(),
                imported.eventsStored() == 0 ? " (the catalog held them all already)" : "");
        if (imported.refused() > 0) {
            out.printf(
                    Locale.ROOT,
                    "%,d configurations were refused, e.g.: %s%n",
                    imported.refused(),
                    String.join("; ", imported.refusals()));
        }
        out.flush();
    }

    private Request request() {
        if (listOnly && list == null) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--list-only needs --list FILE");
        }
        int[] span = years();
        Set<VehicleType> types = new LinkedHashSet<>();
        try {
            vehicleTypes.forEach(type -> types.add(VehicleType.parse(type)));
            Request request = new Request(
                    span[0],
                    span[1],
                    Set.copyOf(makes.stream().filter(make -> !make.isBlank()).toList()),
                    types);
            ConfigurationEnumerator.checkYears(request, clock);
            return request;
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
    }

    private int[] years() {
        int now = clock.instant().atZone(ZoneOffset.UTC).getYear();
        if (years == null) {
            return new int[] {now - DEFAULT_YEARS + 1, now};
        }
        String[] parts = years.strip().split("-", -1);
        try {
            if (parts.length == 1) {
                int year = Integer.parseInt(parts[0].strip());
                return new int[] {year, year};
            }
            if (parts.length == 2) {
                return new int[] {Integer.parseInt(parts[0].strip()), Integer.parseInt(parts[1].strip())};
            }
        } catch (NumberFormatException e) {
            // the message below
        }
        throw new CommandLine.ParameterException(
                spec.commandLine(),
                "--years takes a model year or a range of them, e.g. 2024 or 2015-2025; got '" + years + "'");
    }

    /** A message naming the makes vPIC does not know, with close names; null when it knows all. */
    static String unknownMakes(Set<String> known, Request request) {
        List<String> problems = new ArrayList<>();
        for (String make : new TreeSet<>(request.makes())) {
            if (!known.contains(make)) {
                List<String> close = MakeNames.closeTo(make, known);
                problems.add("'" + make + "'"
                        + (close.isEmpty() ? "" : " (did you mean " + String.join(", ", close) + "?)"));
            }
        }
        if (problems.isEmpty()) {
            return null;
        }
        return "vPIC knows no "
                + request.vehicleTypes().stream()
                        .map(VehicleType::toString)
                        .sorted()
                        .collect(Collectors.joining("/")) + " make " + String.join(", ", problems)
                + ". Makes are written as vPIC writes them (vspec vpic status shows the release).";
    }
}
