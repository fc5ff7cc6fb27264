package dev.vspec.cli.console;

import java.io.PrintWriter;
import picocli.CommandLine;

/** Exception messages made fit for one line of a terminal, and the line a failed command ends with. */
public final class Messages {

    private Messages() {}

    public static String root(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return oneLine(
                root.getMessage() != null ? root.getMessage() : root.getClass().getSimpleName());
    }

    /** Line breaks, tabs and control characters (a terminal's escape sequences among them) become single spaces. */
    public static String oneLine(String text) {
        return text == null ? "" : text.replaceAll("[\\p{Cntrl}\\s]+", " ").strip();
    }

    /** Writes {@code vspec: <message>} to the command's error stream and returns exit code 1. */
    public static int fail(CommandLine.Model.CommandSpec spec, String message) {
        PrintWriter err = spec.commandLine().getErr();
        err.println("vspec: " + message);
        err.flush();
        return 1;
    }
}
