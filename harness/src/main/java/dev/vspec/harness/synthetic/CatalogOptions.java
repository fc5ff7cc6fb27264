package dev.vspec.harness.synthetic;

import picocli.CommandLine;
import picocli.CommandLine.Option;

/** The arguments that make a synthetic catalog; the same ones always make the same catalog. */
final class CatalogOptions {

    @Option(
            names = "--configurations",
            defaultValue = "100000",
            description = "Vehicle configurations (default: ${DEFAULT-VALUE}).")
    int configurations;

    @Option(names = "--seed", defaultValue = "42", description = "Seed (default: ${DEFAULT-VALUE}).")
    long seed;

    SyntheticCatalog catalog(CommandLine commandLine, long vins) {
        try {
            return new SyntheticCatalog(seed, configurations, vins);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(commandLine, e.getMessage());
        }
    }
}
