package dev.vspec.cli.projections;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code vspec projections}: operations on the read tables the projections build. */
@Command(
        name = "projections",
        mixinStandardHelpOptions = true,
        description = "Rebuild the read tables from the event log, or fingerprint them.",
        subcommands = {RebuildCommand.class, ChecksumsCommand.class})
public final class ProjectionsCommand implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "Name an operation: rebuild or checksums");
    }
}
