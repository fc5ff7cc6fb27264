package dev.vspec.decoder;

import dev.vspec.contracts.identity.Vin;
import dev.vspec.decoder.VpicIndex.Wmi;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Collectors;

/** What a decode could not settle, in words: NHTSA's error codes of the kept pass as warnings, and vspec's own. */
final class DecodeWarnings {

    private DecodeWarnings() {}

    /**
     * Adds to {@code warnings} and {@code nhtsaCodes} what the pass's codes, the check digit and the model year
     * reading say.
     *
     * @param wmi the VIN's WMI if vPIC holds it publicly, else null
     */
    static void add(
            List<DecodeWarning> warnings,
            List<Integer> nhtsaCodes,
            String vin,
            String wmiCode,
            Wmi wmi,
            DecodePass pass,
            ModelYears.Reading year,
            Vin parsed,
            boolean checkDigitValid) {
        boolean nhtsaCheckDigitValid =
                vin.charAt(8) == CheckDigits.forCode1(vin, wmi != null && wmi.carMpvOrLightTruck());
        List<NhtsaCode> codes = new ArrayList<>(pass.codes);
        if (!nhtsaCheckDigitValid) {
            codes.add(NhtsaCode.CHECK_DIGIT);
        }
        if (pass.modelYear == null) {
            codes.add(NhtsaCode.INCORRECT_MODEL_YEAR);
        }
        boolean clean = codes.stream()
                .allMatch(code ->
                        code == NhtsaCode.GLIDER || code == NhtsaCode.OFF_ROAD || code == NhtsaCode.UNUSED_POSITIONS);
        if (clean && wmi != null) {
            codes.add(NhtsaCode.CLEAN);
            if (pass.item(Element.MODEL) == null) {
                codes.add(NhtsaCode.UNUSED_POSITIONS);
            }
        }
        codes.stream()
                .distinct()
                .sorted(Comparator.comparingInt(NhtsaCode::number))
                .forEach(code -> {
                    nhtsaCodes.add(code.number());
                    if (code != NhtsaCode.CLEAN) {
                        warnings.add(warning(code, vin, wmiCode, pass, parsed, checkDigitValid));
                    }
                });
        if (!year.conclusive() && pass.modelYear != null) {
            int other = pass.modelYear.equals(year.year()) ? year.other() : year.year();
            warnings.add(new DecodeWarning(
                    DecodeWarning.AMBIGUOUS_MODEL_YEAR,
                    null,
                    "Position 10 '" + vin.charAt(9)
                            + "' may mean " + pass.modelYear + " or " + other
                            + ": the position-7 rule of 49 CFR 565.15 covers"
                            + " passenger cars, MPVs and light trucks only, not this WMI's vehicles; " + pass.modelYear
                            + " decodes better. The model year may be incorrect."));
        }
        if (pass.incompleteVehicle) {
            warnings.add(new DecodeWarning(
                    DecodeWarning.INCOMPLETE_VEHICLE,
                    null,
                    "Incomplete vehicle: it may have been"
                            + " altered after this VIN was assigned and may not be what the decode describes"));
        }
    }

    private static DecodeWarning warning(
            NhtsaCode code, String vin, String wmiCode, DecodePass pass, Vin parsed, boolean checkDigitValid) {
        return switch (code) {
            case CHECK_DIGIT ->
                DecodeWarning.of(
                        code,
                        checkDigitValid
                                ? "A character stands where NHTSA's rule does not allow it ("
                                        + String.join(", ", pass.invalidCharacters)
                                        + "), so NHTSA's check digit cannot be computed"
                                : "Position 9 is '" + vin.charAt(8) + "' but 49 CFR 565.15 computes '"
                                        + parsed.expectedCheckDigit()
                                        + "': a character was misread or mistyped, or the check digit itself is wrong; if only the"
                                        + " check digit is wrong, the VIN is "
                                        + parsed.withCorrectCheckDigit().value()
                                        + (pass.codes.contains(NhtsaCode.OFF_ROAD)
                                                ? ". Disregard if this is an off-road vehicle's PIN,"
                                                        + " whose check digit need not calculate"
                                                : ""));
            case UNKNOWN_WMI ->
                DecodeWarning.of(code, "vPIC holds no WMI " + wmiCode + ": manufacturer, make and model are unknown");
            case CORRECTED_ONE_POSITION, CORRECTED_BY_CHECK_DIGIT, ONE_POSITION_UNCORRECTED, SEVERAL_POSITIONS ->
                DecodeWarning.of(code, characterErrors(pass, wmiCode));
            case NO_DETAILED_DATA ->
                DecodeWarning.of(
                        code,
                        "No pattern of WMI " + wmiCode + "'s VIN schemas"
                                + (pass.modelYear == null ? "" : " for model year " + pass.modelYear)
                                + " matches positions 4-8 and 10-17");
            case UNUSED_POSITIONS ->
                DecodeWarning.of(
                        code,
                        pass.unusedPositions.isEmpty()
                                ? "No model decoded"
                                : "No pattern used position(s) "
                                        + pass.unusedPositions.stream()
                                                .map(String::valueOf)
                                                .collect(Collectors.joining(", ")));
            case INVALID_CHARACTERS ->
                DecodeWarning.of(code, "Position:character " + String.join(", ", pass.invalidCharacters));
            case INCORRECT_MODEL_YEAR ->
                DecodeWarning.of(
                        code,
                        "Position 10 is '" + vin.charAt(9) + "'; every model year of the WMI's schemas was considered");
            default -> DecodeWarning.of(code, null);
        };
    }

    /** "Model year 2019 of WMI 1FT: position 5 is 'X', its patterns allow 1, 2 or 3; NHTSA suggests 1FTE!...". */
    private static String characterErrors(DecodePass pass, String wmiCode) {
        String errors = pass.characterErrors.stream()
                .map(error -> "position " + error.position() + " is '" + error.found() + "', where they allow "
                        + String.join(
                                ", ",
                                error.allowed()
                                        .chars()
                                        .mapToObj(c -> String.valueOf((char) c))
                                        .toList()))
                .collect(Collectors.joining("; "));
        return "In model year " + pass.modelYear + ", WMI " + wmiCode + "'s patterns: " + errors + ". NHTSA suggests "
                + pass.suggestedVin + (pass.suggestedVin.indexOf('!') >= 0 ? " (! where no one character fits)" : "");
    }
}
