package dev.vspec.contracts.catalog;

import java.util.List;

/** The complete spec sheet of a configuration; it replaces any earlier one. */
public record SpecsRecorded(String configKey, List<SpecItem> specs, FactSource source) {}
