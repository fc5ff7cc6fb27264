package dev.vspec.harness.faults;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * A fault drill's figures and the promises it found broken: statuses per fault window, the topic
 * against the event store, enrichment jobs, limits, and the read tables against clean rebuilds.
 */
record Report(
        String topology,
        List<String> windows,
        Map<String, Map<String, Long>> statuses,
        TopicAudit.Outcome topic,
        EnrichmentFigures enrichment,
        LimitAudit.Outcome limits,
        RebuildAudit.Outcome tables,
        List<String> problems,
        long problemCount) {

    /** Answers every window may see: the load's own successes and client errors. */
    private static final Set<String> ALWAYS = Set.of("2xx", "3xx", "4xx", "429");
    /** What a fault may add: the gateway's 502 and a 503 that says when to retry. */
    private static final Set<String> DURING_FAULTS = Set.of("502", "503");
    /** While the gateway itself is down, clients cannot connect to it at all. */
    private static final Set<String> GATEWAY_DOWN = Set.of("refused", "no answer", "cut off");

    /** Jobs answered 202 and how they ended. */
    record EnrichmentFigures(
            int sent,
            int jobs,
            int keys,
            long completed,
            Map<String, Long> failedByReason,
            long unfinished,
            long quotaRefused,
            long unanswered) {}

    List<String> violations() {
        List<String> violations = new ArrayList<>();
        for (String window : windows) {
            Map<String, Long> byCategory = statuses.getOrDefault(window, Map.of());
            if (byCategory.values().stream().mapToLong(Long::longValue).sum() == 0) {
                violations.add(window + ": no answers at all; the load did not run through it");
            }
            byCategory.forEach((category, count) -> {
                if (!allowed(window, category)) {
                    violations.add(window + ": " + count + " × " + category);
                }
            });
        }
        if (problemCount > 0) {
            violations.add(problemCount + " wrong answers or broken promises (listed above)");
        }
        if (enrichment.jobs() == 0) {
            violations.add("no enrichment was answered 202; the drill tested none");
        }
        violations.addAll(topic.violations());
        violations.addAll(limits.violations());
        violations.addAll(tables.violations());
        return violations;
    }

    private static boolean allowed(String window, String category) {
        return ALWAYS.contains(category)
                || (!window.equals(Timeline.STEADY) && DURING_FAULTS.contains(category))
                || (window.contains("gateway") && GATEWAY_DOWN.contains(category));
    }

    void print(PrintWriter out) {
        out.println();
        out.println("Fault drill: " + topology);
        printStatuses(out);
        printFigures(out);
        printTables(out);
        if (!problems.isEmpty()) {
            out.println("Wrong answers and broken promises"
                    + (problemCount > problems.size() ? " (first " + problems.size() + " of " + problemCount + ")" : "")
                    + ":");
            problems.forEach(problem -> out.println("  " + problem));
        }
        List<String> violations = violations();
        out.println(violations.isEmpty() ? "No violations." : "VIOLATIONS:");
        violations.forEach(violation -> out.println("  " + violation));
        out.flush();
    }

    /** The answers of each window by category, a column each. */
    private void printStatuses(PrintWriter out) {
        Set<String> categories = new LinkedHashSet<>(List.of("2xx", "3xx", "4xx", "429", "502", "503"));
        statuses.values().forEach(byCategory -> categories.addAll(byCategory.keySet()));
        StringBuilder header = new StringBuilder(String.format(Locale.ROOT, "%-40s", "Answers by window"));
        categories.forEach(category -> header.append(String.format(Locale.ROOT, " %8s", shortName(category))));
        out.println(header);
        for (String window : windows) {
            StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "%-40s", window));
            categories.forEach(category -> line.append(String.format(
                    Locale.ROOT, " %8d", statuses.getOrDefault(window, Map.of()).getOrDefault(category, 0L))));
            out.println(line);
        }
        if (categories.contains("503 without Retry-After")) {
            out.println("  (503-RA: 503 without Retry-After)");
        }
    }

    /** The topic's, the enrichments' and the limits' lines. */
    private void printFigures(PrintWriter out) {
        out.printf(
                Locale.ROOT,
                "Events: %,d stored (published language), %,d records on %d partitions: %,d duplicates, "
                        + "%,d missing, %,d unknown, %,d misplaced, %,d out of order%n",
                topic.stored(),
                topic.records(),
                topic.partitions(),
                topic.duplicates(),
                topic.missing(),
                topic.unknown(),
                topic.misplaced(),
                topic.outOfOrder());
        out.printf(
                Locale.ROOT,
                "Enrichments: %d requested with %d keys, %d answered 202: %d completed, failed %s, %d unfinished; "
                        + "%d refused 429 quota_exceeded, %d never answered through the retries%n",
                enrichment.sent(),
                enrichment.keys(),
                enrichment.jobs(),
                enrichment.completed(),
                enrichment.failedByReason().isEmpty()
                        ? "0"
                        : enrichment.failedByReason().toString(),
                enrichment.unfinished(),
                enrichment.quotaRefused(),
                enrichment.unanswered());
        out.printf(
                Locale.ROOT,
                "Limits: free key at most %d admitted in a minute window (limit %d, %d windows); "
                        + "at most %d jobs answered to a key, %d scheduled for a key in a day (limit %d)%n",
                limits.mostAdmittedInAMinute(),
                LimitAudit.PER_MINUTE,
                limits.minutes(),
                limits.mostJobsAnsweredToAKey(),
                limits.mostScheduledForAKeyADay(),
                LimitAudit.RUNS_PER_DAY);
    }

    private void printTables(PrintWriter out) {
        out.println("Read tables against clean rebuilds (from the topic / from the event store):");
        tables.live()
                .forEach((table, checksum) -> out.printf(
                        Locale.ROOT,
                        "  %-32s %-28s %s / %s%n",
                        table,
                        checksum,
                        checksum.equals(tables.fromTopic().get(table)) ? "equal" : "DIFFERS",
                        checksum.equals(tables.fromStore().get(table)) ? "equal" : "DIFFERS"));
    }

    private static String shortName(String category) {
        return category.equals("503 without Retry-After") ? "503-RA" : category;
    }
}
