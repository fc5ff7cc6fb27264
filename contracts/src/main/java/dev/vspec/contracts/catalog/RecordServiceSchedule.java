package dev.vspec.contracts.catalog;

import java.util.List;

public record RecordServiceSchedule(String configKey, List<ServiceInterval> intervals) implements ConfigurationCommand {
}
