package dev.vspec.projections.specs;

import static dev.vspec.infra.jooq.read.Tables.SPECS_DOCUMENT;

import dev.vspec.contracts.catalog.SpecsRecorded;
import dev.vspec.projections.runtime.EventHandlers;
import dev.vspec.projections.runtime.Projection;
import dev.vspec.readmodel.GroupDocument;
import dev.vspec.readmodel.SpecView;
import java.util.List;
import org.jooq.Table;

/** {@code read.specs_document}: a configuration's spec sheet, rendered, in the order it was recorded. */
public class SpecsProjection implements Projection {

    @Override
    public String name() {
        return "specs";
    }

    @Override
    public List<Table<?>> tables() {
        return List.of(SPECS_DOCUMENT);
    }

    /** The event carries the complete sheet, so it replaces the configuration's document. */
    @Override
    public EventHandlers handlers() {
        return EventHandlers.replacingDocument(
                SpecsRecorded.class,
                GroupDocument.SPECS,
                SpecsRecorded::configKey,
                e -> SpecView.of(e.specs()),
                SpecsRecorded::source);
    }
}
