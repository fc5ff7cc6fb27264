package dev.vspec.contracts.catalog;

import java.util.List;

public record RecordFluids(String configKey, List<Fluid> fluids, FactSource source) implements ConfigurationCommand {

    public RecordFluids {
        FactSource.require(source, "RecordFluids");
    }
}
