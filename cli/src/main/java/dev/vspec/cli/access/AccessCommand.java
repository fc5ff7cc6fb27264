package dev.vspec.cli.access;

import dev.vspec.cli.console.Messages;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/**
 * What every key and access-request command shares: the database options, and turning an
 * operator's mistake or an unreachable database into one line on stderr and an exit code.
 */
abstract class AccessCommand implements Callable<Integer> {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(
            names = "--db-url",
            paramLabel = "URL",
            order = 100,
            defaultValue = "${env:VSPEC_DB_URL:-jdbc:postgresql://127.0.0.1:5432/vspec}",
            description =
                    "The stack's database (default: VSPEC_DB_URL or ${DEFAULT-VALUE}); password from VSPEC_DB_PASSWORD."
                            + " vspec's migrations are applied first where it lacks any, so this works before the first vspec up.")
    String dbUrl;

    @Option(
            names = "--db-user",
            paramLabel = "USER",
            order = 101,
            defaultValue = "${env:VSPEC_DB_USER:-postgres}",
            description = "The database user (default: VSPEC_DB_USER or ${DEFAULT-VALUE}).")
    String dbUser;

    @Override
    public final Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        try {
            int exit = run(out);
            out.flush();
            return exit;
        } catch (CommandFailure e) {
            return fail(out, e.getMessage(), e.exitCode());
        } catch (IllegalArgumentException | IllegalStateException e) {
            return fail(out, Messages.oneLine(e.getMessage()), CommandLine.ExitCode.SOFTWARE);
        } catch (org.jooq.exception.DataAccessException e) {
            return fail(out, "The database failed: " + Messages.root(e), CommandLine.ExitCode.SOFTWARE);
        }
    }

    /** Checks the input that needs no database, then does the work; answers the exit code. */
    abstract int run(PrintWriter out);

    AccessDatabase openDatabase() {
        if (System.getProperty("VSPEC_LOG_FILE") == null) {
            // read by logback.xml; set before the first logger exists (Flyway's and jOOQ's go to this file)
            Path dataDir = Path.of(System.getenv().getOrDefault("VSPEC_DATA_DIR", ".vspec"));
            System.setProperty(
                    "VSPEC_LOG_FILE",
                    dataDir.resolve("logs").resolve("cli.log").toAbsolutePath().toString());
        }
        return AccessDatabase.open(dbUrl, dbUser, System.getenv().getOrDefault("VSPEC_DB_PASSWORD", ""));
    }

    private int fail(PrintWriter out, String message, int exitCode) {
        out.flush();
        PrintWriter err = spec.commandLine().getErr();
        err.println("vspec: " + message);
        err.flush();
        return exitCode;
    }
}
