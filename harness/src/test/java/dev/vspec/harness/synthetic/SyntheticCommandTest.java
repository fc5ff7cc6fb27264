package dev.vspec.harness.synthetic;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vspec.harness.Harness;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class SyntheticCommandTest {

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    @Test
    void keysPrintsTheConfigKeysOfTheCatalogOnePerLine() {
        int exit = harness("synthetic", "keys", "--configurations", "12", "--seed", "7");

        assertThat(exit).isZero();
        assertThat(out.toString().lines())
                .containsExactlyElementsOf(
                        new SyntheticCatalog(7, 12, 0).configKeys().toList());
    }

    @Test
    void keysWithVinsPrintsTheVinsALoadOfThatManyLinks() {
        int exit = harness("synthetic", "keys", "--configurations", "12", "--seed", "7", "--vins", "30");

        assertThat(exit).isZero();
        SyntheticCatalog catalog = new SyntheticCatalog(7, 12, 30);
        assertThat(out.toString().lines())
                .hasSize(30)
                .doesNotHaveDuplicates()
                .containsExactlyElementsOf(catalog.aggregates()
                        .filter(a -> a.type().equals(SyntheticAggregate.VEHICLE))
                        .map(SyntheticAggregate::id)
                        .toList());
    }

    @Test
    void loadRefusesArgumentsThatMakeNoCatalog() {
        int exit = harness("synthetic", "load", "--configurations", "0", "--vins", "10");

        assertThat(exit).isEqualTo(2);
        assertThat(err.toString()).contains("VINs need at least one configuration to belong to");
    }

    @Test
    void loadExplainsADatabaseItCannotReachInOneLine() {
        int exit = harness(
                "synthetic", "load", "--configurations", "1", "--db-url", "jdbc:postgresql://127.0.0.1:9/vspec");

        assertThat(exit).isEqualTo(1);
        assertThat(err.toString())
                .startsWith("vspec: Cannot connect to jdbc:postgresql://127.0.0.1:9/vspec as user")
                .contains("Start the stack (vspec up)")
                .doesNotContain("\tat ");
    }

    private int harness(String... args) {
        return new CommandLine(new Harness())
                .setOut(new PrintWriter(out))
                .setErr(new PrintWriter(err))
                .execute(args);
    }
}
