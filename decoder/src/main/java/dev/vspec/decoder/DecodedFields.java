package dev.vspec.decoder;

import java.math.BigDecimal;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * vPIC's elements under the names and JSON types a decode answers them with: {@code body_class} for vPIC's
 * BodyClass, {@code cylinders} for EngineCylinders, numbers as numbers with the unit in the name
 * ({@code engine_displacement_l: 2.0}). An element the decode has no field for is named by its vPIC code in
 * snake_case (OtherRestraintSystemInfo is {@code other_restraint_system_info}).
 */
final class DecodedFields {

    /** The elements the full decode answers under a name other than their code's snake_case. */
    private static final Map<String, String> NAMES = Map.ofEntries(
            Map.entry("EngineCylinders", "cylinders"),
            Map.entry("DisplacementL", "engine_displacement_l"),
            Map.entry("DisplacementCC", "engine_displacement_cc"),
            Map.entry("DisplacementCI", "engine_displacement_ci"),
            Map.entry("FuelTypePrimary", "fuel_type"),
            Map.entry("ElectrificationLevel", "electrification"),
            Map.entry("BasePrice", "base_price_usd"));

    private static final Pattern WORD_START = Pattern.compile("(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])");

    private static final Pattern NOT_WORD = Pattern.compile("[^A-Za-z0-9]+");

    private DecodedFields() {}

    /** The decode's name for an element: {@code model_year}, {@code body_class}, {@code engine_displacement_l}. */
    static String nameOf(Element element) {
        String code = codeOf(element);
        String name = NAMES.get(code);
        return name != null ? name : snakeCase(code);
    }

    /** vPIC's variable code of an element (BodyClass), or its name where it has none. */
    static String codeOf(Element element) {
        return element.code() != null ? element.code() : element.name();
    }

    /**
     * An element's value as its vPIC data type says: a whole number for {@code int}, a decimal number for
     * {@code decimal}, else the text. A number vPIC writes otherwise ("TBD") is no number: null.
     */
    static Object valueOf(Element element, String text) {
        if (text == null) {
            return null;
        }
        return switch (element.dataType() == null ? "" : element.dataType()) {
            case "int" -> wholeNumber(text);
            case "decimal" -> number(text);
            default -> text;
        };
    }

    /** "2.0", "2.00" and "2" are 2.0; null for null or a text that is no number. */
    static Double number(String text) {
        if (text == null) {
            return null;
        }
        try {
            return new BigDecimal(text.strip()).doubleValue();
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static Integer wholeNumber(String text) {
        try {
            return Integer.valueOf(text.strip());
        } catch (NumberFormatException e) {
            return null;
        }
    }

    static String snakeCase(String code) {
        String words = WORD_START.matcher(code.strip()).replaceAll("_");
        return NOT_WORD.matcher(words).replaceAll("_").replaceAll("^_|_$", "").toLowerCase(Locale.ROOT);
    }
}
