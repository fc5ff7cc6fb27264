package dev.vspec.cli.access;

import picocli.CommandLine.ExitCode;

/** Ends a command with one line for the operator and an exit code: 2 for bad input, 1 for anything else. */
final class CommandFailure extends RuntimeException {

    private final int exitCode;

    private CommandFailure(String message, int exitCode) {
        super(message, null, false, false);
        this.exitCode = exitCode;
    }

    static CommandFailure badInput(String message) {
        return new CommandFailure(message, ExitCode.USAGE);
    }

    static CommandFailure of(String message) {
        return new CommandFailure(message, ExitCode.SOFTWARE);
    }

    int exitCode() {
        return exitCode;
    }
}
