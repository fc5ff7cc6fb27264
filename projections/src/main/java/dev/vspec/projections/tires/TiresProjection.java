package dev.vspec.projections.tires;

import static dev.vspec.infra.jooq.read.Tables.TIRE;
import static dev.vspec.projections.runtime.Upserts.replaceRows;

import dev.vspec.contracts.catalog.TiresRecorded;
import dev.vspec.infra.jooq.read.tables.records.TireRecord;
import dev.vspec.projections.runtime.EventHandlers;
import dev.vspec.projections.runtime.Projection;
import java.util.List;
import org.jooq.DSLContext;
import org.jooq.Table;
import org.springframework.stereotype.Component;

/** {@code read.tire}: a configuration's tire fitment per axle. */
@Component
class TiresProjection implements Projection {

    @Override
    public String name() {
        return "tires";
    }

    @Override
    public List<Table<?>> tables() {
        return List.of(TIRE);
    }

    @Override
    public EventHandlers handlers() {
        return EventHandlers.builder().on(TiresRecorded.class, this::on).build();
    }

    /** The event carries the complete fitment, so it replaces the configuration's rows. */
    void on(DSLContext db, TiresRecorded e) {
        replaceRows(db, TIRE.CONFIG_KEY, e.configKey(), e.tires(), (i, t) -> new TireRecord(e.configKey(), i,
                t.axle(), t.size(), t.loadIndex(), t.speedRating(), t.pressureKpa(), t.pressurePsi()),
                TIRE.CONFIG_KEY, TIRE.POSITION);
    }
}
