package dev.vspec.infra.decoding;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/**
 * What the built-in decoder read from one VIN. Fields it could not read are null and a
 * {@link DecodeWarning} says why. {@code wmi}, {@code vds} (positions 4-8), {@code vis} (10-17),
 * {@code plant_code} (11) and {@code serial} (12-17) are always there.
 */
public record VinDecoding(
        String vin,
        @JsonProperty("check_digit") CheckDigit checkDigit,
        String wmi,
        String vds,
        String vis,
        String manufacturer,
        String make,
        String country,
        @JsonProperty("vehicle_type") String vehicleType,
        @JsonProperty("model_year") Integer modelYear,
        String model,
        String trim,
        @JsonProperty("engine_code") String engineCode,
        String drivetrain,
        String body,
        @JsonProperty("plant_code") String plantCode,
        String serial,
        List<DecodeWarning> warnings) {

    public VinDecoding {
        warnings = List.copyOf(warnings);
    }

    /**
     * Position 9 as 49 CFR 565.15 computes it. {@code corrected_vin} is the VIN with that digit,
     * present only when the VIN's own check digit is wrong.
     */
    public record CheckDigit(
            boolean valid,
            String expected,
            @JsonProperty("corrected_vin") @JsonInclude(JsonInclude.Include.NON_NULL) String correctedVin) {
    }

    /** Year, make and model are all known: enough to look for configurations. */
    public boolean identifiesModel() {
        return modelYear != null && make != null && model != null;
    }

    public boolean hasWarning(String code) {
        return warnings.stream().anyMatch(warning -> warning.code().equals(code));
    }

    /** "2021 Tesla Model Y" and whatever else was decoded (trim, engine code, drivetrain), for messages. */
    public String describedAs() {
        StringBuilder text = new StringBuilder();
        append(text, modelYear == null ? null : modelYear.toString());
        append(text, make);
        append(text, model);
        append(text, trim);
        append(text, engineCode);
        append(text, drivetrain);
        return text.length() == 0 ? "nothing" : text.toString();
    }

    private static void append(StringBuilder text, String part) {
        if (part != null) {
            text.append(text.length() == 0 ? "" : " ").append(part);
        }
    }
}
