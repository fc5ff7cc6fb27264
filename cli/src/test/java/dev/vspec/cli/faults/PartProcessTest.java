package dev.vspec.cli.faults;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vspec.cli.VspecCli;
import org.junit.jupiter.api.Test;

class PartProcessTest {

    @Test
    void startsItsPartsWithTheCliEntryPoint() {
        assertThat(PartProcess.MAIN_CLASS).isEqualTo(VspecCli.class.getName());
    }
}
