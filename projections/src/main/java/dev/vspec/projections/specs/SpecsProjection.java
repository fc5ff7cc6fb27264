package dev.vspec.projections.specs;

import static dev.vspec.infra.jooq.read.Tables.SPEC;
import static dev.vspec.projections.runtime.Upserts.upsertAll;

import dev.vspec.contracts.catalog.SpecItem;
import dev.vspec.contracts.catalog.SpecsRecorded;
import dev.vspec.infra.jooq.read.tables.records.SpecRecord;
import dev.vspec.projections.runtime.EventHandlers;
import dev.vspec.projections.runtime.Projection;
import java.util.ArrayList;
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
        db.deleteFrom(SPEC).where(SPEC.CONFIG_KEY.eq(e.configKey())).execute();
        List<SpecRecord> rows = new ArrayList<>();
        for (int i = 0; i < e.specs().size(); i++) {
            SpecItem s = e.specs().get(i);
            rows.add(new SpecRecord(e.configKey(), i, s.section(), s.name(), s.value(), s.unit()));
        }
        upsertAll(db, rows, SPEC.CONFIG_KEY, SPEC.POSITION);
    }
}
