package dev.vspec.contracts.catalog;

import java.math.BigDecimal;

/** One fluid a configuration takes: its kind ({@code engine_oil}, {@code coolant}, ...), the specification it must meet, and the fill capacity. */
public record Fluid(
        String type, String specification, BigDecimal capacityLitres, BigDecimal capacityUsQuarts, String notes) {}
