package dev.vspec.decoder;

/**
 * The check digit as NHTSA's decoder computes it ({@code fVINCheckDigit}, {@code fVINCheckDigit2}): the
 * weighted sum of 49 CFR 565.15, but '?' when a character stands where NHTSA's rule does not allow it
 * (position 10 a model-year code; the last positions digits only), so that such a VIN never checks.
 */
final class CheckDigits {

    private static final int[] WEIGHTS = {8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2};
    /** A..Z as 49 CFR 565.15 transliterates them (0 for I, O and Q, which no VIN holds). */
    private static final int[] LETTERS = {1, 2, 3, 4, 5, 6, 7, 8, 0, 1, 2, 3, 4, 5, 0, 7, 0, 9, 2, 3, 4, 5, 6, 7, 8, 9};

    private CheckDigits() {}

    /**
     * {@code fVINCheckDigit2}, used for code 1: position 13 must be a digit only for cars, MPVs and light
     * trucks ({@code carMpvOrLightTruck}), position 14 and on always (but for a small manufacturer, whose
     * positions 12-14 are part of its WMI).
     */
    static char forCode1(String vin, boolean carMpvOrLightTruck) {
        return compute(vin, carMpvOrLightTruck, false);
    }

    /** {@code fVINCheckDigit}, used to try corrections (code 3): positions 13 and 14 must be digits. */
    static char forCorrections(String vin) {
        return compute(vin, true, true);
    }

    private static char compute(String vin, boolean position13Digit, boolean legacy) {
        if (vin.length() != 17) {
            return '?';
        }
        boolean smallManufacturer = vin.charAt(2) == '9';
        int sum = 0;
        for (int i = 0; i < 17; i++) {
            char c = vin.charAt(i);
            int position = i + 1;
            boolean digitsOnly = position >= 15
                    || (position == 14 && !smallManufacturer)
                    || (position == 13 && !smallManufacturer && (legacy || position13Digit));
            boolean allowed = position == 10
                    ? ModelYears.isYearCode(c)
                    : digitsOnly
                            ? Character.isDigit(c)
                            : Character.isDigit(c) || (c >= 'A' && c <= 'Z' && c != 'I' && c != 'O' && c != 'Q');
            if (!allowed) {
                return '?';
            }
            sum += value(c) * WEIGHTS[i];
        }
        int remainder = sum % 11;
        return remainder == 10 ? 'X' : (char) ('0' + remainder);
    }

    private static int value(char c) {
        return Character.isDigit(c) ? c - '0' : LETTERS[c - 'A'];
    }
}
