package dev.vspec.contracts.catalog;

import java.util.List;

/** The complete sanitized service history of a VIN, oldest visit first; it replaces any earlier one. */
public record ServiceHistoryRecorded(String vin, List<ServiceRecord> records, FactSource source) {}
