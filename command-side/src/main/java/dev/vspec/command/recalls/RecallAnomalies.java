package dev.vspec.command.recalls;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * What a recalls file holds that is not as NHTSA's dictionary describes, none of it fatal: a count per kind and the
 * first {@value #EXAMPLES_PER_KIND} examples of each (e.g. {@code line 17: YEARTXT 9999 (model year unknown)}), so
 * that the memory taken stays the same however large the file.
 */
public final class RecallAnomalies {

    public static final int EXAMPLES_PER_KIND = 20;

    public enum Kind {
        BLANK_LINE("blank lines"),
        WRONG_FIELD_COUNT("lines with another field count than the layout's (skipped, not given as rows)"),
        MODEL_YEAR_UNKNOWN("YEARTXT 9999, model year unknown"),
        MODEL_YEAR_INVALID("YEARTXT blank or not a year"),
        DATE_INVALID("dates not written YYYYMMDD (read as unknown)"),
        NUMBER_INVALID("POTAFF not a number (read as unknown)"),
        RECORD_TYPE_UNKNOWN("RCLTYPECD blank or not V, E, T, C, I or X"),
        ADVISORY_INVALID("DO_NOT_DRIVE or PARK_OUTSIDE other than Yes, No or blank (read as unknown)"),
        NOT_UTF8("lines not in UTF-8 (read as windows-1252)"),
        REPEATED_ROW("rows repeating an earlier row but for RECORD_ID (given as rows, marked repeated)");

        private final String description;

        Kind(String description) {
            this.description = description;
        }

        public String description() {
            return description;
        }
    }

    private final Map<Kind, Long> counts = new EnumMap<>(Kind.class);
    private final Map<Kind, List<String>> examples = new EnumMap<>(Kind.class);

    RecallAnomalies() {}

    void add(Kind kind, String place, String found) {
        counts.merge(kind, 1L, Long::sum);
        List<String> kept = examples.computeIfAbsent(kind, none -> new ArrayList<>());
        if (kept.size() < EXAMPLES_PER_KIND) {
            kept.add(place + ": " + found);
        }
    }

    public long count(Kind kind) {
        return counts.getOrDefault(kind, 0L);
    }

    /** The first examples of the kind, in file order. */
    public List<String> examples(Kind kind) {
        return List.copyOf(examples.getOrDefault(kind, List.of()));
    }

    public long total() {
        return counts.values().stream().mapToLong(Long::longValue).sum();
    }

    /** One line per kind found, its description and count, then its examples indented; a text to print as it is. */
    public String report() {
        if (counts.isEmpty()) {
            return "no anomalies\n";
        }
        StringBuilder report = new StringBuilder();
        counts.forEach((kind, count) -> {
            report.append(kind.description()).append(": ").append(count).append('\n');
            examples.get(kind)
                    .forEach(example -> report.append("  ").append(example).append('\n'));
        });
        return report.toString();
    }
}
