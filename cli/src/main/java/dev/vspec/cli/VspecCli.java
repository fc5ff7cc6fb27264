package dev.vspec.cli;

import dev.vspec.cli.stack.UpCommand;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The operator CLI. */
@Command(name = "vspec", mixinStandardHelpOptions = true, version = "vspec 0.1.0",
        description = "Operate vspec, the self-hostable vehicle specification service.",
        subcommands = {UpCommand.class})
public final class VspecCli implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    public static void main(String[] args) {
        System.setProperty("axoniq.update-checker.disabled", "true");
        int exit = new CommandLine(new VspecCli()).execute(args);
        if (exit != 0) {
            System.exit(exit);
        }
    }
}
