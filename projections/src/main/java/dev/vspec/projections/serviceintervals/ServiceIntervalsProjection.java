package dev.vspec.projections.serviceintervals;

import static dev.vspec.storage.jooq.read.Tables.MAINTENANCE_SCHEDULE_DOCUMENT;

import dev.vspec.contracts.catalog.ServiceScheduleRecorded;
import dev.vspec.projections.runtime.EventHandlers;
import dev.vspec.projections.runtime.Projection;
import dev.vspec.readmodel.GroupDocument;
import dev.vspec.readmodel.Schedules;
import java.util.List;
import org.jooq.Table;

/** {@code read.maintenance_schedule_document}: a configuration's maintenance schedule, normal and severe, rendered. */
public class ServiceIntervalsProjection implements Projection {

    @Override
    public String name() {
        return "service_intervals";
    }

    @Override
    public List<Table<?>> tables() {
        return List.of(MAINTENANCE_SCHEDULE_DOCUMENT);
    }

    /** The event carries the complete schedule, so it replaces the configuration's document. */
    @Override
    public EventHandlers handlers() {
        return EventHandlers.replacingDocument(
                ServiceScheduleRecorded.class,
                GroupDocument.MAINTENANCE_SCHEDULE,
                ServiceScheduleRecorded::configKey,
                e -> Schedules.of(e.intervals()),
                ServiceScheduleRecorded::source);
    }
}
