package dev.vspec.harness;

import dev.vspec.cli.VspecCli;
import dev.vspec.harness.bench.BenchCommand;
import dev.vspec.harness.faults.FaultsCommand;
import dev.vspec.harness.synthetic.SyntheticCommand;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The test harness: the synthetic catalog, the benchmarks and the fault drill, which bench/*.sh and
 * tools/faults.sh run through tools/harness.sh. Kept out of the operator CLI and the image.
 */
@Command(
        name = "vspec-harness",
        mixinStandardHelpOptions = true,
        version = "vspec-harness 0.1.0",
        description = "vspec's test harness: the synthetic catalog, the benchmarks and the fault drill "
                + "(bench/*.sh and tools/faults.sh run it).",
        subcommands = {SyntheticCommand.class, BenchCommand.class, FaultsCommand.class})
public final class Harness implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    public static void main(String[] args) {
        VspecCli.execute(new CommandLine(new Harness()), args);
    }
}
