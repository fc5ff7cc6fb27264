package dev.vspec.cli.catalog;

import static dev.vspec.storage.jooq.read.Tables.CONFIGURATION;
import static dev.vspec.storage.jooq.read.Tables.SPECS_DOCUMENT;

import dev.vspec.contracts.epa.EpaEntry;
import dev.vspec.contracts.epa.EpaMatching;
import dev.vspec.contracts.recalls.RecallMatching;
import dev.vspec.readmodel.EpaSubjects;
import dev.vspec.readmodel.GroupDocument;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import org.jooq.DSLContext;
import org.jooq.Record;

/**
 * How an EPA file's entries meet the configurations the catalog holds, by the rule answers use ({@link EpaMatching}):
 * how many configurations one entry, several or none matched, and which entries matched no configuration.
 */
final class EpaMatchReport {

    private final Map<EpaMatching.Outcome, List<String>> configurations = new EnumMap<>(EpaMatching.Outcome.class);
    private final Map<Integer, EpaEntry> unmatched = new LinkedHashMap<>();

    private EpaMatchReport(List<EpaEntry> entries) {
        for (EpaMatching.Outcome outcome : EpaMatching.Outcome.values()) {
            configurations.put(outcome, new ArrayList<>());
        }
        entries.forEach(entry -> unmatched.put(entry.epaId(), entry));
    }

    /** Matches every configuration of the entries' model years the read tables hold. */
    static EpaMatchReport of(DSLContext db, List<EpaEntry> entries) {
        EpaMatchReport report = new EpaMatchReport(entries);
        Map<String, List<EpaEntry>> byYearAndMake = new HashMap<>();
        entries.forEach(entry -> byYearAndMake
                .computeIfAbsent(
                        yearAndMake(entry.vehicle().year(), entry.vehicle().make()), key -> new ArrayList<>())
                .add(entry));
        List<Integer> years =
                entries.stream().map(entry -> entry.vehicle().year()).distinct().toList();
        try (var rows = db.select(
                        CONFIGURATION.CONFIG_KEY,
                        CONFIGURATION.YEAR,
                        CONFIGURATION.MAKE,
                        CONFIGURATION.MODEL,
                        CONFIGURATION.TRIM,
                        CONFIGURATION.ENGINE_CODE,
                        CONFIGURATION.DRIVETRAIN,
                        SPECS_DOCUMENT.BODY)
                .from(CONFIGURATION)
                .leftJoin(SPECS_DOCUMENT)
                .on(SPECS_DOCUMENT.CONFIG_KEY.eq(CONFIGURATION.CONFIG_KEY))
                .where(CONFIGURATION.YEAR.in(years))
                .orderBy(CONFIGURATION.CONFIG_KEY)
                .fetchSize(1_000)
                .fetchLazy()) {
            for (Record row : rows) {
                List<EpaEntry> candidates = byYearAndMake.getOrDefault(
                        yearAndMake(row.get(CONFIGURATION.YEAR), row.get(CONFIGURATION.MAKE)), List.of());
                report.add(
                        row,
                        EpaMatching.match(
                                EpaSubjects.of(
                                        row.get(CONFIGURATION.YEAR),
                                        row.get(CONFIGURATION.MAKE),
                                        row.get(CONFIGURATION.MODEL),
                                        row.get(CONFIGURATION.TRIM),
                                        row.get(CONFIGURATION.ENGINE_CODE),
                                        row.get(CONFIGURATION.DRIVETRAIN),
                                        GroupDocument.SPECS.parse(row.get(SPECS_DOCUMENT.BODY))),
                                candidates));
            }
        }
        return report;
    }

    private void add(Record row, EpaMatching.Match match) {
        String configKey = row.get(CONFIGURATION.CONFIG_KEY);
        configurations
                .get(match.outcome())
                .add(
                        match.entries().isEmpty()
                                ? configKey
                                : configKey + " (EPA id "
                                        + match.entries().stream()
                                                .map(entry -> Integer.toString(entry.epaId()))
                                                .collect(Collectors.joining(", "))
                                        + ")");
        match.entries().forEach(entry -> unmatched.remove(entry.epaId()));
    }

    private static String yearAndMake(int year, String make) {
        return year + "\t" + RecallMatching.makeKey(make);
    }

    /** Prints the counts, and the configurations and entries that did not match one-to-one: {@code named} of each. */
    void print(PrintWriter out, int entries, long named) {
        out.printf(
                Locale.ROOT,
                "Configurations of these model years matched: %,d by one EPA entry, %,d by several (their specs show"
                        + " the facts those agree on), %,d by none.%n",
                configurations.get(EpaMatching.Outcome.ONE).size(),
                configurations.get(EpaMatching.Outcome.SEVERAL).size(),
                configurations.get(EpaMatching.Outcome.NONE).size());
        list(out, "Matched by several", configurations.get(EpaMatching.Outcome.SEVERAL), named);
        list(out, "Matched by none", configurations.get(EpaMatching.Outcome.NONE), named);
        out.printf(Locale.ROOT, "EPA entries matching no configuration: %,d of %,d.%n", unmatched.size(), entries);
        list(
                out,
                "Unmatched entries",
                unmatched.values().stream()
                        .map(entry -> "EPA id " + entry.epaId() + ": "
                                + entry.vehicle().year() + " " + entry.vehicle().make() + " "
                                + entry.vehicle().model())
                        .toList(),
                named);
    }

    private static void list(PrintWriter out, String title, List<String> items, long named) {
        if (items.isEmpty()) {
            return;
        }
        out.printf(
                Locale.ROOT,
                "  %s%s:%n",
                title,
                items.size() > named ? " (the first " + named + " of " + items.size() + "; --report lists all)" : "");
        items.stream().limit(named).forEach(item -> out.println("    " + item));
    }
}
