package dev.vspec.contracts.catalog;

/** Links a VIN to the configuration it was built as; the VIN is the target aggregate. */
public record LinkVin(String vin, String configKey, FactSource source) implements CatalogCommand {

    public LinkVin {
        FactSource.require(source, "LinkVin");
    }

    @Override
    public String targetAggregateId() {
        return vin;
    }
}
