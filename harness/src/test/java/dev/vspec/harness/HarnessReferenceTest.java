package dev.vspec.harness;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vspec.cli.CommandReference;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;

/**
 * Every option of every harness command says what it is, and docs/testing.md, where the harness is described, names
 * it in that command's section ({@code ### `vspec-harness ...`}).
 */
class HarnessReferenceTest {

    /** Tests run in the module's directory; the repository is its parent. */
    private static final Path REFERENCE = Path.of("..", "docs", "testing.md");

    private final CommandSpec harness = new CommandLine(new Harness()).getCommandSpec();

    @Test
    void everyOptionOfEveryCommandSaysWhatItIs() {
        assertThat(CommandReference.undescribedOptions(harness)).isEmpty();
    }

    @Test
    void everyOptionOfEveryCommandIsInItsCommandsSection() throws IOException {
        assertThat(CommandReference.optionsMissingFrom(REFERENCE, harness))
                .as("options missing from their command's section (### `vspec-harness ...`) of %s", REFERENCE)
                .isEmpty();
    }
}
