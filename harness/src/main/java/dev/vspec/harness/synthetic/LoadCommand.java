package dev.vspec.harness.synthetic;

import com.zaxxer.hikari.HikariDataSource;
import dev.vspec.cli.console.DatabaseOptions;
import dev.vspec.cli.console.Messages;
import dev.vspec.cli.projections.EventTopic;
import dev.vspec.cli.stack.CatchUp;
import dev.vspec.cli.stack.StackException;
import dev.vspec.cli.vpic.CliLog;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.springframework.dao.DataAccessException;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code vspec-harness synthetic load}: appends the synthetic catalog to the event store of a database
 * (the running stack's relay and projections take it from there), and optionally waits until the
 * read tables hold it.
 */
@Command(
        name = "load",
        mixinStandardHelpOptions = true,
        description = "Append the synthetic catalog to vspec's event store, as the command side would store it."
                + " The running stack (vspec up) publishes it and builds the read tables. Loading the same catalog"
                + " again stores nothing; a load that stopped half-way continues where it stopped.")
final class LoadCommand implements Callable<Integer> {

    private static final Duration REPORT_EVERY = Duration.ofSeconds(2);

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Mixin
    CatalogOptions options = new CatalogOptions();

    @Option(
            names = "--vins",
            defaultValue = "0",
            description = "VINs, spread over the configurations (default: ${DEFAULT-VALUE}).")
    long vins;

    @Option(
            names = "--wait",
            description =
                    "Then wait until the relay has published everything (to --topic on --kafka-bootstrap) and every projection has applied it.")
    boolean waitForProjections;

    @Option(
            names = "--wait-minutes",
            defaultValue = "60",
            description = "Give up waiting after this long (default: ${DEFAULT-VALUE}).")
    int waitMinutes;

    @Option(
            names = "--batch-events",
            defaultValue = "" + SyntheticCatalogLoader.DEFAULT_BATCH_EVENTS,
            description = "Events per transaction (default: ${DEFAULT-VALUE}).")
    int batchEvents;

    @Mixin
    DatabaseOptions database = new DatabaseOptions();

    @Mixin
    EventTopic eventTopic = new EventTopic();

    @Override
    public Integer call() {
        SyntheticCatalog catalog = options.catalog(spec.commandLine(), vins);
        if (batchEvents < 1) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--batch-events must be positive");
        }
        CliLog.toFile("synthetic.log");
        PrintWriter out = spec.commandLine().getOut();
        HikariDataSource dataSource;
        try {
            dataSource = database.connect("synthetic");
        } catch (RuntimeException e) {
            return Messages.fail(spec, database.cannotConnect(e));
        }
        try (dataSource) {
            out.printf(Locale.ROOT, "Loading the %s into %s ...%n", catalog, database.url());
            out.flush();
            LoadProgress done =
                    new SyntheticCatalogLoader(dataSource, batchEvents).load(catalog, new Reporter(out)::report);
            out.printf(
                    Locale.ROOT,
                    "Loaded in %.1f s: %,d aggregates stored, %,d already there; %,d events at %,.0f events/s.%n",
                    seconds(done.elapsed()),
                    done.aggregatesStored(),
                    done.aggregatesSkipped(),
                    done.eventsStored(),
                    done.eventsPerSecond());
            out.flush();
            if (waitForProjections) {
                new CatchUp(dataSource, eventTopic.bootstrap(), eventTopic.name(), out)
                        .await(Duration.ofMinutes(waitMinutes));
            }
            return 0;
        } catch (SyntheticCatalogConflict | StackException | IllegalStateException e) {
            return Messages.fail(spec, e.getMessage());
        } catch (DataAccessException e) {
            return Messages.fail(spec, "The database failed: " + Messages.root(e));
        }
    }

    static double seconds(Duration duration) {
        return duration.toNanos() / 1e9;
    }

    /** One line every few seconds, and one at the end. */
    private static final class Reporter {
        private final PrintWriter out;
        private long lastNanos = System.nanoTime();

        Reporter(PrintWriter out) {
            this.out = out;
        }

        void report(LoadProgress progress) {
            long now = System.nanoTime();
            boolean last = progress.aggregatesDone() == progress.aggregates();
            if (!last && now - lastNanos < REPORT_EVERY.toNanos()) {
                return;
            }
            lastNanos = now;
            out.printf(
                    Locale.ROOT,
                    "  %5.1f %%  %,d of %,d aggregates (%,d already there)  %,d events  %,.0f events/s%n",
                    100.0 * progress.aggregatesDone() / Math.max(1, progress.aggregates()),
                    progress.aggregatesDone(),
                    progress.aggregates(),
                    progress.aggregatesSkipped(),
                    progress.eventsStored(),
                    progress.eventsPerSecond());
            out.flush();
        }
    }
}
