package dev.vspec.decoder;

import dev.vspec.contracts.identity.Vin;
import dev.vspec.decoder.DecodingItem.Source;
import dev.vspec.decoder.VpicIndex.Schema;
import dev.vspec.decoder.VpicIndex.SchemaLink;
import dev.vspec.decoder.VpicIndex.Wmi;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Decodes a partial VIN: one with unknown positions ({@code *}) or fewer than 17 characters. A pattern
 * whose key matches the known positions and has {@code *} wherever a position is unknown certainly
 * applies; one that matches the known positions but fixes an unknown one may apply. An element is
 * determined when the best of its certain values (by spVinDecode's ranking) outranks every other value that
 * may apply; otherwise the values that could still win are its candidates.
 */
final class PartialDecoder {

    static final int MAX_CANDIDATES = 50;

    private final VpicIndex index;

    PartialDecoder(VpicIndex index) {
        this.index = index;
    }

    /**
     * A partial VIN as 17 characters, {@code *} for each unknown one.
     *
     * @param partial up to 17 characters from 0-9 and A-Z (not I, O, Q), {@code *} for an unknown one; fewer
     *                than 17 leave the rest unknown. Positions 1-3 (and 12-14 when position 3 is 9) must be known.
     * @throws IllegalArgumentException with a message for the caller, when the text is no partial VIN
     */
    static String padded(String partial) {
        String text = partial.toUpperCase(Locale.ROOT);
        if (text.length() < 3 || text.length() > Vin.LENGTH) {
            throw new IllegalArgumentException("A partial VIN has 3 to 17 characters; got " + text.length());
        }
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            boolean allowed =
                    c == '*' || (c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z' && c != 'I' && c != 'O' && c != 'Q');
            if (!allowed) {
                throw new IllegalArgumentException("A partial VIN uses 0-9, A-Z except I, O and Q, and * for an unknown"
                        + " position; position " + (i + 1) + (c == ' ' ? " is a space" : " is '" + c + "'"));
            }
        }
        if (text.length() == Vin.LENGTH && text.indexOf('*') < 0) {
            throw new IllegalArgumentException("This is a whole VIN, not a partial one: pass it as vin=");
        }
        String vin = (text + "*****************").substring(0, Vin.LENGTH);
        String wmiCode = VinDecoder.wmiOf(vin);
        if (wmiCode.indexOf('*') >= 0) {
            throw new IllegalArgumentException(
                    "Positions 1-3" + (vin.charAt(2) == '9' ? " and 12-14 (position 3 is 9)" : "")
                            + " name the manufacturer and must be known; got " + wmiCode);
        }
        return vin;
    }

    /**
     * @param vin 17 characters, {@code *} for each unknown one ({@link #padded})
     * @param wmi the WMI as vPIC holds it (positions 1-3, and 12-14 where position 3 is 9, are known)
     */
    PartialVinDecoding decode(String vin, Wmi wmi, int currentYear) {
        ModelYears.Reading years = ModelYears.read(vin, wmi, currentYear);
        Integer year = years.other() == null ? years.year() : null;
        Matches matches = match(vin, wmi, years, year, currentYear);
        PartialFields fields = new PartialFields();
        ModelIds models = decideElements(matches, fields);
        addMake(wmi, models.determined(), models.candidates(), fields);
        if (year != null) {
            fields.determine(index.element(Element.MODEL_YEAR), year.toString());
        }
        return new PartialVinDecoding(
                vin,
                unknownPositions(vin),
                wmi.code(),
                wmi.manufacturer() == null ? null : wmi.manufacturer().toUpperCase(Locale.ROOT),
                wmi.vehicleType() == null ? null : wmi.vehicleType().toUpperCase(Locale.ROOT),
                year,
                year == null ? ranges(matches.modelYears) : null,
                fields.determinedFields,
                fields.candidateFields,
                fields.truncatedFields,
                fields.determined,
                fields.candidates,
                fields.truncated,
                warnings(vin, years),
                index.release());
    }

    /** Per element, the items whose keys certainly or possibly apply; and the model years of the matched models. */
    private static final class Matches {
        final Map<Integer, List<DecodingItem>> certain = new HashMap<>();
        final Map<Integer, List<DecodingItem>> possible = new HashMap<>();
        final TreeSet<Integer> modelYears = new TreeSet<>();
    }

    /** The model's vPIC id when the known positions determine it, else the ids it could still be. */
    private record ModelIds(String determined, List<String> candidates) {}

    /**
     * @param year the model year when position 10 settles it, else null ({@code years} then says what it may be)
     */
    private Matches match(String vin, Wmi wmi, ModelYears.Reading years, Integer year, int currentYear) {
        String keys = DecodePass.keysOf(vin);
        Matches matches = new Matches();
        for (SchemaLink link : wmi.links()) {
            if (year != null
                    ? !link.covers(year)
                    : years.year() != null && !link.covers(years.year()) && !link.covers(years.other())) {
                continue;
            }
            boolean matchedModel = matchSchema(link, keys, matches);
            if (year == null && matchedModel) {
                addModelYears(link, years, currentYear, matches.modelYears);
            }
        }
        return matches;
    }

    /** Adds the items of the link's schema whose keys match or may match; answers whether one names the model. */
    private boolean matchSchema(SchemaLink link, String keys, Matches matches) {
        Schema schema = link.schema();
        boolean matchedModel = false;
        for (int k = 0; k < schema.keys().length; k++) {
            PatternKey key = schema.keys()[k];
            boolean sure = key.matches(keys);
            if (!sure && !key.mayMatch(keys)) {
                continue;
            }
            for (int p = schema.start()[k]; p < schema.start()[k + 1]; p++) {
                DecodingItem item = item(link, key, p, keys);
                if (item != null) {
                    (sure ? matches.certain : matches.possible)
                            .computeIfAbsent(item.elementId(), e -> new ArrayList<>())
                            .add(item);
                    matchedModel |= item.elementId() == Element.MODEL;
                }
            }
        }
        return matchedModel;
    }

    /** What pattern {@code p} gives; null when its element is not decoded from patterns or a formula needs an unknown position. */
    private DecodingItem item(SchemaLink link, PatternKey key, int p, String keys) {
        int elementId = index.patternElement(p);
        Element element = index.element(elementId);
        Schema schema = link.schema();
        if (Element.NOT_FROM_PATTERNS.contains(elementId)
                || element == null
                || element.decode() == null
                || element.isPrivate()
                || schema.toBeQced()) {
            return null;
        }
        String value = null;
        if (key.isFormula()) {
            value = key.formulaSpan(keys);
            if (value.indexOf('*') >= 0) {
                return null;
            }
        }
        return DecodingItem.ofPattern(
                index,
                p,
                key,
                schema,
                value,
                key.isFormula() ? Source.FORMULA : Source.PATTERN,
                key.isFormula() ? 100 : link.yearFrom());
    }

    /** The years the link covers (up to a few ahead of now) that position 10 allows. */
    private static void addModelYears(
            SchemaLink link, ModelYears.Reading years, int currentYear, TreeSet<Integer> modelYears) {
        int last = Math.min(
                link.yearTo() == null ? currentYear + ModelYears.YEARS_AHEAD : link.yearTo(),
                currentYear + ModelYears.YEARS_AHEAD);
        for (int y = Math.max(link.yearFrom(), 1980); y <= last; y++) {
            if (years.year() == null || y == years.year() || y == years.other()) {
                modelYears.add(y);
            }
        }
    }

    /** Each element determined, or left open with its candidates; answers what that says of the model. */
    private ModelIds decideElements(Matches matches, PartialFields fields) {
        Set<Integer> elements = new TreeSet<>(matches.certain.keySet());
        elements.addAll(matches.possible.keySet());
        String model = null;
        List<String> modelCandidates = new ArrayList<>();
        for (int elementId : elements) {
            List<DecodingItem> certain = matches.certain.getOrDefault(elementId, List.of());
            List<DecodingItem> possible = matches.possible.getOrDefault(elementId, List.of());
            DecodingItem best = best(certain);
            Set<String> values = valuesThatMayWin(best, possible);
            if (values.isEmpty()) {
                continue;
            }
            Element element = index.element(elementId);
            if (best != null && values.size() == 1) {
                fields.determine(element, values.iterator().next());
                if (elementId == Element.MODEL) {
                    model = best.attributeId();
                }
            } else {
                List<String> sorted = new ArrayList<>(new TreeSet<>(values));
                fields.leaveOpen(
                        element,
                        sorted.subList(0, Math.min(sorted.size(), MAX_CANDIDATES)),
                        sorted.size() > MAX_CANDIDATES);
                if (elementId == Element.MODEL) {
                    possible.forEach(item -> modelCandidates.add(item.attributeId()));
                    certain.forEach(item -> modelCandidates.add(item.attributeId()));
                }
            }
        }
        return new ModelIds(model, modelCandidates);
    }

    /** The best of the certain items by spVinDecode's ranking; null when there is none. */
    private static DecodingItem best(List<DecodingItem> certain) {
        DecodingItem best = null;
        for (DecodingItem item : certain) {
            if (best == null || DecodingItem.RANKING.compare(item, best) < 0) {
                best = item;
            }
        }
        return best;
    }

    /** The best certain value, and each possible one that would outrank it. */
    private Set<String> valuesThatMayWin(DecodingItem best, List<DecodingItem> possible) {
        Set<String> values = new LinkedHashSet<>();
        if (best != null) {
            values.add(best.text(index));
        }
        for (DecodingItem item : possible) {
            if (best == null || DecodingItem.RANKING.compare(item, best) < 0) {
                values.add(item.text(index));
            }
        }
        values.remove(null);
        return values;
    }

    /** That the decode is partial, and what position 10 leaves open. */
    private static List<DecodeWarning> warnings(String vin, ModelYears.Reading years) {
        List<DecodeWarning> warnings = new ArrayList<>();
        warnings.add(DecodeWarning.of(
                NhtsaCode.INCOMPLETE_VIN,
                "What the known positions determine is shown; the"
                        + " candidates are the values the unknown positions could still give"));
        if (vin.charAt(9) != '*' && years.year() == null) {
            warnings.add(DecodeWarning.of(NhtsaCode.INCORRECT_MODEL_YEAR, "Position 10 is '" + vin.charAt(9) + "'"));
        }
        if (years.other() != null) {
            warnings.add(new DecodeWarning(
                    DecodeWarning.AMBIGUOUS_MODEL_YEAR,
                    null,
                    "Position 10 '" + vin.charAt(9)
                            + "' may mean " + years.year() + " or " + years.other() + ": the position-7 rule"
                            + (vin.charAt(6) == '*'
                                    ? " needs position 7, which is unknown"
                                    : " covers passenger cars, MPVs and" + " light trucks only")));
        }
        return warnings;
    }

    private void addMake(Wmi wmi, String model, List<String> modelCandidates, PartialFields fields) {
        Set<String> makes = new TreeSet<>();
        if (model != null) {
            makesOf(model, makes);
        } else if (!modelCandidates.isEmpty()) {
            modelCandidates.forEach(candidate -> makesOf(candidate, makes));
        }
        if (makes.isEmpty() && wmi.makes().size() == 1) {
            makes.add(wmi.makes().get(0).toUpperCase(Locale.ROOT));
        }
        if (makes.size() == 1
                && (model != null || modelCandidates.isEmpty() || wmi.makes().size() == 1)) {
            fields.determine(index.element(Element.MAKE), makes.iterator().next());
        } else if (!makes.isEmpty()) {
            fields.leaveOpen(index.element(Element.MAKE), List.copyOf(makes), false);
        }
    }

    private void makesOf(String modelId, Set<String> makes) {
        try {
            for (int make : index.makesOfModel(Integer.parseInt(modelId.strip()))) {
                String name = index.makeName(make);
                if (name != null) {
                    makes.add(name.toUpperCase(Locale.ROOT));
                }
            }
        } catch (NumberFormatException ignored) {
            // a model attribute that is no id names no make
        }
    }

    private static List<Integer> unknownPositions(String vin) {
        List<Integer> unknown = new ArrayList<>();
        for (int i = 0; i < vin.length(); i++) {
            if (vin.charAt(i) == '*') {
                unknown.add(i + 1);
            }
        }
        return List.copyOf(unknown);
    }

    /** 2003, 2004, 2005, 2008 as "2003-2005", "2008". */
    static List<String> ranges(TreeSet<Integer> years) {
        List<String> ranges = new ArrayList<>();
        Integer start = null;
        Integer previous = null;
        for (int year : years) {
            if (start == null) {
                start = year;
            } else if (year != previous + 1) {
                ranges.add(start.equals(previous) ? start.toString() : start + "-" + previous);
                start = year;
            }
            previous = year;
        }
        if (start != null) {
            ranges.add(start.equals(previous) ? start.toString() : start + "-" + previous);
        }
        return List.copyOf(ranges);
    }
}
