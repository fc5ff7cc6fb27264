package dev.vspec.contracts.catalog;

import java.math.BigDecimal;
import java.time.LocalDate;

public record PricePart(
        String configKey, String partNumber, BigDecimal amount, String currency, LocalDate asOf, FactSource source)
        implements ConfigurationCommand {

    public PricePart {
        FactSource.require(source, "PricePart");
    }
}
