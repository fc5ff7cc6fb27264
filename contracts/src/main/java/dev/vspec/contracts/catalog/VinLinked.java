package dev.vspec.contracts.catalog;

/** A VIN belongs to a configuration. */
public record VinLinked(String vin, String configKey, FactSource source) {}
