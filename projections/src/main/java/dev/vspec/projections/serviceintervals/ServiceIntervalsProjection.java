package dev.vspec.projections.serviceintervals;

import static dev.vspec.infra.jooq.read.Tables.MAINTENANCE_SCHEDULE_DOCUMENT;

import dev.vspec.contracts.catalog.ServiceScheduleRecorded;
import dev.vspec.infra.readmodel.GroupDocument;
import dev.vspec.infra.readmodel.Schedules;
import dev.vspec.projections.runtime.EventHandlers;
import dev.vspec.projections.runtime.Projection;
import java.util.List;
import org.jooq.DSLContext;
import org.jooq.Table;
import org.springframework.stereotype.Component;

/** {@code read.maintenance_schedule_document}: a configuration's maintenance schedule, normal and severe, rendered. */
@Component
class ServiceIntervalsProjection implements Projection {

    @Override
    public String name() {
        return "service_intervals";
    }

    @Override
    public List<Table<?>> tables() {
        return List.of(MAINTENANCE_SCHEDULE_DOCUMENT);
    }

    @Override
    public EventHandlers handlers() {
        return EventHandlers.builder().on(ServiceScheduleRecorded.class, this::on).build();
    }

    /** The event carries the complete schedule, so it replaces the configuration's document. */
    void on(DSLContext db, ServiceScheduleRecorded e) {
        GroupDocument.MAINTENANCE_SCHEDULE.write(db, e.configKey(), Schedules.of(e.intervals()));
    }
}
