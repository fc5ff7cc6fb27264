package dev.vspec.cli.recalls;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code vspec recalls}: NHTSA's safety recall campaigns. */
@Command(
        name = "recalls",
        mixinStandardHelpOptions = true,
        description = "Import NHTSA's recalls flat files (FLAT_RCL_PRE_2010 and FLAT_RCL_POST_2010), which"
                + " GET /api/v1/recalls answers from.",
        subcommands = {RecallsImportCommand.class})
public final class RecallsCommand implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }
}
