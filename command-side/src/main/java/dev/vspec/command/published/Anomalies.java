package dev.vspec.command.published;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * What a published file holds that its publisher's dictionary does not describe, none of it fatal: a count per kind
 * and the first {@value #EXAMPLES_PER_KIND} examples of each (e.g. {@code line 17: YEARTXT 9999 (model year
 * unknown)}), so that the memory taken stays the same however large the file.
 *
 * @param <K> the file's kinds of anomaly, each described for a report
 */
public class Anomalies<K extends Enum<K> & Anomalies.Described> {

    public static final int EXAMPLES_PER_KIND = 20;

    /** A kind of anomaly, as a report names it: {@code blank lines}. */
    public interface Described {
        String description();
    }

    private final Map<K, Long> counts;
    private final Map<K, List<String>> examples;

    protected Anomalies(Class<K> kinds) {
        this.counts = new EnumMap<>(kinds);
        this.examples = new EnumMap<>(kinds);
    }

    /** One more of the kind, at {@code place} ({@code line 17}), as {@code found} describes it. */
    public void add(K kind, String place, String found) {
        counts.merge(kind, 1L, Long::sum);
        List<String> kept = examples.computeIfAbsent(kind, none -> new ArrayList<>());
        if (kept.size() < EXAMPLES_PER_KIND) {
            kept.add(place + ": " + found);
        }
    }

    public long count(K kind) {
        return counts.getOrDefault(kind, 0L);
    }

    /** The first examples of the kind, in file order. */
    public List<String> examples(K kind) {
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
