package dev.vspec.decoder;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * A World Manufacturer Identifier as vPIC registers it: the manufacturer, its makes, country and vehicle
 * type, and the VIN schemas that decode its VINs with the model years each covers.
 */
@JsonInclude(JsonInclude.Include.ALWAYS)
public record WmiDescription(
        String wmi,
        @Nullable String manufacturer,
        List<String> makes,
        @Nullable String country,
        @JsonProperty("vehicle_type") @Nullable String vehicleType,
        @JsonProperty("model_years") List<String> modelYears,
        List<SchemaYears> schemas,
        VpicRelease release) {

    /** One VIN schema of the WMI and the model years it covers ({@code year_to} null: open ended). */
    public record SchemaYears(
            int id,
            String name,
            @JsonProperty("year_from") int yearFrom,
            @JsonProperty("year_to") @Nullable Integer yearTo) {
    }
}
