package dev.vspec.cli.access;

import dev.vspec.cli.console.DatabaseOptions;
import dev.vspec.cli.console.Messages;
import dev.vspec.cli.vpic.CliLog;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/**
 * What every key and access-request command shares: the database options, and turning an
 * operator's mistake or an unreachable database into one line on stderr and an exit code.
 */
@Command(footer = {"", AccessCommand.MIGRATES_FIRST})
abstract class AccessCommand implements Callable<Integer> {

    /** The footer line of each key and access-request command (a subclass with a footer of its own adds it). */
    static final String MIGRATES_FIRST =
            "vspec's migrations are applied to the database first where it lacks any, so this works before the first vspec up.";

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Mixin
    DatabaseOptions database = new DatabaseOptions();

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
        CliLog.toFile(); // Flyway's and jOOQ's logs go there
        return AccessDatabase.open(database);
    }

    private int fail(PrintWriter out, String message, int exitCode) {
        out.flush();
        PrintWriter err = spec.commandLine().getErr();
        err.println("vspec: " + message);
        err.flush();
        return exitCode;
    }
}
