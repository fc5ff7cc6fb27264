package dev.vspec.cli.projections;

import com.zaxxer.hikari.HikariDataSource;
import dev.vspec.cli.console.DatabaseOptions;
import dev.vspec.cli.console.Messages;
import dev.vspec.projections.AllProjections;
import dev.vspec.projections.runtime.Projection;
import dev.vspec.projections.runtime.RebuildLock;
import dev.vspec.projections.runtime.ShadowRebuild;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.apache.kafka.common.KafkaException;
import org.springframework.dao.DataAccessException;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code vspec projections rebuild}: new read tables from the whole event log, swapped in while the service answers. */
@Command(
        name = "rebuild",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Rebuild projections' read tables from the event topic (offset 0), or from the event store,",
            "into copies that replace the live tables in one transaction: readers never see a half-built table,",
            "and the running projections go on from where the copies end. Killed, it leaves the live tables as",
            "they were; run it again."
        })
public final class RebuildCommand implements Callable<Integer> {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(arity = "0..*", paramLabel = "NAME", description = "Projections to rebuild (see --list).")
    List<String> names = List.of();

    @Option(names = "--all", description = "Rebuild every projection.")
    boolean all;

    @Option(names = "--list", description = "List the projections and exit.")
    boolean list;

    @Option(names = "--from-event-store", description = "Read the Axon event store instead of the topic.")
    boolean fromEventStore;

    @Mixin
    DatabaseOptions database = new DatabaseOptions();

    @Mixin
    EventTopic eventTopic = new EventTopic();

    @Option(
            names = "--batch",
            defaultValue = "" + ShadowRebuild.DEFAULT_BATCH,
            description = "Records read from the topic per transaction of each projection (default: ${DEFAULT-VALUE}).")
    int batch;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        List<Projection> projections = AllProjections.list();
        List<String> known = projections.stream().map(Projection::name).toList();
        if (list) {
            known.forEach(out::println);
            out.flush();
            return 0;
        }
        List<String> chosen = chosen(known);
        HikariDataSource dataSource;
        try {
            dataSource = database.connect("rebuild");
        } catch (RuntimeException e) {
            return Messages.fail(spec, database.cannotConnect(e));
        }
        ProgressBar progress = new ProgressBar(out, System.console() != null);
        ShadowRebuild.Outcome outcome;
        try (dataSource) {
            outcome = rebuild(new ShadowRebuild(dataSource, projections), chosen, progress, out);
        } catch (RebuildLock.RebuildRunning e) {
            return Messages.fail(spec, e.getMessage());
        } catch (DataAccessException e) {
            return Messages.fail(
                    spec, "The database failed: " + Messages.root(e) + ". The live tables are as they were.");
        } catch (KafkaException e) {
            return Messages.fail(
                    spec,
                    "Kafka at " + eventTopic.bootstrap() + " failed: " + Messages.root(e)
                            + ". The live tables are as they were.");
        } catch (IllegalStateException e) {
            return Messages.fail(spec, Messages.oneLine(e.getMessage()) + ". The live tables are as they were.");
        }
        progress.done();
        out.printf(
                Locale.ROOT,
                "Rebuilt %s: %,d events in %s (%,.0f events/s), indexed and swapped in %s.%n",
                String.join(", ", outcome.projections()),
                outcome.events(),
                ProgressBar.duration(outcome.build()),
                outcome.eventsPerSecond(),
                ProgressBar.duration(outcome.swap()));
        out.flush();
        return 0;
    }

    /** The projections the arguments name, every one for --all; refuses unknown names and a batch below one. */
    private List<String> chosen(List<String> known) {
        if (all == !names.isEmpty()) {
            throw new CommandLine.ParameterException(
                    spec.commandLine(),
                    "Name the projections to rebuild or say --all (known: " + String.join(", ", known) + ")");
        }
        for (String name : names) {
            if (!known.contains(name)) {
                throw new CommandLine.ParameterException(
                        spec.commandLine(),
                        "No projection named '" + name + "' (known: " + String.join(", ", known) + ")");
            }
        }
        if (batch < 1) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--batch must be positive");
        }
        return all ? known : names;
    }

    private ShadowRebuild.Outcome rebuild(
            ShadowRebuild rebuild, List<String> chosen, ProgressBar progress, PrintWriter out) {
        out.printf(
                Locale.ROOT,
                "Rebuilding %s from %s ...%n",
                String.join(", ", chosen),
                fromEventStore ? "the event store" : "topic " + eventTopic.name() + " at " + eventTopic.bootstrap());
        out.flush();
        return fromEventStore
                ? rebuild.fromEventStore(chosen, progress)
                : rebuild.fromTopic(chosen, eventTopic.bootstrap(), eventTopic.name(), batch, progress);
    }
}
