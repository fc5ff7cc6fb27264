package dev.vspec.contracts.catalog;

import java.util.List;

public record RecordSpecs(String configKey, List<SpecItem> specs) implements ConfigurationCommand {
}
