package dev.vspec.projections.labortimes;

import static dev.vspec.storage.jooq.read.Tables.LABOR_DOCUMENT;

import dev.vspec.contracts.catalog.LaborTimesRecorded;
import dev.vspec.projections.runtime.EventHandlers;
import dev.vspec.projections.runtime.Projection;
import dev.vspec.readmodel.GroupDocument;
import dev.vspec.readmodel.LaborView;
import java.util.List;
import org.jooq.Table;

/** {@code read.labor_document}: book hours per operation of a configuration, rendered. */
public class LaborTimesProjection implements Projection {

    @Override
    public String name() {
        return "labor_times";
    }

    @Override
    public List<Table<?>> tables() {
        return List.of(LABOR_DOCUMENT);
    }

    /**
     * The event carries the complete list, so it replaces the configuration's document. An operation
     * listed twice keeps its last entry.
     */
    @Override
    public EventHandlers handlers() {
        return EventHandlers.replacingDocument(
                LaborTimesRecorded.class,
                GroupDocument.LABOR,
                LaborTimesRecorded::configKey,
                e -> LaborView.of(e.laborTimes()),
                LaborTimesRecorded::source);
    }
}
