package dev.vspec.contracts.catalog;

import java.util.List;

public record RecordServiceSchedule(String configKey, List<ServiceInterval> intervals, FactSource source)
        implements ConfigurationCommand {

    public RecordServiceSchedule {
        FactSource.require(source, "RecordServiceSchedule");
    }
}
