package dev.vspec.harness.bench;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code vspec-harness bench}: benchmarks that start what they measure themselves. */
@Command(
        name = "bench",
        mixinStandardHelpOptions = true,
        description = "Benchmarks that start their own local stack and print ratios measured in one run.",
        subcommands = {
            EnrichmentLatencyCommand.class,
            RebuildBenchCommand.class,
            DecodeBenchCommand.class,
            CatalogImportBenchCommand.class,
            RecallImportBenchCommand.class
        })
public final class BenchCommand implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(
                spec.commandLine(), "Name a benchmark: enrichment, rebuild, decode or catalog-import");
    }
}
