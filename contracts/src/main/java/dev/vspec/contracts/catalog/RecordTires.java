package dev.vspec.contracts.catalog;

import java.util.List;

public record RecordTires(String configKey, List<TireFitment> tires, FactSource source)
        implements ConfigurationCommand {

    public RecordTires {
        FactSource.require(source, "RecordTires");
    }
}
