package dev.vspec.contracts.catalog;

import java.util.List;

public record RecordSpecs(String configKey, List<SpecItem> specs, FactSource source) implements ConfigurationCommand {

    public RecordSpecs {
        FactSource.require(source, "RecordSpecs");
    }
}
