package dev.vspec.projections.vins;

import static dev.vspec.storage.jooq.read.Tables.VIN;

import dev.vspec.contracts.catalog.VinLinked;
import dev.vspec.projections.runtime.EventHandlers;
import dev.vspec.projections.runtime.Projection;
import dev.vspec.readmodel.Provenance;
import dev.vspec.storage.jooq.read.tables.records.VinRecord;
import java.time.Instant;
import java.util.List;
import org.jooq.Table;

/** {@code read.vin}: which configuration each known VIN was built as, and which source said so. */
public class VinsProjection implements Projection {

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
        return EventHandlers.upserting(VinLinked.class, VIN, VinsProjection::row, VIN.SOURCE_RANK, VIN.VIN_);
    }

    private static VinRecord row(VinLinked e, Instant at) {
        Provenance provenance = Provenance.of(e.source(), at);
        return new VinRecord(e.vin(), e.configKey(), provenance.source(), provenance.rank(), provenance.recordedAt());
    }
}
