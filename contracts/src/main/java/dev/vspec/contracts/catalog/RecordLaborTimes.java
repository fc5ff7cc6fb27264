package dev.vspec.contracts.catalog;

import java.util.List;

public record RecordLaborTimes(String configKey, List<LaborTime> laborTimes, FactSource source)
        implements ConfigurationCommand {

    public RecordLaborTimes {
        FactSource.require(source, "RecordLaborTimes");
    }
}
