package dev.vspec.cli;

import dev.vspec.cli.access.AccessRequestsCommand;
import dev.vspec.cli.access.ApiKeysCommand;
import dev.vspec.cli.catalog.CatalogCommand;
import dev.vspec.cli.console.Messages;
import dev.vspec.cli.projections.ProjectionsCommand;
import dev.vspec.cli.recalls.RecallsCommand;
import dev.vspec.cli.stack.RunCommand;
import dev.vspec.cli.stack.StackException;
import dev.vspec.cli.stack.UpCommand;
import dev.vspec.cli.vpic.VpicCommand;
import java.util.Arrays;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;

/** The operator CLI. */
@Command(
        name = "vspec",
        mixinStandardHelpOptions = true,
        version = "vspec 0.1.0",
        description = "Operate vspec, the self-hostable vehicle specification service.",
        subcommands = {
            UpCommand.class,
            RunCommand.class,
            CatalogCommand.class,
            RecallsCommand.class,
            ApiKeysCommand.class,
            AccessRequestsCommand.class,
            ProjectionsCommand.class,
            VpicCommand.class
        })
public final class VspecCli implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    /**
     * The commands {@code args} can reach: only the command they name, when they name one, as reading
     * every command's options takes picocli about half a second; otherwise all of them (help, a typo).
     */
    public static CommandLine forArguments(String... args) {
        if (args.length > 0) {
            for (Class<?> command : VspecCli.class.getAnnotation(Command.class).subcommands()) {
                Command named = command.getAnnotation(Command.class);
                if (named.name().equals(args[0])
                        || Arrays.asList(named.aliases()).contains(args[0])) {
                    CommandSpec root =
                            CommandSpec.wrapWithoutInspection(new VspecCli()).name("vspec");
                    return new CommandLine(root).addSubcommand(new CommandLine(command));
                }
            }
        }
        return new CommandLine(new VspecCli());
    }

    /** An operator's problem (no database, port taken, ...) is a message and exit code 1, not a stack trace. */
    private static int explain(Exception e, CommandLine command, CommandLine.ParseResult parsed) throws Exception {
        if (e instanceof StackException) {
            return Messages.fail(command.getCommandSpec(), e.getMessage());
        }
        throw e;
    }

    public static void main(String[] args) {
        execute(forArguments(args), args);
    }

    /** Runs {@code args} on {@code command} as the CLI does (the test harness too), then exits with its code. */
    public static void execute(CommandLine command, String... args) {
        System.setProperty("axoniq.update-checker.disabled", "true");
        int exit = command.setExecutionExceptionHandler(VspecCli::explain).execute(args);
        // A command that ran a stack in this JVM leaves non-daemon threads behind (Axon's janitor).
        System.exit(exit);
    }
}
