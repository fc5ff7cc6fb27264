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
        String keys = DecodePass.keysOf(vin);
        Integer year = years.other() == null ? years.year() : null;
        Map<Integer, List<DecodingItem>> certain = new HashMap<>();
        Map<Integer, List<DecodingItem>> possible = new HashMap<>();
        TreeSet<Integer> modelYears = new TreeSet<>();
        for (SchemaLink link : wmi.links()) {
            if (year != null
                    ? !link.covers(year)
                    : years.year() != null && !link.covers(years.year()) && !link.covers(years.other())) {
                continue;
            }
            Schema schema = link.schema();
            boolean matchedModel = false;
            for (int k = 0; k < schema.keys().length; k++) {
                PatternKey key = schema.keys()[k];
                boolean sure = key.matches(keys);
                if (!sure && !key.mayMatch(keys)) {
                    continue;
                }
                for (int p = schema.start()[k]; p < schema.start()[k + 1]; p++) {
                    int elementId = index.patternElement(p);
                    Element element = index.element(elementId);
                    if (Element.NOT_FROM_PATTERNS.contains(elementId)
                            || element == null
                            || element.decode() == null
                            || element.isPrivate()
                            || schema.toBeQced()) {
                        continue;
                    }
                    String value;
                    if (key.isFormula()) {
                        value = key.formulaSpan(keys);
                        if (value.indexOf('*') >= 0) {
                            continue;
                        }
                    } else {
                        value = null;
                    }
                    DecodingItem item = DecodingItem.ofPattern(
                            index,
                            p,
                            key,
                            schema,
                            value,
                            key.isFormula() ? Source.FORMULA : Source.PATTERN,
                            key.isFormula() ? 100 : link.yearFrom());
                    (sure ? certain : possible)
                            .computeIfAbsent(elementId, e -> new ArrayList<>())
                            .add(item);
                    matchedModel |= elementId == Element.MODEL;
                }
            }
            if (year == null && matchedModel) {
                int last = Math.min(
                        link.yearTo() == null ? currentYear + ModelYears.YEARS_AHEAD : link.yearTo(),
                        currentYear + ModelYears.YEARS_AHEAD);
                for (int y = Math.max(link.yearFrom(), 1980); y <= last; y++) {
                    if (years.year() == null || y == years.year() || y == years.other()) {
                        modelYears.add(y);
                    }
                }
            }
        }

        PartialFields fields = new PartialFields();
        Set<Integer> elements = new TreeSet<>(certain.keySet());
        elements.addAll(possible.keySet());
        String model = null;
        List<String> modelCandidates = new ArrayList<>();
        for (int elementId : elements) {
            Element element = index.element(elementId);
            DecodingItem best = null;
            for (DecodingItem item : certain.getOrDefault(elementId, List.of())) {
                if (best == null || DecodingItem.RANKING.compare(item, best) < 0) {
                    best = item;
                }
            }
            Set<String> values = new LinkedHashSet<>();
            if (best != null) {
                values.add(best.text(index));
            }
            for (DecodingItem item : possible.getOrDefault(elementId, List.of())) {
                if (best == null || DecodingItem.RANKING.compare(item, best) < 0) {
                    values.add(item.text(index));
                }
            }
            values.remove(null);
            if (values.isEmpty()) {
                continue;
            }
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
                    possible.getOrDefault(elementId, List.of())
                            .forEach(item -> modelCandidates.add(item.attributeId()));
                    certain.getOrDefault(elementId, List.of()).forEach(item -> modelCandidates.add(item.attributeId()));
                }
            }
        }
        addMake(wmi, model, modelCandidates, fields);
        Integer modelYear = year;
        if (modelYear != null) {
            fields.determine(index.element(Element.MODEL_YEAR), modelYear.toString());
        }
        return new PartialVinDecoding(
                vin,
                unknownPositions(vin),
                wmi.code(),
                wmi.manufacturer() == null ? null : wmi.manufacturer().toUpperCase(Locale.ROOT),
                wmi.vehicleType() == null ? null : wmi.vehicleType().toUpperCase(Locale.ROOT),
                modelYear,
                modelYear == null ? ranges(modelYears) : null,
                fields.determinedFields,
                fields.candidateFields,
                fields.truncatedFields,
                fields.determined,
                fields.candidates,
                fields.truncated,
                warnings(vin, years),
                index.release());
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
