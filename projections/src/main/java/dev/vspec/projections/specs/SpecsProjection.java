package dev.vspec.projections.specs;

import static dev.vspec.infra.jooq.read.Tables.SPEC;
import static dev.vspec.projections.runtime.Upserts.replaceRows;

import dev.vspec.contracts.catalog.SpecsRecorded;
import dev.vspec.infra.jooq.read.tables.records.SpecRecord;
import dev.vspec.projections.runtime.EventHandlers;
import dev.vspec.projections.runtime.Projection;
import java.util.List;
import org.jooq.DSLContext;
import org.jooq.Table;
import org.springframework.stereotype.Component;

/** {@code read.spec}: a configuration's spec sheet in the order it was recorded. */
@Component
class SpecsProjection implements Projection {

    @Override
    public String name() {
        return "specs";
    }

    @Override
    public List<Table<?>> tables() {
        return List.of(SPEC);
    }

    @Override
    public EventHandlers handlers() {
        return EventHandlers.builder().on(SpecsRecorded.class, this::on).build();
    }

    /** The event carries the complete sheet, so it replaces the configuration's rows. */
    void on(DSLContext db, SpecsRecorded e) {
        replaceRows(db, SPEC.CONFIG_KEY, e.configKey(), e.specs(), (i, s) -> new SpecRecord(e.configKey(), i,
                s.section(), s.name(), s.value(), s.unit()),
                SPEC.CONFIG_KEY, SPEC.POSITION);
    }
}
