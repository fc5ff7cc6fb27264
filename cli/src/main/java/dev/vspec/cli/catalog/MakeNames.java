package dev.vspec.cli.catalog;

import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/** The vPIC make names closest to one an operator typed: for "unknown make 'Hnda'; did you mean HONDA?". */
final class MakeNames {

    private static final int SUGGESTIONS = 5;

    private MakeNames() {}

    /** Up to five known names that contain the typed one, start alike or are within a few edits of it. */
    static List<String> closeTo(String typed, Set<String> known) {
        String wanted = typed.strip().toUpperCase(Locale.ROOT);
        int tolerance = Math.max(1, wanted.length() / 3);
        return known.stream()
                .filter(name -> name.contains(wanted)
                        || wanted.contains(name) && name.length() > 2
                        || name.startsWith(wanted.substring(0, Math.min(3, wanted.length())))
                        || distance(name, wanted) <= tolerance)
                .sorted(Comparator.comparingInt((String name) -> distance(name, wanted))
                        .thenComparing(name -> name))
                .limit(SUGGESTIONS)
                .toList();
    }

    /** Levenshtein distance. */
    static int distance(String a, String b) {
        int[] previous = new int[b.length() + 1];
        int[] current = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            previous[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            current[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int substitution = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                current[j] = Math.min(substitution, Math.min(previous[j], current[j - 1]) + 1);
            }
            int[] swap = previous;
            previous = current;
            current = swap;
        }
        return previous[b.length()];
    }
}
