package dev.vspec.projections.vins;

import static dev.vspec.infra.jooq.read.Tables.VIN;

import dev.vspec.contracts.catalog.VinLinked;
import dev.vspec.infra.jooq.read.tables.records.VinRecord;
import dev.vspec.projections.runtime.EventHandlers;
import dev.vspec.projections.runtime.Projection;
import java.util.List;
import org.jooq.Table;
import org.springframework.stereotype.Component;

/** {@code read.vin}: which configuration each known VIN was built as. */
@Component
class VinsProjection implements Projection {

    @Override
    public String name() {
        return "vins";
    }

    @Override
    public List<Table<?>> tables() {
        return List.of(VIN);
    }

    @Override
    public EventHandlers handlers() {
        return EventHandlers.upserting(VinLinked.class, VIN, e -> new VinRecord(e.vin(), e.configKey()), VIN.VIN_);
    }
}
