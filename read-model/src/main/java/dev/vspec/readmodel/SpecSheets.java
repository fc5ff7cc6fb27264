package dev.vspec.readmodel;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * How sheets from several sources make one spec sheet: each fact (a section and name) shown from the source of
 * highest precedence that states it ({@link dev.vspec.contracts.catalog.FactSource#precedence()}: an operator's
 * file, a vendor, the EPA, vPIC), with all that source's lines of it; facts in the order they are first met.
 */
public final class SpecSheets {

    private SpecSheets() {}

    /** The merged sheet of these lines (of any sources, in the order given). */
    public static List<SpecView> merge(List<SpecView> lines) {
        Map<String, Integer> highest = new HashMap<>();
        for (SpecView line : lines) {
            highest.merge(line.fact(), line.rank(), Math::max);
        }
        Map<String, List<SpecView>> byFact = new LinkedHashMap<>();
        for (SpecView line : lines) {
            List<SpecView> shown = byFact.computeIfAbsent(line.fact(), fact -> new ArrayList<>());
            if (line.rank() == highest.get(line.fact())) {
                shown.add(line);
            }
        }
        List<SpecView> merged = new ArrayList<>(lines.size());
        byFact.values().forEach(merged::addAll);
        return merged;
    }

    /** The merge of sheets: the lines of each, sheets of higher precedence first. */
    public static List<SpecView> merge(List<SpecView> first, List<SpecView> second) {
        List<SpecView> lines = new ArrayList<>(first.size() + second.size());
        lines.addAll(first);
        lines.addAll(second);
        return merge(lines);
    }
}
