package dev.vspec.decoder;

import dev.vspec.contracts.identity.VehicleNames;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.UnaryOperator;

/**
 * What a partial decode settles and leaves open, written twice: under the decode's field names and types
 * ({@link DecodedFields}; make and model shown by {@link VehicleNames}, vPIC's spelling beside them), and,
 * for the deprecated fields, under vPIC's variable codes as vPIC writes the values.
 */
final class PartialFields {

    private static final String MAKE = "Make";
    private static final String MODEL = "Model";

    final Map<String, Object> determinedFields = new TreeMap<>();
    final Map<String, List<Object>> candidateFields = new TreeMap<>();
    final List<String> truncatedFields = new ArrayList<>();
    final Map<String, String> determined = new TreeMap<>();
    final Map<String, List<String>> candidates = new TreeMap<>();
    final List<String> truncated = new ArrayList<>();

    /** The known positions settle the element's value. */
    void determine(Element element, String value) {
        String code = DecodedFields.codeOf(element);
        determined.put(code, value);
        switch (code) {
            case MAKE -> shownBeside("make", value, VehicleNames::make);
            case MODEL -> shownBeside("model", value, VehicleNames::model);
            default -> determinedFields.put(DecodedFields.nameOf(element), DecodedFields.valueOf(element, value));
        }
    }

    /** The values the element could still take (sorted, at most the limit), and whether it has more. */
    void leaveOpen(Element element, List<String> values, boolean more) {
        String code = DecodedFields.codeOf(element);
        String name = DecodedFields.nameOf(element);
        candidates.put(code, List.copyOf(values));
        if (more) {
            truncated.add(code);
            truncatedFields.add(name);
        }
        switch (code) {
            case MAKE -> openBeside("make", values, VehicleNames::make);
            case MODEL -> openBeside("model", values, VehicleNames::model);
            default ->
                candidateFields.put(
                        name,
                        values.stream()
                                .map(value -> DecodedFields.valueOf(element, value))
                                .filter(Objects::nonNull)
                                .distinct()
                                .toList());
        }
    }

    private void shownBeside(String field, String value, UnaryOperator<String> shown) {
        determinedFields.put(field, shown.apply(value));
        determinedFields.put("vpic_" + field, value);
    }

    private void openBeside(String field, List<String> values, UnaryOperator<String> shown) {
        Set<Object> shownValues = new LinkedHashSet<>();
        values.forEach(value -> shownValues.add(shown.apply(value)));
        candidateFields.put(field, List.copyOf(shownValues));
        candidateFields.put("vpic_" + field, List.copyOf(values));
    }
}
