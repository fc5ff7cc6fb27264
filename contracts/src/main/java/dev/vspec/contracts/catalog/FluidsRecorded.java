package dev.vspec.contracts.catalog;

import java.util.List;

/** The complete fluid list of a configuration; it replaces any earlier one. */
public record FluidsRecorded(String configKey, List<Fluid> fluids, FactSource source) {}
