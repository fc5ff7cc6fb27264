package dev.vspec.contracts.epa;

import dev.vspec.contracts.AddressedCommand;

/**
 * Records what one EPA file says of one entry, addressed by the EPA's id: stored when the entry is new or its facts
 * changed; the same facts again store nothing.
 */
public record RecordEpaEntry(int epaId, EpaVehicle vehicle, EpaSource source) implements AddressedCommand {

    public RecordEpaEntry {
        if (epaId <= 0) {
            throw new IllegalArgumentException("an EPA id is a positive number, not " + epaId);
        }
        if (vehicle == null || source == null) {
            throw new IllegalArgumentException("RecordEpaEntry needs the entry's facts and the file it read");
        }
    }

    @Override
    public String targetAggregateId() {
        return aggregateId(epaId);
    }

    /** {@code epa-39594}: an EPA entry's aggregate, apart from every config_key, VIN and campaign number. */
    public static String aggregateId(int epaId) {
        return "epa-" + epaId;
    }
}
