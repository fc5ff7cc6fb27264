package dev.vspec.projections.tires;

import static dev.vspec.infra.jooq.read.Tables.TIRES_DOCUMENT;

import dev.vspec.contracts.catalog.TiresRecorded;
import dev.vspec.infra.readmodel.GroupDocument;
import dev.vspec.infra.readmodel.TireView;
import dev.vspec.projections.runtime.EventHandlers;
import dev.vspec.projections.runtime.Projection;
import java.util.List;
import org.jooq.DSLContext;
import org.jooq.Table;
import org.springframework.stereotype.Component;

/** {@code read.tires_document}: a configuration's tire fitment per axle, rendered. */
@Component
class TiresProjection implements Projection {

    @Override
    public String name() {
        return "tires";
    }

    @Override
    public List<Table<?>> tables() {
        return List.of(TIRES_DOCUMENT);
    }

    @Override
    public EventHandlers handlers() {
        return EventHandlers.builder().on(TiresRecorded.class, this::on).build();
    }

    /** The event carries the complete fitment, so it replaces the configuration's document. */
    void on(DSLContext db, TiresRecorded e) {
        GroupDocument.TIRES.write(db, e.configKey(), TireView.of(e.tires()));
    }
}
