package dev.vspec.command.epa;

import dev.vspec.contracts.epa.EpaVehicle;
import java.math.BigDecimal;
import java.time.LocalDate;
import org.jspecify.annotations.Nullable;

/**
 * One row of the EPA's {@code vehicles.csv}: one tested configuration (make, model, year, engine, transmission,
 * drive), keyed by the EPA's {@code id}, its facts typed; null where the file leaves a field blank, writes {@code NA}
 * or {@code -1} (not available), or lacks the column (an older copy without {@code baseModel}). MPG figures are MPGe
 * for electric vehicles; the {@code Fuel2} ones are a dual-fuel vehicle's on its second fuel.
 *
 * @param line            the line the row starts on
 * @param drive           {@code drive} as written
 * @param driveClass      the drive it names, null when blank or not one the EPA publishes
 * @param rangeMiles      {@code range}: an electric vehicle's range, a plug-in hybrid's total range
 * @param modifiedOn      {@code modifiedOn}: when the EPA last changed the row
 */
public record EpaRow(
        int line,
        int epaId,
        int year,
        String make,
        String model,
        @Nullable String baseModel,
        @Nullable BigDecimal displacementL,
        @Nullable Integer cylinders,
        @Nullable String drive,
        @Nullable EpaDrive driveClass,
        @Nullable String transmission,
        @Nullable String transmissionDescriptor,
        @Nullable String engineDescriptor,
        @Nullable String vehicleClass,
        @Nullable String fuelType,
        @Nullable String fuelType1,
        @Nullable String fuelType2,
        @Nullable String atvType,
        @Nullable Integer cityMpg,
        @Nullable Integer highwayMpg,
        @Nullable Integer combinedMpg,
        @Nullable Integer cityMpgFuel2,
        @Nullable Integer highwayMpgFuel2,
        @Nullable Integer combinedMpgFuel2,
        @Nullable Integer co2GramsPerMile,
        @Nullable Integer rangeMiles,
        @Nullable Boolean turbo,
        @Nullable Boolean supercharger,
        @Nullable Boolean startStop,
        @Nullable String electricMotor,
        @Nullable LocalDate modifiedOn) {

    /** The facts the row gives, as the event log records them. */
    public EpaVehicle toVehicle() {
        return new EpaVehicle(
                year,
                make,
                model,
                baseModel,
                displacementL,
                cylinders,
                driveClass == null ? drive : driveClass.published(),
                transmission,
                engineDescriptor,
                vehicleClass,
                fuelType1 == null ? fuelType : fuelType1,
                fuelType2,
                atvType,
                cityMpg,
                highwayMpg,
                combinedMpg,
                cityMpgFuel2,
                highwayMpgFuel2,
                combinedMpgFuel2,
                co2GramsPerMile,
                rangeMiles,
                turbo,
                supercharger,
                startStop,
                electricMotor,
                modifiedOn);
    }
}
