package dev.vspec.contracts.epa;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/**
 * One entry of the EPA's fuel-economy file ({@code vehicles.csv} from fueleconomy.gov): a tested configuration of a
 * model year, make and model, its engine, transmission and drive, with the EPA's figures; null where the file does not
 * say. MPG figures are MPGe for electric vehicles; the secondary ones are a dual-fuel vehicle's on its second fuel.
 *
 * @param model            the EPA's model text, which often carries drive or body ({@code F150 Pickup 4WD})
 * @param baseModel        the EPA's base model ({@code F150}), absent from files before 2019
 * @param drive            the drive as the EPA writes it ({@code Front-Wheel Drive})
 * @param transmission     as the EPA writes it ({@code Automatic (S8)}, {@code Manual 6-spd})
 * @param engineDescriptor the EPA's engine notes ({@code SIDI; Mild Hybrid}, {@code (FFS,TRBO)})
 * @param vehicleClass     the EPA's size class ({@code Midsize Cars})
 * @param fuelType         {@code fuelType1}: the primary fuel ({@code Regular Gasoline}, {@code Electricity})
 * @param fuelTypeSecondary {@code fuelType2}: a dual-fuel vehicle's second fuel ({@code E85})
 * @param atvType          the EPA's alternative-technology type: {@code EV}, {@code Hybrid}, {@code Plug-in Hybrid},
 *                         {@code Diesel}, {@code FFV}, ...; null for a conventional vehicle
 * @param rangeMiles       an electric vehicle's range, a plug-in hybrid's total range
 * @param modifiedOn       when the EPA last changed the entry
 */
@JsonInclude(JsonInclude.Include.ALWAYS)
public record EpaVehicle(
        int year,
        String make,
        String model,
        @Nullable String baseModel,
        @Nullable BigDecimal displacementL,
        @Nullable Integer cylinders,
        @Nullable String drive,
        @Nullable String transmission,
        @Nullable String engineDescriptor,
        @Nullable String vehicleClass,
        @Nullable String fuelType,
        @Nullable String fuelTypeSecondary,
        @Nullable String atvType,
        @Nullable Integer cityMpg,
        @Nullable Integer highwayMpg,
        @Nullable Integer combinedMpg,
        @Nullable Integer cityMpgSecondary,
        @Nullable Integer highwayMpgSecondary,
        @Nullable Integer combinedMpgSecondary,
        @Nullable Integer co2GramsPerMile,
        @Nullable Integer rangeMiles,
        @Nullable Boolean turbo,
        @Nullable Boolean supercharger,
        @Nullable Boolean startStop,
        @Nullable String electricMotor,
        @Nullable LocalDate modifiedOn) {

    public EpaVehicle {
        if (make == null || make.isBlank() || model == null || model.isBlank()) {
            throw new IllegalArgumentException("an EPA entry names its make and model");
        }
    }

    /** Whether it runs on electricity alone: it has no engine displacement. */
    @JsonIgnore
    public boolean isElectric() {
        return "EV".equalsIgnoreCase(atvType) || "Electricity".equalsIgnoreCase(fuelType);
    }

    /** Whether the EPA lists it as a hybrid of any kind (mild, full or plug-in). */
    @JsonIgnore
    public boolean isHybrid() {
        return atvType != null && atvType.toLowerCase(Locale.ROOT).contains("hybrid");
    }
}
