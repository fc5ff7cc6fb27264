package dev.vspec.contracts.catalog;

/** A part that fits a configuration, with the service it belongs to (e.g. {@code engine_oil_change}) where there is one. */
public record Part(String partNumber, String name, String category, String brand, int quantity, String service) {}
