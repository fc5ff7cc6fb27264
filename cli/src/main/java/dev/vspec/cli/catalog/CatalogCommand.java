package dev.vspec.cli.catalog;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code vspec catalog}: filling the catalog from a data source. */
@Command(
        name = "catalog",
        mixinStandardHelpOptions = true,
        description = "Fill the catalog (import an operator's catalog files, or register the configurations NHTSA's"
                + " vPIC identifies, or add the EPA's fuel-economy file) and export it.",
        subcommands = {ImportCommand.class, ImportVpicCommand.class, ImportEpaCommand.class, ExportCommand.class})
public final class CatalogCommand implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }
}
