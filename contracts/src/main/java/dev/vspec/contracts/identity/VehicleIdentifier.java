package dev.vspec.contracts.identity;

import dev.vspec.contracts.error.ApiException;
import dev.vspec.contracts.error.ErrorCode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.stream.Collectors;

/** The one identifier mode a read request names: a VIN, a year/make/model[/trim], or a config_key. */
public sealed interface VehicleIdentifier {

    int MIN_YEAR = 1886;
    int MAX_YEAR = 2100;

    record ByVin(Vin vin) implements VehicleIdentifier {}

    /** Make, model and trim are kept as sent; {@link #normalize} gives the form matching uses. */
    record ByYearMakeModel(int year, String make, String model, String trim) implements VehicleIdentifier {
        public boolean hasTrim() {
            return trim != null;
        }
    }

    /**
     * A config_key as the caller sent it: any text up to {@link ConfigKey#MAX_LENGTH} characters. One that is
     * not {@link ConfigKey#isWellFormed well formed} names no configuration (404, like any unknown key).
     */
    record ByConfigKey(String configKey) implements VehicleIdentifier {}

    /** The query parameters of the three modes, in the order a refusal names them. */
    List<String> PARAMETERS = List.of(Vin.PARAM, "year", "make", "model", "trim", "config_key");

    /**
     * Reads the identifier from request parameters. Exactly one complete mode must be present;
     * blank parameters count as absent.
     */
    static VehicleIdentifier from(Function<String, String> parameters) {
        String vin = present(parameters.apply(Vin.PARAM));
        String configKey = present(parameters.apply("config_key"));
        String year = present(parameters.apply("year"));
        String make = present(parameters.apply("make"));
        String model = present(parameters.apply("model"));
        String trim = present(parameters.apply("trim"));

        List<String> modes = new ArrayList<>();
        if (vin != null) {
            modes.add(Vin.PARAM);
        }
        if (year != null || make != null || model != null || trim != null) {
            modes.add("year+make+model");
        }
        if (configKey != null) {
            modes.add("config_key");
        }
        requireOneMode(modes, parameters);
        if (vin != null) {
            return new ByVin(Vin.parse(vin));
        }
        if (configKey != null) {
            return byConfigKey(configKey);
        }
        return byYearMakeModel(year, make, model, trim);
    }

    private static void requireOneMode(List<String> modes, Function<String, String> parameters) {
        if (modes.isEmpty()) {
            throw new ApiException(ErrorCode.MISSING_PARAM, ErrorCode.MISSING_PARAM.defaultMessage());
        }
        if (modes.size() > 1) {
            // the error record names every identifier parameter sent, comma-separated
            String sent = PARAMETERS.stream()
                    .filter(name -> present(parameters.apply(name)) != null)
                    .collect(Collectors.joining(","));
            throw ApiException.about(
                    sent,
                    ErrorCode.MISSING_PARAM,
                    "Send exactly one identifier mode; this request names " + String.join(" and ", modes));
        }
    }

    private static ByConfigKey byConfigKey(String configKey) {
        if (configKey.length() > ConfigKey.MAX_LENGTH) {
            throw ApiException.about(
                    "config_key",
                    ErrorCode.INVALID_PARAM,
                    "config_key is at most " + ConfigKey.MAX_LENGTH + " characters; got " + configKey.length());
        }
        return new ByConfigKey(configKey);
    }

    private static ByYearMakeModel byYearMakeModel(String year, String make, String model, String trim) {
        List<String> missing = new ArrayList<>();
        if (year == null) {
            missing.add("year");
        }
        if (make == null) {
            missing.add("make");
        }
        if (model == null) {
            missing.add("model");
        }
        if (!missing.isEmpty()) {
            throw ApiException.about(
                    missing.get(0),
                    ErrorCode.MISSING_PARAM,
                    "year, make and model go together (trim is optional); missing: " + String.join(", ", missing));
        }
        return new ByYearMakeModel(parseYear(year), make, model, trim);
    }

    /**
     * A model year as a parameter gives it.
     *
     * @throws ApiException {@code invalid_param} unless it is four digits from {@link #MIN_YEAR} to {@link #MAX_YEAR}
     */
    static int parseYear(String year) {
        if (year.matches("\\d{4}")) {
            int value = Integer.parseInt(year);
            if (value >= MIN_YEAR && value <= MAX_YEAR) {
                return value;
            }
        }
        throw ApiException.about(
                "year", ErrorCode.INVALID_PARAM, "year is a four-digit model year; got '" + year + "'");
    }

    private static String present(String value) {
        return value == null || value.isBlank() ? null : value.strip();
    }

    /** The form YMMT matching compares: case-insensitive, inner whitespace folded to one space. */
    public static String normalize(String text) {
        if (text == null) {
            return null;
        }
        // A loop rather than replaceAll("\\s+", " "): this runs on every lookup, and the regex compiled each time.
        String stripped = text.strip();
        StringBuilder folded = new StringBuilder(stripped.length());
        boolean inWhitespace = false;
        for (int i = 0; i < stripped.length(); i++) {
            char c = stripped.charAt(i);
            if (c == ' ' || c == '\t' || c == '\n' || c == '\u000B' || c == '\f' || c == '\r') {
                inWhitespace = true;
                continue;
            }
            if (inWhitespace) {
                folded.append(' ');
                inWhitespace = false;
            }
            folded.append(c);
        }
        return folded.toString().toLowerCase(Locale.ROOT);
    }
}
