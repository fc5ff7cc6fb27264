package dev.vspec.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** Every command's help explains every option it lists. */
class HelpTest {

    private final CommandLine vspec = new CommandLine(new VspecCli());

    @Test
    void everyOptionOfEveryCommandSaysWhatItIs() {
        assertThat(CommandReference.undescribedOptions(vspec.getCommandSpec())).isEmpty();
    }

    /** The fault drill, the synthetic catalog and the benchmarks are the test harness's (module harness). */
    @Test
    void offersOperatorsNoTestHarness() {
        assertThat(vspec.getSubcommands()).doesNotContainKeys("faults", "synthetic", "bench");
    }
}
