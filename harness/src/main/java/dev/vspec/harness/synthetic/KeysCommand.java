package dev.vspec.harness.synthetic;

import java.io.PrintWriter;
import java.util.stream.LongStream;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code vspec-harness synthetic keys}: the config_keys of a synthetic catalog, or with {@code --vins} its first VINs, one
 * per line, without a database.
 */
@Command(
        name = "keys",
        mixinStandardHelpOptions = true,
        description = "Print the config_keys of the synthetic catalog, one per line (for benchmark scripts).")
final class KeysCommand implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Mixin
    CatalogOptions options = new CatalogOptions();

    @Option(
            names = "--vins",
            paramLabel = "N",
            defaultValue = "0",
            description = "Print the catalog's first N VINs instead (those `load --vins N` links).")
    long vins;

    @Override
    public void run() {
        SyntheticCatalog catalog = options.catalog(spec.commandLine(), vins);
        PrintWriter out = spec.commandLine().getOut();
        if (vins > 0) {
            LongStream.range(0, vins).mapToObj(catalog::vin).forEach(out::println);
        } else {
            catalog.configKeys().forEach(out::println);
        }
        out.flush();
    }
}
