package dev.vspec.projections.runtime;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Rebuilds projections while the service keeps answering from the old tables. The projections' own
 * handlers fill copies of their tables ({@link ShadowCopies}) from the event topic or from the event
 * store ({@link RebuildSource}). Then one transaction swaps the copies in: it locks the projections'
 * stored offsets, which makes the running projection consumers wait, applies to the copies whatever
 * those consumers had applied beyond what the copies hold, and replaces the tables. Readers wait on
 * the swap for a moment and then see complete new tables; the consumers go on from their offsets.
 *
 * <p>Only one rebuild runs at a time on a database ({@link RebuildLock}). A rebuild that is killed
 * leaves the live tables untouched; the next one drops its leftovers and starts again.
 */
public final class ShadowRebuild {

    /** Records per poll of the topic by default: each is one transaction per projection and partition. */
    public static final int DEFAULT_BATCH = 5_000;

    private static final Logger log = LoggerFactory.getLogger(ShadowRebuild.class);

    private final DataSource dataSource;
    private final List<Projection> all;

    public ShadowRebuild(DataSource dataSource, List<Projection> all) {
        this.dataSource = dataSource;
        this.all = List.copyOf(all);
    }

    /** Rebuilds from the topic, read from each partition's first offset, {@code batch} records per poll. */
    public Outcome fromTopic(
            Collection<String> names, String bootstrapServers, String topic, int batch, RebuildProgress progress) {
        List<Projection> chosen = choose(names);
        try (TopicSource source = new TopicSource(bootstrapServers, topic, batch)) {
            return rebuild(chosen, source, progress);
        }
    }

    /** Rebuilds from the event store (the published events, in global order). */
    public Outcome fromEventStore(Collection<String> names, RebuildProgress progress) {
        return rebuild(choose(names), new EventStoreSource(), progress);
    }

    private Outcome rebuild(List<Projection> chosen, RebuildSource source, RebuildProgress progress) {
        try (RebuildLock lock = RebuildLock.take(dataSource)) {
            long started = System.nanoTime();
            ShadowCopies copies = new ShadowCopies(dataSource, chosen, lock.workers());
            long total = source.open(copies);
            copies.create();
            progress.step(source.description(), total);
            long events = source.fill(copies, progress);
            long built = System.nanoTime();

            progress.step("Indexing the new tables", -1);
            copies.index();

            progress.step("Swapping the new tables in", -1);
            long late = copies.swapIn(() -> source.catchUp(copies, progress));
            long swapped = System.nanoTime();
            copies.drop();

            Outcome outcome = new Outcome(
                    chosen.stream().map(Projection::name).toList(),
                    events + late,
                    late,
                    Duration.ofNanos(built - started),
                    Duration.ofNanos(swapped - built));
            log.info(
                    "Rebuilt projections {}: {} events ({} while swapping), built in {}, indexed and swapped in {}",
                    outcome.projections(),
                    outcome.events(),
                    late,
                    outcome.build(),
                    outcome.swap());
            return outcome;
        }
    }

    private List<Projection> choose(Collection<String> names) {
        List<String> known = all.stream().map(Projection::name).toList();
        List<Projection> chosen = new ArrayList<>();
        for (String name : names.stream().distinct().toList()) {
            chosen.add(all.stream()
                    .filter(projection -> projection.name().equals(name))
                    .findFirst()
                    .orElseThrow(
                            () -> new IllegalArgumentException("no projection named '" + name + "'; known: " + known)));
        }
        if (chosen.isEmpty()) {
            throw new IllegalArgumentException("name at least one projection; known: " + known);
        }
        return chosen;
    }

    /**
     * What a rebuild did.
     *
     * @param events how many events it read, {@code late} of them while swapping
     * @param build  reading and applying the events
     * @param swap   indexing the copies and swapping them in
     */
    public record Outcome(List<String> projections, long events, long late, Duration build, Duration swap) {

        public double eventsPerSecond() {
            return events / Math.max(1e-9, (build.plus(swap)).toNanos() / 1e9);
        }
    }
}
