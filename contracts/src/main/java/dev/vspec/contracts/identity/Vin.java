package dev.vspec.contracts.identity;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import dev.vspec.contracts.error.ApiException;
import dev.vspec.contracts.error.ErrorCode;
import java.util.Locale;

/**
 * A vehicle identification number: exactly 17 characters from 0-9 and A-Z without I, O and Q,
 * after nothing but upper-casing. The check digit (position 9, 49 CFR 565.15) is not enforced
 * here: a wrong one is a decode warning, never a refusal.
 */
public record Vin(String value) {

    public static final int LENGTH = 17;
    /** What every route and body calls a VIN, and so the parameter its refusal is about (a batch's item too). */
    public static final String PARAM = "vin";

    private static final int CHECK_DIGIT_INDEX = 8;
    private static final int[] WEIGHTS = {8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2};

    public Vin {
        String problem = problemWith(value);
        if (problem != null) {
            throw ApiException.about(PARAM, ErrorCode.INVALID_VIN, problem);
        }
    }

    /** Upper-cases the raw text and validates it; spaces are the caller's to strip. */
    @JsonCreator
    public static Vin parse(String raw) {
        if (raw == null) {
            throw ApiException.about(PARAM, ErrorCode.INVALID_VIN, "A VIN is exactly 17 characters; none was given");
        }
        return new Vin(raw.toUpperCase(Locale.ROOT));
    }

    /** A VIN that must already be written as {@link #parse} writes it, as aggregate ids and events need it. */
    public static Vin canonical(String vin) {
        Vin parsed = parse(vin);
        if (!parsed.value.equals(vin)) {
            throw ApiException.about(PARAM, ErrorCode.INVALID_VIN, "VIN " + vin + " must be sent as " + parsed.value);
        }
        return parsed;
    }

    @JsonValue
    @Override
    public String value() {
        return value;
    }

    /** The check digit 49 CFR 565.15 computes for this VIN: '0'-'9' or 'X'. */
    public char expectedCheckDigit() {
        return checkDigitOf(value);
    }

    public boolean hasValidCheckDigit() {
        return value.charAt(CHECK_DIGIT_INDEX) == expectedCheckDigit();
    }

    /** This VIN with its check digit replaced by the computed one. */
    public Vin withCorrectCheckDigit() {
        char[] chars = value.toCharArray();
        chars[CHECK_DIGIT_INDEX] = expectedCheckDigit();
        return new Vin(new String(chars));
    }

    /** Position 10: the model-year code. */
    public char modelYearCode() {
        return value.charAt(9);
    }

    public String wmi() {
        return value.substring(0, 3);
    }

    /**
     * Computes the check digit of 17 VIN characters; the character at position 9 is ignored
     * (its weight is 0), so a placeholder such as '?' may stand there.
     */
    public static char checkDigitOf(String seventeen) {
        if (seventeen.length() != LENGTH) {
            throw new IllegalArgumentException("expected 17 characters");
        }
        int sum = 0;
        for (int i = 0; i < LENGTH; i++) {
            if (i != CHECK_DIGIT_INDEX) {
                sum += transliterate(seventeen.charAt(i)) * WEIGHTS[i];
            }
        }
        int remainder = sum % 11;
        return remainder == 10 ? 'X' : (char) ('0' + remainder);
    }

    private static int transliterate(char c) {
        if (c >= '0' && c <= '9') {
            return c - '0';
        }
        return switch (c) {
            case 'A', 'J' -> 1;
            case 'B', 'K', 'S' -> 2;
            case 'C', 'L', 'T' -> 3;
            case 'D', 'M', 'U' -> 4;
            case 'E', 'N', 'V' -> 5;
            case 'F', 'W' -> 6;
            case 'G', 'P', 'X' -> 7;
            case 'H', 'Y' -> 8;
            case 'R', 'Z' -> 9;
            default -> throw new IllegalArgumentException("not a VIN character: " + c);
        };
    }

    private static String problemWith(String value) {
        if (value == null) {
            return "A VIN is exactly 17 characters; none was given";
        }
        if (value.length() != LENGTH) {
            return "A VIN is exactly 17 characters; got " + value.length()
                    + (value.contains(" ") ? " (strip spaces before sending)" : "");
        }
        for (int i = 0; i < LENGTH; i++) {
            char c = value.charAt(i);
            boolean allowed = (c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z' && c != 'I' && c != 'O' && c != 'Q');
            if (!allowed) {
                return "A VIN uses 0-9 and A-Z except I, O and Q; position " + (i + 1)
                        + (c == ' ' ? " is a space (strip spaces before sending)" : " is '" + c + "'");
            }
        }
        return null;
    }

    @Override
    public String toString() {
        return value;
    }
}
