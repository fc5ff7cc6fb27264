package dev.vspec.decoder;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The engine code of a decoded VIN: the engine part of a {@code config_key}. vPIC's Engine Model is
 * free text: manufacturer codes (K20C2, 2GR-FKS, L83), family labels (GTDI, TSI, EcoBoost) and
 * descriptions ("3.5L V6 Cyclone", "Series 60"). Its leading token is the engine code when it is a
 * manufacturer code: letters and digits, both present, with inner hyphens, at most 10 characters, and
 * not a generic designation (2BBL, 4V, V6). Otherwise the code is derived from displacement, cylinders
 * and fuel ({@code 2.0l-i4}, {@code 3.0l-v6-diesel}, {@code 745cc-v2}; {@code electric} for a battery-electric vehicle
 * without an engine) and marked {@code derived}. Without either, no engine code resolves.
 *
 * @param value   the code as written ({@code K20C2}, {@code 2.0l-i4})
 * @param derived whether vspec derived it instead of reading it from vPIC's Engine Model
 * @param basis   what it came from, for people
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record EngineCode(String value, boolean derived, String basis) {

    private static final Pattern MANUFACTURER_CODE = Pattern.compile("[A-Z0-9]+(-[A-Z0-9]+)*");
    private static final Pattern GENERIC =
            Pattern.compile("\\d+BBL|\\d+V|[VIWLH](2|3|4|5|6|8|10|12|16)|\\d+-?VALVE|\\d+[A-Z]?CYL");
    private static final Pattern TOKEN_END = Pattern.compile("[\\s(/,;+]+");
    private static final int MAX_CODE_LENGTH = 10;

    /**
     * The engine code, or null when none resolves.
     *
     * @param engineModel     vPIC's Engine Model, or null
     * @param displacementL   displacement in litres as vPIC writes it, or null
     * @param cylinders       number of cylinders, or null
     * @param configuration   vPIC's Engine Configuration (In-Line, V-Shaped, ...), or null
     * @param fuel            vPIC's primary fuel type, or null
     */
    static EngineCode resolve(
            String engineModel, String displacementL, Integer cylinders, String configuration, String fuel) {
        String code = manufacturerCode(engineModel);
        if (code != null) {
            return new EngineCode(code, false, "vPIC engine model '" + engineModel.strip() + "'");
        }
        String derived = derived(displacementL, cylinders, configuration, fuel);
        if (derived == null) {
            return null;
        }
        return new EngineCode(
                derived,
                true,
                "derived from vPIC's displacement, cylinders and fuel"
                        + (engineModel == null
                                ? ""
                                : " (engine model '" + engineModel.strip() + "' is not a manufacturer code)"));
    }

    /**
     * The engine code of a VIN vPIC gives no engine data for, from the one engine the EPA's fuel-economy entries of
     * its model list: derived as from vPIC's data ({@code 2.0l-4cyl}, with vPIC's engine configuration where it
     * decodes one), its basis naming the entries.
     *
     * @param fuel {@code gasoline}, {@code diesel} or {@code electric}
     * @return null when the entries give no displacement and cylinders of an engine that burns fuel
     */
    public static EngineCode fromEpa(
            BigDecimal displacementL, Integer cylinders, String configuration, String fuel, List<Integer> epaIds) {
        String derived = derived(
                displacementL == null ? null : displacementL.toPlainString(),
                cylinders,
                configuration,
                fuel.equals("gasoline") ? null : fuel);
        if (derived == null) {
            return null;
        }
        return new EngineCode(
                derived,
                true,
                "derived from the EPA's fuel-economy entries of this model, which list this engine alone (EPA id "
                        + epaIds.stream().map(String::valueOf).collect(Collectors.joining(", "))
                        + "); vPIC gives no engine data for the VIN");
    }

    /** The leading token of an Engine Model text when it is a manufacturer code, else null. */
    static String manufacturerCode(String engineModel) {
        if (engineModel == null || engineModel.isBlank()) {
            return null;
        }
        String token = TOKEN_END.split(engineModel.strip(), 2)[0].toUpperCase(Locale.ROOT);
        while (token.endsWith("-")) {
            token = token.substring(0, token.length() - 1);
        }
        boolean letters = token.chars().anyMatch(Character::isLetter);
        boolean digits = token.chars().anyMatch(Character::isDigit);
        if (!letters
                || !digits
                || token.length() < 2
                || token.length() > MAX_CODE_LENGTH
                || !MANUFACTURER_CODE.matcher(token).matches()
                || GENERIC.matcher(token).matches()) {
            return null;
        }
        return token;
    }

    /** {@code 2.0l-i4}, {@code 3.0l-v6-diesel}, {@code 1.6l-4cyl}, {@code 745cc-v2}; {@code electric}; or null. */
    static String derived(String displacementL, Integer cylinders, String configuration, String fuel) {
        String fuelText = fuel == null ? "" : fuel.toLowerCase(Locale.ROOT);
        BigDecimal litres = litres(displacementL);
        if (litres == null || cylinders == null || cylinders <= 0) {
            boolean electricOnly =
                    fuelText.startsWith("electric") && litres == null && (cylinders == null || cylinders == 0);
            return electricOnly ? "electric" : null;
        }
        String layout = layout(configuration);
        // under a litre (motorcycles, small engines) the size reads in cubic centimetres: 745cc, not 0.7l
        String size = litres.compareTo(BigDecimal.ONE) < 0
                ? litres.movePointRight(3).setScale(0, RoundingMode.HALF_UP).toPlainString() + "cc"
                : litres.setScale(1, RoundingMode.HALF_UP).toPlainString() + "l";
        StringBuilder code =
                new StringBuilder(size).append('-').append(layout == null ? cylinders + "cyl" : layout + cylinders);
        String suffix = fuelSuffix(fuelText);
        if (suffix != null) {
            code.append('-').append(suffix);
        }
        return code.toString();
    }

    private static BigDecimal litres(String displacementL) {
        if (displacementL == null) {
            return null;
        }
        try {
            BigDecimal value = new BigDecimal(displacementL.strip());
            return value.signum() > 0 ? value : null;
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static String layout(String configuration) {
        if (configuration == null) {
            return null;
        }
        String text = configuration.toLowerCase(Locale.ROOT);
        if (text.startsWith("in-line") || text.startsWith("inline")) {
            return "i";
        }
        if (text.startsWith("v-shaped") || text.startsWith("v ")) {
            return "v";
        }
        if (text.startsWith("horizontally opposed") || text.contains("boxer")) {
            return "h";
        }
        if (text.startsWith("w-shaped")) {
            return "w";
        }
        if (text.startsWith("rotary")) {
            return "r";
        }
        return null;
    }

    /** Gasoline needs no suffix: it is what a designation without one means. */
    private static String fuelSuffix(String fuel) {
        if (fuel.isEmpty() || fuel.startsWith("gasoline")) {
            return null;
        }
        if (fuel.startsWith("diesel")) {
            return "diesel";
        }
        if (fuel.contains("compressed natural gas")) {
            return "cng";
        }
        if (fuel.contains("liquefied petroleum") || fuel.contains("propane")) {
            return "lpg";
        }
        if (fuel.startsWith("flexible") || fuel.startsWith("ethanol")) {
            return "flex";
        }
        if (fuel.startsWith("hydrogen")) {
            return "hydrogen";
        }
        return null;
    }
}
