package dev.vspec.contracts.catalog;

import java.util.List;

/** The complete parts list of a configuration; it replaces any earlier one. Prices come as {@link PartPriced}. */
public record PartsRecorded(String configKey, List<Part> parts, FactSource source) {}
