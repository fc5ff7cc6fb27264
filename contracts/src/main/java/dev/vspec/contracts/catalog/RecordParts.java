package dev.vspec.contracts.catalog;

import java.util.List;

public record RecordParts(String configKey, List<Part> parts, FactSource source) implements ConfigurationCommand {

    public RecordParts {
        FactSource.require(source, "RecordParts");
    }
}
