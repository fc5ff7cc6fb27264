package dev.vspec.harness.faults;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code vspec-harness faults}: the fault drill (tools/faults.sh runs it). */
@Command(
        name = "faults",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = "Runs vspec as production runs it, as separate processes (command sides, projections consumers, "
                + "query sides, the gateway), on a PostgreSQL cluster and a Kafka broker of its own, under steady read and "
                + "enrichment load; kills each deployable's instances in turn with SIGKILL and starts them again, then crashes "
                + "PostgreSQL and the broker. Afterwards it checks that every stored event reached the topic once and in order, "
                + "every enrichment answered 202 ended with a reason, the limits held, the read tables equal clean rebuilds, "
                + "and clients saw no 500 and no wrong answer, only 502/503 during the faults. Prints the figures; exits 1 on "
                + "any violation. Needs PostgreSQL's server binaries (/usr/lib/postgresql/<version>/bin).")
public final class FaultsCommand implements Callable<Integer> {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(names = "--brief", description = "The suite's short form: one instance of each, fewer faults, less load.")
    boolean brief;

    @Option(
            names = "--kill",
            split = ",",
            paramLabel = "KIND",
            description =
                    "Deployables killed in turn, every instance of each (default: query-side,projections,command-side,gateway).")
    List<String> killed;

    @Option(
            names = "--steady",
            paramLabel = "SECONDS",
            description = "Load without faults between faults (default: 15; 3 with --brief).")
    Integer steadySeconds;

    @Option(
            names = "--work",
            defaultValue = "${java.io.tmpdir}",
            description = "Where the drill makes its directory (database, broker, logs) (default: ${DEFAULT-VALUE}).")
    Path work;

    @Option(names = "--keep", description = "Keep the drill's directory also when nothing failed.")
    boolean keep;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        DrillSettings settings = brief ? DrillSettings.brief(work) : DrillSettings.full(work);
        if (killed != null) {
            for (String kind : killed) {
                if (!DrillSettings.KILLABLE.contains(kind)) {
                    throw new CommandLine.ParameterException(
                            spec.commandLine(), "--kill takes " + DrillSettings.KILLABLE + ", not " + kind);
                }
            }
            settings = settings.withKilled(killed);
        }
        if (steadySeconds != null) {
            settings = settings.withSteady(Duration.ofSeconds(steadySeconds));
        }
        Report report = Drill.run(settings, keep, out);
        report.print(out);
        return report.violations().isEmpty() ? 0 : 1;
    }
}
