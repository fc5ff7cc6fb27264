package dev.vspec.cli.stack;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vspec.cli.VspecCli;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** {@code vspec run} names what it can run when asked for anything else, before it starts anything. */
class RunCommandTest {

    @Test
    void anUnknownPartIsRefusedWithTheKnownOnes() {
        StringWriter err = new StringWriter();
        int exit = new CommandLine(new VspecCli()).setErr(new PrintWriter(err)).execute("run", "query-sides");

        assertThat(exit).isEqualTo(2);
        assertThat(err.toString())
                .contains("No part named 'query-sides' (known: kafka, command-side, projections, "
                        + "query-side, sandbox, gateway)");
    }

    @Test
    void theBrokerTakesNoSpringProperties() {
        StringWriter err = new StringWriter();
        int exit =
                new CommandLine(new VspecCli()).setErr(new PrintWriter(err)).execute("run", "kafka", "--server.port=1");

        assertThat(exit).isEqualTo(2);
        assertThat(err.toString()).contains("kafka takes no arguments but its options, not [--server.port=1]");
    }
}
