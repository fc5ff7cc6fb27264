package dev.vspec.projections.fluids;

import static dev.vspec.infra.jooq.read.Tables.FLUID;
import static dev.vspec.projections.runtime.Upserts.replaceRows;

import dev.vspec.contracts.catalog.FluidsRecorded;
import dev.vspec.infra.jooq.read.tables.records.FluidRecord;
import dev.vspec.projections.runtime.EventHandlers;
import dev.vspec.projections.runtime.Projection;
import java.util.List;
import org.jooq.DSLContext;
import org.jooq.Table;
import org.springframework.stereotype.Component;

/** {@code read.fluid}: a configuration's fluids in the order they were recorded. */
@Component
class FluidsProjection implements Projection {

    @Override
    public String name() {
        return "fluids";
    }

    @Override
    public List<Table<?>> tables() {
        return List.of(FLUID);
    }

    @Override
    public EventHandlers handlers() {
        return EventHandlers.builder().on(FluidsRecorded.class, this::on).build();
    }

    /** The event carries the complete list, so it replaces the configuration's rows. */
    void on(DSLContext db, FluidsRecorded e) {
        replaceRows(db, FLUID.CONFIG_KEY, e.configKey(), e.fluids(), (i, f) -> new FluidRecord(e.configKey(), i,
                f.type(), f.specification(), f.capacityLitres(), f.capacityUsQuarts(), f.notes()),
                FLUID.CONFIG_KEY, FLUID.POSITION);
    }
}
