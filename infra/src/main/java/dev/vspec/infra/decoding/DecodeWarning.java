package dev.vspec.infra.decoding;

/**
 * Something a decode could not settle. A decode never gives up on a well-formed VIN: it reports
 * what it could read and says here what it could not, and why.
 */
public record DecodeWarning(String code, String message) {

    /** Position 9 differs from the check digit 49 CFR 565.15 computes; the decode carries the correction. */
    public static final String CHECK_DIGIT_MISMATCH = "check_digit_mismatch";
    /** Positions 1-3 are not in the WMI table: manufacturer, make and descriptor stay unknown. */
    public static final String UNKNOWN_WMI = "unknown_wmi";
    /** No VDS pattern of the manufacturer matches positions 4-8 in the model year. */
    public static final String UNKNOWN_VDS = "unknown_vds";
    /** Position 10 could mean more than one model year and the decoder had to pick one. */
    public static final String AMBIGUOUS_MODEL_YEAR = "ambiguous_model_year";
    /** Position 10 is not a model-year code at all (0, U or Z). */
    public static final String UNKNOWN_MODEL_YEAR = "unknown_model_year";
}
