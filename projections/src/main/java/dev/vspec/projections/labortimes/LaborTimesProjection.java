package dev.vspec.projections.labortimes;

import static dev.vspec.infra.jooq.read.Tables.LABOR_TIME;
import static dev.vspec.projections.runtime.Upserts.replaceRows;

import dev.vspec.contracts.catalog.LaborTimesRecorded;
import dev.vspec.infra.jooq.read.tables.records.LaborTimeRecord;
import dev.vspec.projections.runtime.EventHandlers;
import dev.vspec.projections.runtime.Projection;
import java.util.List;
import org.jooq.DSLContext;
import org.jooq.Table;
import org.springframework.stereotype.Component;

/** {@code read.labor_time}: book hours per operation of a configuration. */
@Component
class LaborTimesProjection implements Projection {

    @Override
    public String name() {
        return "labor_times";
    }

    @Override
    public List<Table<?>> tables() {
        return List.of(LABOR_TIME);
    }

    @Override
    public EventHandlers handlers() {
        return EventHandlers.builder().on(LaborTimesRecorded.class, this::on).build();
    }

    /**
     * The event carries the complete list, so it replaces the configuration's rows. An operation
     * listed twice keeps its last entry (row by row upserts, not one multi-row insert).
     */
    void on(DSLContext db, LaborTimesRecorded e) {
        replaceRows(db, LABOR_TIME.CONFIG_KEY, e.configKey(), e.laborTimes(), (i, l) -> new LaborTimeRecord(
                e.configKey(), l.operation(), i, l.description(), l.hours()),
                LABOR_TIME.CONFIG_KEY, LABOR_TIME.OPERATION);
    }
}
