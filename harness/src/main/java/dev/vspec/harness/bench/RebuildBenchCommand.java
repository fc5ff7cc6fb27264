package dev.vspec.harness.bench;

import com.zaxxer.hikari.HikariDataSource;
import dev.vspec.cli.console.DatabaseOptions;
import dev.vspec.cli.console.Messages;
import dev.vspec.cli.projections.EventTopic;
import dev.vspec.cli.projections.ProgressBar;
import dev.vspec.projections.AllProjections;
import dev.vspec.projections.runtime.EventTopicConsumer;
import dev.vspec.projections.runtime.Projection;
import dev.vspec.projections.runtime.ShadowRebuild;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicPartition;
import org.springframework.dao.DataAccessException;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * Rebuilds every projection of the stack's database from the topic, then loads the rows that rebuild
 * produced into empty copies of the same tables with PostgreSQL COPY, and prints both rates and
 * their ratio: how close replaying events comes to the fastest way PostgreSQL has of loading rows.
 */
@Command(
        name = "rebuild",
        mixinStandardHelpOptions = true,
        description = {
            "Rebuild all projections from the topic of a running stack (load the synthetic catalog first),",
            "then COPY the same rows into the same tables; print events/s of both and their ratio."
        })
public final class RebuildBenchCommand implements Callable<Integer> {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Mixin
    DatabaseOptions database = new DatabaseOptions();

    @Mixin
    EventTopic eventTopic = new EventTopic();

    @Option(
            names = "--target",
            defaultValue = "0.35",
            description = "The ratio the verdict compares with (default: ${DEFAULT-VALUE}).")
    double target;

    @Option(
            names = "--min-events",
            defaultValue = "1000000",
            description = "Refuse to measure a smaller topic (default: ${DEFAULT-VALUE}; load the catalog with"
                    + " tools/harness.sh synthetic load --configurations 100000 --vins 1000000 --wait).")
    long minEvents;

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        Path workDir = Files.createTempDirectory("vspec-bench-copy");
        try (HikariDataSource dataSource = database.connect("bench-rebuild")) {
            long onTopic = recordsOnTopic();
            if (onTopic < minEvents) {
                return Messages.fail(
                        spec,
                        String.format(
                                Locale.ROOT,
                                "The topic holds %,d records, fewer than %,d. Load the synthetic"
                                        + " catalog first: tools/harness.sh synthetic load --configurations 100000 --vins 1000000 --wait",
                                onTopic,
                                minEvents));
            }
            ShadowRebuild.Outcome rebuilt = rebuild(dataSource, onTopic, out);
            out.println("Loading the same rows with COPY ...");
            out.flush();
            CopyBaseline.Timing copied = CopyBaseline.measure(dataSource, AllProjections.tables(), workDir);
            print(rebuilt, copied, out);
            return 0;
        } catch (DataAccessException e) {
            return Messages.fail(spec, "The database failed: " + Messages.root(e));
        } catch (KafkaException e) {
            return Messages.fail(spec, "Kafka at " + eventTopic.bootstrap() + " failed: " + Messages.root(e));
        } catch (IllegalStateException e) {
            return Messages.fail(spec, Messages.oneLine(e.getMessage()));
        } finally {
            Files.deleteIfExists(workDir);
        }
    }

    /** Every projection rebuilt from the topic, as {@code vspec projections rebuild --all} does. */
    private ShadowRebuild.Outcome rebuild(HikariDataSource dataSource, long onTopic, PrintWriter out) {
        List<Projection> projections = AllProjections.list();
        List<String> names = projections.stream().map(Projection::name).toList();
        out.printf(
                Locale.ROOT,
                "Rebuilding %d projections from %s (%,d records) ...%n",
                names.size(),
                eventTopic.name(),
                onTopic);
        out.flush();
        return new ShadowRebuild(dataSource, projections)
                .fromTopic(
                        names,
                        eventTopic.bootstrap(),
                        eventTopic.name(),
                        ShadowRebuild.DEFAULT_BATCH,
                        new ProgressBar(out, false));
    }

    private void print(ShadowRebuild.Outcome rebuilt, CopyBaseline.Timing copied, PrintWriter out) {
        double rebuildSeconds = (rebuilt.build().plus(rebuilt.swap())).toNanos() / 1e9;
        double copySeconds = copied.took().toNanos() / 1e9;
        double ratio = copySeconds / rebuildSeconds;
        out.printf(
                Locale.ROOT,
                "%nrebuild from the topic : %,d events in %.1f s (building %.1f s, indexing and swapping %.1f s): %,.0f events/s%n",
                rebuilt.events(),
                rebuildSeconds,
                rebuilt.build().toNanos() / 1e9,
                rebuilt.swap().toNanos() / 1e9,
                rebuilt.events() / rebuildSeconds);
        out.printf(
                Locale.ROOT,
                "COPY of the same rows   : %,d rows (%,.0f MB) loaded and indexed in %.1f s: %,.0f events/s equivalent%n",
                copied.rows(),
                copied.bytes() / 1e6,
                copySeconds,
                rebuilt.events() / copySeconds);
        out.printf(
                Locale.ROOT,
                "ratio (rebuild rate / COPY rate = COPY time / rebuild time): %.3f, target at least %.2f: %s%n",
                ratio,
                target,
                ratio >= target ? "met" : "NOT met");
        out.flush();
    }

    /** The records on the topic now: its partitions' end offsets, summed. */
    private long recordsOnTopic() {
        try (KafkaConsumer<String, byte[]> consumer =
                EventTopicConsumer.open(eventTopic.bootstrap(), "vspec-rebuild-bench", ShadowRebuild.DEFAULT_BATCH)) {
            return consumer
                    .endOffsets(consumer.partitionsFor(eventTopic.name()).stream()
                            .map(p -> new TopicPartition(eventTopic.name(), p.partition()))
                            .toList())
                    .values()
                    .stream()
                    .mapToLong(Long::longValue)
                    .sum();
        }
    }
}
