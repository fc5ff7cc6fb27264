package dev.vspec.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * docs/configuration.md names every {@code VSPEC_*} variable the main code reads, and every option of every CLI
 * command in that command's section, so that a setting added without its documentation fails the build.
 */
class ConfigurationReferenceTest {

    /** Tests run in the module's directory; the repository is its parent. */
    private static final Path ROOT = Path.of("..");

    private static final Path REFERENCE = ROOT.resolve("docs/configuration.md");
    /** What the main code reads besides the modules' src/main: the launcher and the container files. */
    private static final List<String> ROOT_FILES = List.of("vspec", "Dockerfile", "docker-compose.yml");

    private static final Pattern VARIABLE = Pattern.compile("VSPEC_[A-Z0-9_]+");

    @Test
    void everyVariableTheCodeReadsIsInTheReference() throws IOException {
        String reference = Files.readString(REFERENCE);
        Set<String> variables = variablesInMainCode();

        List<String> missing = variables.stream()
                .filter(name -> !CommandReference.mentions(reference, name))
                .toList();

        assertThat(variables).isNotEmpty();
        assertThat(missing)
                .as("VSPEC_* variables the code reads that %s does not name", REFERENCE)
                .isEmpty();
    }

    @Test
    void everyOptionOfEveryCommandIsInItsCommandsSection() throws IOException {
        List<String> missing =
                CommandReference.optionsMissingFrom(REFERENCE, new CommandLine(new VspecCli()).getCommandSpec());

        assertThat(missing)
                .as("options missing from their command's section (### `vspec ...`) of %s", REFERENCE)
                .isEmpty();
    }

    private static Set<String> variablesInMainCode() throws IOException {
        Set<String> names = new TreeSet<>();
        try (Stream<Path> modules = Files.list(ROOT)) {
            modules.map(module -> module.resolve("src/main"))
                    .filter(Files::isDirectory)
                    .flatMap(ConfigurationReferenceTest::files)
                    .forEach(file -> names.addAll(variablesIn(file)));
        }
        ROOT_FILES.forEach(file -> names.addAll(variablesIn(ROOT.resolve(file))));
        return names;
    }

    private static Stream<Path> files(Path tree) {
        try (Stream<Path> paths = Files.walk(tree)) {
            return paths.filter(Files::isRegularFile).toList().stream();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Read byte for byte (ISO-8859-1), so that a binary resource cannot fail the scan. */
    private static Set<String> variablesIn(Path file) {
        Set<String> names = new TreeSet<>();
        try {
            Matcher found = VARIABLE.matcher(Files.readString(file, StandardCharsets.ISO_8859_1));
            while (found.find()) {
                names.add(found.group());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return names;
    }
}
