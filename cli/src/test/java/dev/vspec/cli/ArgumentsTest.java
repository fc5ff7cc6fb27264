package dev.vspec.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** What {@code main} builds for its arguments: the command they name, as it reads in the whole tree, or every command. */
class ArgumentsTest {

    private final CommandLine whole = new CommandLine(new VspecCli());

    @Test
    void aNamedCommandIsBuiltAloneAndReadsAsInTheWholeTree() {
        assertThat(whole.getSubcommands()).hasSizeGreaterThan(5);
        whole.getSubcommands().forEach((name, command) -> {
            CommandLine alone = VspecCli.forArguments(name, "--help");

            assertThat(alone.getSubcommands().keySet()).containsExactly(name);
            assertSameUsage(command, alone.getSubcommands().get(name));
        });
    }

    @Test
    void withoutACommandNameEveryCommandIsThere() {
        for (String[] args : new String[][] {{}, {"--help"}, {"-V"}, {"kyes", "list"}}) {
            assertThat(VspecCli.forArguments(args).getSubcommands().keySet())
                    .as(String.join(" ", args))
                    .containsExactlyElementsOf(whole.getSubcommands().keySet());
        }
    }

    /** Usage of the command and of each command under it, with the full names that name the parent. */
    private static void assertSameUsage(CommandLine expected, CommandLine actual) {
        assertThat(actual.getUsageMessage()).isEqualTo(expected.getUsageMessage());
        assertThat(actual.getCommandSpec().qualifiedName())
                .isEqualTo(expected.getCommandSpec().qualifiedName());
        Map<String, CommandLine> subcommands = expected.getSubcommands();
        assertThat(actual.getSubcommands().keySet()).containsExactlyElementsOf(subcommands.keySet());
        subcommands.forEach(
                (name, sub) -> assertSameUsage(sub, actual.getSubcommands().get(name)));
    }
}
