package dev.vspec.cli.catalog;

import dev.vspec.cli.projections.ProgressBar;
import dev.vspec.command.catalog.CatalogCommandSide;
import dev.vspec.command.catalog.CatalogGroup;
import dev.vspec.command.catalog.FactChange;
import dev.vspec.command.catalog.ImportEntry;
import dev.vspec.command.catalog.ImportFiles;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import javax.sql.DataSource;

/**
 * Sends the entries of checked import files through the catalog's aggregates, one configuration as one unit
 * ({@link CatalogCommandSide#sendTogether}), with a progress bar, and counts what the aggregates answered per
 * group. Asked only ({@code --check}), each unit is rolled back: the same commands meet the same aggregates in the
 * same order, so the counts are those the import then has. A unit an aggregate refuses stores nothing; the others go
 * on.
 */
final class OperatorImport {

    private final PrintWriter out;
    private final boolean terminal;

    OperatorImport(PrintWriter out, boolean terminal) {
        this.out = out;
        this.terminal = terminal;
    }

    /** What the aggregates answered, per group, and the units they refused. */
    static final class Tally {

        private final Map<CatalogGroup, long[]> changes = new EnumMap<>(CatalogGroup.class);
        private final List<String> refusals = new ArrayList<>();
        private final Set<String> configurations = new HashSet<>();
        private Duration elapsed = Duration.ZERO;

        void count(String configKey, List<ImportEntry.Step> steps, List<FactChange> answers) {
            for (int i = 0; i < answers.size(); i++) {
                changes.computeIfAbsent(steps.get(i).group(), group -> new long[FactChange.values().length])[
                        answers.get(i).ordinal()]++;
            }
            configurations.add(configKey);
        }

        /** How many commands of {@code group} answered {@code change}. */
        long of(CatalogGroup group, FactChange change) {
            long[] counts = changes.get(group);
            return counts == null ? 0 : counts[change.ordinal()];
        }

        long recorded() {
            return total(FactChange.ADDED) + total(FactChange.CHANGED);
        }

        long total(FactChange change) {
            return changes.values().stream()
                    .mapToLong(counts -> counts[change.ordinal()])
                    .sum();
        }

        /** The configurations sent whole. */
        int configurations() {
            return configurations.size();
        }

        /** {@code fluids.csv: line 4: RecordFluids was refused: ...}, one per refused configuration. */
        List<String> refusals() {
            return refusals;
        }

        Duration elapsed() {
            return elapsed;
        }

        /** One line per group the import touched: added, changed, unchanged. */
        List<String> table() {
            List<String> lines = new ArrayList<>();
            lines.add(String.format(Locale.ROOT, "  %-18s %9s %9s %9s", "", "added", "changed", "unchanged"));
            changes.forEach((group, counts) -> lines.add(String.format(
                    Locale.ROOT,
                    "  %-18s %,9d %,9d %,9d",
                    group.groupName(),
                    counts[FactChange.ADDED.ordinal()],
                    counts[FactChange.CHANGED.ordinal()],
                    counts[FactChange.UNCHANGED.ordinal()])));
            return lines;
        }
    }

    /**
     * Sends every entry; {@code keep} false only asks.
     *
     * @throws RuntimeException the database's failure: the configurations before it are stored whole, the one it
     *                          met is not
     */
    Tally run(ImportFiles files, DataSource dataSource, boolean keep) {
        long started = System.nanoTime();
        Tally tally = new Tally();
        ProgressBar bar = new ProgressBar(out, terminal, "configurations");
        bar.step(
                keep ? "Importing through the catalog's aggregates" : "Asking the catalog's aggregates",
                files.entries());
        try (CatalogCommandSide commandSide = CatalogCommandSide.over(dataSource)) {
            int[] done = {0};
            files.forEachEntry(entry -> {
                send(commandSide, entry, keep, tally);
                bar.read(++done[0]);
            });
        }
        bar.done();
        tally.elapsed = Duration.ofNanos(System.nanoTime() - started);
        return tally;
    }

    private static void send(CatalogCommandSide commandSide, ImportEntry entry, boolean keep, Tally tally) {
        int given = entry.given().size();
        try {
            List<FactChange> answers = commandSide.sendTogether(entry.unit(), keep);
            tally.count(entry.configKey(), entry.steps(), answers.subList(given, answers.size()));
        } catch (CatalogCommandSide.Refused refused) {
            ImportEntry.Step step = entry.steps().get(Math.max(0, refused.index() - given));
            tally.refusals.add(
                    step.place() + ": " + refused.command().getClass().getSimpleName() + " was refused, so nothing of "
                            + entry.configKey() + " was recorded: " + refused.getMessage());
        }
    }
}
