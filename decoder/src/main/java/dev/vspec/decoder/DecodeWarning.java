package dev.vspec.decoder;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import org.jspecify.annotations.Nullable;

/**
 * Something a decode could not settle, with vspec's code, NHTSA's error code where NHTSA has one, and a
 * message that says what was read and what it means.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record DecodeWarning(
        String code, @JsonProperty("nhtsa_code") @Nullable Integer nhtsaCode, String message) {

    /** Position 10 could be read as two model years (the position-7 rule does not apply); the decode kept the better. */
    public static final String AMBIGUOUS_MODEL_YEAR = "ambiguous_model_year";
    /** The body class says an incomplete vehicle: a later stage may have altered it. */
    public static final String INCOMPLETE_VEHICLE = "incomplete_vehicle";

    static DecodeWarning of(NhtsaCode code, String detail) {
        return new DecodeWarning(
                code.code(), code.number(), detail == null ? code.text() : code.text() + ". " + detail);
    }
}
