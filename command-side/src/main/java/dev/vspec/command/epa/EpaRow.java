package dev.vspec.command.epa;

import dev.vspec.contracts.epa.EpaVehicle;
import org.jspecify.annotations.Nullable;

/**
 * One row of the EPA's {@code vehicles.csv}: one tested configuration, keyed by the EPA's {@code id}, its facts as the
 * event log records them ({@link EpaVehicle}: null where the file leaves a field blank, writes {@code NA} or {@code -1},
 * or lacks the column, as an older copy lacks {@code baseModel}), and what only the import reads.
 *
 * @param line                   the line the row starts on
 * @param driveClass             the drive {@code drive} names, null when blank or not one the EPA publishes
 * @param transmissionDescriptor {@code trans_dscr}: the EPA's transmission notes ({@code CVT}, {@code SIL})
 */
public record EpaRow(
        int line,
        int epaId,
        EpaVehicle vehicle,
        @Nullable EpaDrive driveClass,
        @Nullable String transmissionDescriptor) {}
