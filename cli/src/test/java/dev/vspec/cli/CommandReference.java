package dev.vspec.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * A picocli command tree against the document that describes it: each command's options are in the section headed
 * by the command's full name in backticks ({@code ### `vspec up`}). For the CLI (docs/configuration.md) and the
 * test harness (docs/testing.md).
 */
public final class CommandReference {

    private static final Pattern COMMAND_HEADING = Pattern.compile("^#{2,6} `(vspec[^`]*)`\\s*$");
    private static final Set<String> STANDARD_OPTIONS = Set.of("-h", "--help", "-V", "--version");

    private CommandReference() {}

    /** The command and every command under it. */
    public static Stream<CommandSpec> commands(CommandSpec command) {
        return Stream.concat(
                Stream.of(command),
                command.subcommands().values().stream()
                        .map(CommandLine::getCommandSpec)
                        .distinct()
                        .flatMap(CommandReference::commands));
    }

    /** {@code <command> <option>} of each listed option whose help says nothing. */
    public static List<String> undescribedOptions(CommandSpec root) {
        List<String> undescribed = new ArrayList<>();
        commands(root).forEach(command -> {
            for (OptionSpec option : command.options()) {
                if (!option.hidden() && String.join("", option.description()).isBlank()) {
                    undescribed.add(command.qualifiedName() + " " + option.longestName());
                }
            }
        });
        return undescribed;
    }

    /** {@code <command> <option>} of each listed option that its command's section of {@code reference} omits. */
    public static List<String> optionsMissingFrom(Path reference, CommandSpec root) throws IOException {
        Map<String, String> sections = commandSections(Files.readAllLines(reference));
        List<String> missing = new ArrayList<>();
        commands(root).forEach(command -> {
            String section = sections.getOrDefault(command.qualifiedName(), "");
            optionNames(command)
                    .filter(name -> !mentions(section, name))
                    .forEach(name -> missing.add(command.qualifiedName() + " " + name));
        });
        return missing;
    }

    /** The name as a whole word: {@code --list} is not found in {@code --list-only}, nor a variable in a longer one. */
    public static boolean mentions(String text, String name) {
        return Pattern.compile("(?<![\\w-])" + Pattern.quote(name) + "(?![\\w-])")
                .matcher(text)
                .find();
    }

    /** Each command heading's text up to the next heading of any kind. */
    private static Map<String, String> commandSections(List<String> lines) {
        Map<String, String> sections = new HashMap<>();
        String command = null;
        StringBuilder text = new StringBuilder();
        for (String line : lines) {
            if (line.startsWith("#")) {
                if (command != null) {
                    sections.put(command, text.toString());
                }
                Matcher heading = COMMAND_HEADING.matcher(line);
                command = heading.matches() ? heading.group(1) : null;
                text.setLength(0);
            } else {
                text.append(line).append('\n');
            }
        }
        if (command != null) {
            sections.put(command, text.toString());
        }
        return sections;
    }

    private static Stream<String> optionNames(CommandSpec command) {
        return command.options().stream()
                .filter(option -> !option.hidden())
                .map(OptionSpec::names)
                .flatMap(Stream::of)
                .filter(name -> !STANDARD_OPTIONS.contains(name));
    }
}
