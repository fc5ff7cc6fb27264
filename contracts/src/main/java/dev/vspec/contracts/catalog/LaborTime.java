package dev.vspec.contracts.catalog;

import java.math.BigDecimal;

/** The book time of one operation in hours. */
public record LaborTime(String operation, String description, BigDecimal hours) {}
