package dev.vspec.contracts.catalog;

import java.util.List;

/** The complete tire fitment of a configuration; it replaces any earlier one. */
public record TiresRecorded(String configKey, List<TireFitment> tires, FactSource source) {}
