package dev.vspec.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/** Every command's help explains every option it lists. */
class HelpTest {

    @Test
    void everyOptionOfEveryCommandSaysWhatItIs() {
        List<String> undescribed = new ArrayList<>();
        commands(new CommandLine(new VspecCli()).getCommandSpec()).forEach(command -> {
            for (OptionSpec option : command.options()) {
                if (!option.hidden() && String.join("", option.description()).isBlank()) {
                    undescribed.add(command.qualifiedName() + " " + option.longestName());
                }
            }
        });

        assertThat(undescribed).isEmpty();
    }

    /** The command and every command under it. */
    static Stream<CommandSpec> commands(CommandSpec command) {
        return Stream.concat(
                Stream.of(command),
                command.subcommands().values().stream()
                        .map(CommandLine::getCommandSpec)
                        .distinct()
                        .flatMap(HelpTest::commands));
    }
}
