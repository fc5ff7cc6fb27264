package dev.vspec.contracts.catalog;

import java.util.List;

/** Records the sanitized service history of a VIN; the VIN is the target aggregate. */
public record RecordServiceHistory(String vin, List<ServiceRecord> records, FactSource source)
        implements CatalogCommand {

    public RecordServiceHistory {
        FactSource.require(source, "RecordServiceHistory");
    }

    @Override
    public String targetAggregateId() {
        return vin;
    }
}
