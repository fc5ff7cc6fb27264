package dev.vspec.contracts.catalog;

import java.math.BigDecimal;
import java.time.LocalDate;

/** A part cost {@code amount} (ISO 4217 {@code currency}) as of a date. Prices accumulate; the latest {@code asOf} is current. */
public record PartPriced(
        String configKey, String partNumber, BigDecimal amount, String currency, LocalDate asOf, FactSource source) {}
