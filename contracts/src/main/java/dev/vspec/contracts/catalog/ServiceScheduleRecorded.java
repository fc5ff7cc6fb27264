package dev.vspec.contracts.catalog;

import java.util.List;

/** The complete service schedule of a configuration, normal and severe; it replaces any earlier one. */
public record ServiceScheduleRecorded(String configKey, List<ServiceInterval> intervals, FactSource source) {}
