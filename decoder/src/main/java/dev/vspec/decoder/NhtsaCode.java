package dev.vspec.decoder;

/**
 * NHTSA's decoding error codes (vPIC's {@code ErrorCode} table) that vspec reports, with NHTSA's own
 * texts (2 to 5, 9 and 10 in vspec's words: the lite release does not carry the table). They are
 * warnings: a decode reports what it could read and names what it could not. Code 12 (a model year
 * given by the caller) does not arise, since callers give none.
 *
 * <p>{@code weight} is the code's part in the error value by which {@code spVinDecode} ranks the passes
 * of a VIN whose model year stays open (higher is better), as vPIC's standalone database gives it for
 * codes 2 to 5 and 8; vPIC's other codes are the same for both passes of a VIN, except 0 and 14, whose
 * weights vspec does not know and counts as 0.
 */
public enum NhtsaCode {
    CLEAN(0, 0, "clean", "VIN decoded clean. Check Digit (9th position) is correct"),
    CHECK_DIGIT(1, 0, "check_digit_mismatch", "Check Digit (9th position) does not calculate properly"),
    CORRECTED_ONE_POSITION(
            2,
            -100,
            "corrected_one_position",
            "One position holds a character the manufacturer's"
                    + " patterns do not allow there, and only one character is allowed: the VIN is corrected"),
    CORRECTED_BY_CHECK_DIGIT(
            3,
            -100,
            "corrected_by_check_digit",
            "One position holds a character the manufacturer's"
                    + " patterns do not allow there; of the characters allowed, one alone makes the check digit calculate:"
                    + " the VIN is corrected, assuming the check digit is right"),
    ONE_POSITION_UNCORRECTED(
            4,
            -200,
            "one_position_uncorrected",
            "One position holds a character the manufacturer's"
                    + " patterns do not allow there, and several characters could stand there"),
    SEVERAL_POSITIONS(
            5,
            -300,
            "several_positions",
            "Several positions hold characters the manufacturer's patterns" + " do not allow there"),
    INCOMPLETE_VIN(6, 0, "incomplete_vin", "Incomplete VIN"),
    UNKNOWN_WMI(
            7,
            0,
            "unknown_wmi",
            "Manufacturer is not registered with NHTSA for sale or importation in the U.S. for use"
                    + " on U.S roads; Please contact the manufacturer directly for more information"),
    NO_DETAILED_DATA(8, -1000, "no_detailed_data", "No detailed data available currently"),
    GLIDER(
            9,
            0,
            "glider",
            "Glider: this is not a motor vehicle and cannot be assigned a VIN that meets 49 CFR Part 565"),
    OFF_ROAD(
            10,
            0,
            "off_road",
            "Off-road vehicle: the manufacturer did not certify it as a motor vehicle; it may carry"
                    + " a PIN, whose check digit need not calculate"),
    INCORRECT_MODEL_YEAR(
            11,
            0,
            "incorrect_model_year",
            "Incorrect Model Year - Position 10 does not match valid model"
                    + " year codes (I, O, Q, U, Z, 0). Decoded data may not be accurate."),
    UNUSED_POSITIONS(
            14,
            0,
            "unused_positions",
            "Unable to provide information for all the characters in the VIN, based"
                    + " on the manufacturer submission to NHTSA"),
    INVALID_CHARACTERS(400, 0, "invalid_characters", "Invalid Characters Present");

    private final int number;
    private final int weight;
    private final String code;
    private final String text;

    NhtsaCode(int number, int weight, String code, String text) {
        this.number = number;
        this.weight = weight;
        this.code = code;
        this.text = text;
    }

    /** The code's part in a pass's error value (higher is better). */
    int weight() {
        return weight;
    }

    /** NHTSA's number (0, 1, 6, ...). */
    public int number() {
        return number;
    }

    /** vspec's name for it, as a decode warning carries it. */
    public String code() {
        return code;
    }

    /** NHTSA's text. */
    public String text() {
        return text;
    }
}
