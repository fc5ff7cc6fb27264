package dev.vspec.cli.vpic;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code vspec vpic}: the NHTSA vPIC release that VIN decoding uses. */
@Command(
        name = "vpic",
        mixinStandardHelpOptions = true,
        description =
                "The NHTSA vPIC release VIN decoding uses: install one into PostgreSQL, or show the installed one.",
        subcommands = {InstallCommand.class, StatusCommand.class})
public final class VpicCommand implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }
}
