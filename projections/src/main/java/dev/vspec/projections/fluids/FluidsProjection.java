package dev.vspec.projections.fluids;

import static dev.vspec.storage.jooq.read.Tables.FLUIDS_DOCUMENT;

import dev.vspec.contracts.catalog.FluidsRecorded;
import dev.vspec.projections.runtime.EventHandlers;
import dev.vspec.projections.runtime.Projection;
import dev.vspec.readmodel.FluidView;
import dev.vspec.readmodel.GroupDocument;
import java.util.List;
import org.jooq.Table;

/** {@code read.fluids_document}: a configuration's fluids, rendered, in the order they were recorded. */
public class FluidsProjection implements Projection {

    @Override
    public String name() {
        return "fluids";
    }

    @Override
    public List<Table<?>> tables() {
        return List.of(FLUIDS_DOCUMENT);
    }

    /**
     * The event carries the complete list, so it replaces the configuration's document, unless that
     * came from a source of higher precedence.
     */
    @Override
    public EventHandlers handlers() {
        return EventHandlers.replacingDocument(
                FluidsRecorded.class,
                GroupDocument.FLUIDS,
                FluidsRecorded::configKey,
                e -> FluidView.of(e.fluids()),
                FluidsRecorded::source);
    }
}
