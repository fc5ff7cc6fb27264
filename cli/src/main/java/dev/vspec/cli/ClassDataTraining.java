package dev.vspec.cli;

import dev.vspec.cli.access.PretendAccessDatabase;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import picocli.CommandLine;

/**
 * The run {@code ./vspec} records once per build with {@code -XX:ArchiveClassesAtExit}, so that the classes
 * help and the key commands load come from a class data sharing archive afterwards: every command's help, and
 * the key and access-request listings taken all the way to their output on a database that only pretends
 * ({@link PretendAccessDatabase}). No database is connected to and nothing is written but a log file in a
 * temporary directory, removed at the end. What this run misses only loads slower.
 */
public final class ClassDataTraining {

    private ClassDataTraining() {}

    public static void main(String[] args) throws Exception {
        Path logs = Files.createTempDirectory("vspec-training");
        System.setProperty("VSPEC_LOG_FILE", logs.resolve("cli.log").toString());
        List<String> failed;
        try {
            failed = train(new PrintWriter(Writer.nullWriter()));
        } finally {
            deleteAll(logs);
        }
        // a failed step loaded less than it should (ClassDataTrainingTest says which); the archive still serves the
        // rest
        System.exit(failed.isEmpty() ? 0 : 1);
    }

    /** Runs what the archive should hold, printing to {@code out}; answers the listings that failed. */
    static List<String> train(PrintWriter out) throws SQLException {
        help(new CommandLine(new VspecCli()), out);
        PretendAccessDatabase.register();
        List<String> failed = new ArrayList<>();
        for (String command : List.of("keys", "access-requests")) {
            for (String[] args : List.of(
                    new String[] {command, "list", "--db-url", PretendAccessDatabase.URL},
                    new String[] {command, "list", "--json", "--db-url", PretendAccessDatabase.URL})) {
                if (run(out, args) != 0) {
                    failed.add(String.join(" ", args));
                }
            }
        }
        // the PostgreSQL driver's way to a connection, which nothing listens for on port 1
        run(out, "keys", "list", "--db-url", "jdbc:postgresql://127.0.0.1:1/vspec?connectTimeout=1");
        return failed;
    }

    private static void help(CommandLine command, PrintWriter out) {
        command.usage(out);
        command.getSubcommands().values().forEach(sub -> help(sub, out));
    }

    private static int run(PrintWriter out, String... args) {
        return VspecCli.forArguments(args).setOut(out).setErr(out).execute(args);
    }

    private static void deleteAll(Path directory) throws IOException {
        try (Stream<Path> paths = Files.walk(directory)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        }
    }
}
