package dev.vspec.decoder;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.vspec.contracts.identity.VehicleNames;
import dev.vspec.decoder.VpicIndex.SchemaLink;
import dev.vspec.decoder.VpicIndex.Wmi;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.TreeSet;
import org.jspecify.annotations.Nullable;

/**
 * A World Manufacturer Identifier as vPIC registers it: the manufacturer, its makes (as vspec shows makes,
 * {@link VehicleNames}, and as vPIC's Make table writes them), country and vehicle type, and the VIN schemas
 * that decode its VINs with the model years each covers.
 */
@JsonInclude(JsonInclude.Include.ALWAYS)
public record WmiDescription(
        String wmi,
        @Nullable String manufacturer,
        List<String> makes,
        @JsonProperty("vpic_makes") List<String> vpicMakes,
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
            @JsonProperty("year_to") @Nullable Integer yearTo) {}

    /** A WMI vPIC holds, with its schemas, the newest first, and their model years up to {@code lastYear}. */
    static WmiDescription of(Wmi wmi, int lastYear, VpicRelease release) {
        TreeSet<Integer> years = new TreeSet<>();
        List<SchemaYears> schemas = new ArrayList<>();
        for (SchemaLink link : wmi.links()) {
            schemas.add(new SchemaYears(link.schema().id(), link.schema().name(), link.yearFrom(), link.yearTo()));
            int to = Math.min(link.yearTo() == null ? lastYear : link.yearTo(), lastYear);
            for (int year = link.yearFrom(); year <= to; year++) {
                years.add(year);
            }
        }
        schemas.sort(Comparator.comparingInt(SchemaYears::yearFrom)
                .reversed()
                .thenComparing(SchemaYears::name)
                .thenComparingInt(SchemaYears::id));
        return new WmiDescription(
                wmi.code(),
                wmi.manufacturer(),
                wmi.makes().stream().map(VehicleNames::make).toList(),
                wmi.makes(),
                wmi.country(),
                wmi.vehicleType(),
                PartialDecoder.ranges(years),
                schemas,
                release);
    }
}
