package dev.vspec.cli.synthetic;

import dev.vspec.command.synthetic.SyntheticCatalog;
import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** {@code vspec synthetic keys}: the config_keys of a synthetic catalog, one per line, without a database. */
@Command(name = "keys", mixinStandardHelpOptions = true,
        description = "Print the config_keys of the synthetic catalog, one per line (for benchmark scripts).")
final class KeysCommand implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Mixin
    CatalogOptions options = new CatalogOptions();

    @Override
    public void run() {
        SyntheticCatalog catalog = options.catalog(spec.commandLine(), 0);
        PrintWriter out = spec.commandLine().getOut();
        catalog.configKeys().forEach(out::println);
        out.flush();
    }
}
