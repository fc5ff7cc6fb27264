package dev.vspec.harness.synthetic;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code vspec-harness synthetic}: the large made-up catalog that tests and benchmarks load. */
@Command(
        name = "synthetic",
        mixinStandardHelpOptions = true,
        description = "A deterministic synthetic catalog (make 'Synthetic', WMI SYN) for load tests and benchmarks.",
        subcommands = {LoadCommand.class, KeysCommand.class})
public final class SyntheticCommand implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }
}
