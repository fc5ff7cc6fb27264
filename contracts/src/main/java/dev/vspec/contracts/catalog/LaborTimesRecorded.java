package dev.vspec.contracts.catalog;

import java.util.List;

/** The complete labor time list of a configuration; it replaces any earlier one. */
public record LaborTimesRecorded(String configKey, List<LaborTime> laborTimes, FactSource source) {}
