package dev.vspec.decoder;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * What NHTSA's vPIC data says of one VIN, decoded by NHTSA's rules. Fields vPIC gives no value for are
 * null (missing, not empty); {@code warnings} says why where it can; {@code elements} lists every element
 * decoded with where it came from, as vPIC writes it; {@code release} names the vPIC release that answered.
 * Make and model are shown as vspec shows every make and model ({@link dev.vspec.contracts.identity.VehicleNames}), with vPIC's own
 * spelling beside them; numbers are numbers, with the unit in the name.
 *
 * @param vin                the VIN as decoded (upper case)
 * @param wmi                World Manufacturer Identifier: positions 1-3, or 1-3 and 12-14 when position 3 is 9
 * @param vehicleDescriptor  NHTSA's descriptor: positions 1-8 and 10-11 (1-8 and 10-14 for a small manufacturer), position 9 as *
 * @param vpicMake           the make as vPIC's decoder answers it, in capitals ("HONDA")
 * @param vpicModel          the model as vPIC writes it
 * @param engineCode         the engine part of a config_key (see {@link EngineCode}), or null when none resolves
 * @param displacementL      the displacement in litres as vPIC writes it ("2.0", "1.998"); superseded by
 *                           {@code engineDisplacementL}, a number
 * @param displacementCc     the displacement in cubic centimetres as vPIC writes it; superseded by
 *                           {@code engineDisplacementCc}
 * @param nhtsaErrorCodes    NHTSA's error codes for this decode, as vPIC's own decoder would give them (0 = clean)
 */
@JsonInclude(JsonInclude.Include.ALWAYS)
public record VinDecoding(
        String vin,
        String wmi,
        @JsonProperty("vehicle_descriptor") String vehicleDescriptor,
        @Nullable String manufacturer,
        @Nullable String make,
        @JsonProperty("vpic_make") @Nullable String vpicMake,
        @Nullable String model,
        @JsonProperty("vpic_model") @Nullable String vpicModel,
        @JsonProperty("model_year") @Nullable Integer modelYear,
        @Nullable String series,
        @Nullable String trim,
        @JsonProperty("vehicle_type") @Nullable String vehicleType,
        @JsonProperty("body_class") @Nullable String bodyClass,
        @Nullable Integer doors,
        @JsonProperty("drive_type") @Nullable String driveType,
        @JsonProperty("engine_model") @Nullable String engineModel,
        @JsonProperty("engine_code") @Nullable EngineCode engineCode,
        @JsonProperty("engine_configuration") @Nullable String engineConfiguration,
        @Nullable Integer cylinders,
        @JsonProperty("displacement_l") @Nullable String displacementL,
        @JsonProperty("displacement_cc") @Nullable String displacementCc,
        @JsonProperty("engine_displacement_l") @Nullable Double engineDisplacementL,
        @JsonProperty("engine_displacement_cc") @Nullable Double engineDisplacementCc,
        @JsonProperty("fuel_type") @Nullable String fuelType,
        @JsonProperty("fuel_type_secondary") @Nullable String fuelTypeSecondary,
        @Nullable String electrification,
        @Nullable String turbo,
        @JsonProperty("engine_manufacturer") @Nullable String engineManufacturer,
        @Nullable String gvwr,
        Plant plant,
        @JsonProperty("check_digit") CheckDigit checkDigit,
        List<DecodeWarning> warnings,
        @JsonProperty("nhtsa_error_codes") List<Integer> nhtsaErrorCodes,
        List<DecodedElement> elements,
        VpicRelease release) {

    public VinDecoding {
        warnings = List.copyOf(warnings);
        nhtsaErrorCodes = List.copyOf(nhtsaErrorCodes);
        elements = List.copyOf(elements);
    }

    /** Where the vehicle was built, as the VIN's plant code decodes. */
    @JsonInclude(JsonInclude.Include.ALWAYS)
    public record Plant(
            @Nullable String city,
            @Nullable String state,
            @Nullable String country) {}

    /**
     * Position 9 as 49 CFR 565.15 computes it. {@code corrected_vin} is the VIN with that digit, present
     * only when the VIN's own check digit is wrong.
     */
    public record CheckDigit(
            boolean valid,
            String expected,

            @JsonProperty("corrected_vin") @JsonInclude(JsonInclude.Include.NON_NULL) @Nullable
            String correctedVin) {}

    /**
     * One element vPIC decoded: its variable code and name (as vPIC's API names them), the name of the
     * decode's field for it ({@code field}, in snake_case), the value as vPIC writes it, and where it came from ({@code pattern}, {@code engine_model}, {@code formula}, {@code wmi},
     * {@code model}, {@code model_year} or {@code conversion}), with the VIN schema and key of a pattern.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record DecodedElement(
            @Nullable String code,
            String name,
            String field,
            @Nullable String value,
            String source,
            @JsonProperty("vin_schema_id") @Nullable Integer vinSchemaId,
            @Nullable String keys) {}

    /** The same decode with an engine code found elsewhere (the EPA's entries of the model). */
    public VinDecoding withEngineCode(EngineCode code) {
        return new VinDecoding(
                vin,
                wmi,
                vehicleDescriptor,
                manufacturer,
                make,
                vpicMake,
                model,
                vpicModel,
                modelYear,
                series,
                trim,
                vehicleType,
                bodyClass,
                doors,
                driveType,
                engineModel,
                code,
                engineConfiguration,
                cylinders,
                displacementL,
                displacementCc,
                engineDisplacementL,
                engineDisplacementCc,
                fuelType,
                fuelTypeSecondary,
                electrification,
                turbo,
                engineManufacturer,
                gvwr,
                plant,
                checkDigit,
                warnings,
                nhtsaErrorCodes,
                elements,
                release);
    }

    /** Year, make and model are all known: enough to look for configurations. */
    @JsonIgnore
    public boolean identifiesModel() {
        return modelYear != null && make != null && model != null;
    }

    /** "2003 Honda Accord EX-V6 J30A4", or "nothing", for messages. */
    public String describedAs() {
        StringBuilder text = new StringBuilder();
        append(text, modelYear == null ? null : modelYear.toString());
        append(text, make);
        append(text, model);
        append(text, trim);
        append(text, engineCode == null ? null : engineCode.value());
        return text.length() == 0 ? "nothing" : text.toString();
    }

    private static void append(StringBuilder text, String part) {
        if (part != null) {
            text.append(text.length() == 0 ? "" : " ").append(part);
        }
    }
}
