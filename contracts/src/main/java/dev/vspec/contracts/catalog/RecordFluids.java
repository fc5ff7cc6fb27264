package dev.vspec.contracts.catalog;

import java.util.List;

public record RecordFluids(String configKey, List<Fluid> fluids) implements ConfigurationCommand {
}
