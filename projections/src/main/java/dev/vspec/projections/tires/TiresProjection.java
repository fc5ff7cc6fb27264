package dev.vspec.projections.tires;

import static dev.vspec.storage.jooq.read.Tables.TIRES_DOCUMENT;

import dev.vspec.contracts.catalog.TiresRecorded;
import dev.vspec.projections.runtime.EventHandlers;
import dev.vspec.projections.runtime.Projection;
import dev.vspec.readmodel.GroupDocument;
import dev.vspec.readmodel.TireView;
import java.util.List;
import org.jooq.Table;

/** {@code read.tires_document}: a configuration's tire fitment per axle, rendered. */
public class TiresProjection implements Projection {

    @Override
    public String name() {
        return "tires";
    }

    @Override
    public List<Table<?>> tables() {
        return List.of(TIRES_DOCUMENT);
    }

    /** The event carries the complete fitment, so it replaces the configuration's document. */
    @Override
    public EventHandlers handlers() {
        return EventHandlers.replacingDocument(
                TiresRecorded.class,
                GroupDocument.TIRES,
                TiresRecorded::configKey,
                e -> TireView.of(e.tires()),
                TiresRecorded::source);
    }
}
