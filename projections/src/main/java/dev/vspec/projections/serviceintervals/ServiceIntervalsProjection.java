package dev.vspec.projections.serviceintervals;

import static dev.vspec.infra.jooq.read.Tables.SERVICE_INTERVAL;
import static dev.vspec.projections.runtime.Upserts.replaceRows;

import dev.vspec.contracts.catalog.ServiceScheduleRecorded;
import dev.vspec.infra.jooq.read.tables.records.ServiceIntervalRecord;
import dev.vspec.projections.runtime.EventHandlers;
import dev.vspec.projections.runtime.Projection;
import java.util.List;
import org.jooq.DSLContext;
import org.jooq.Table;
import org.springframework.stereotype.Component;

/** {@code read.service_interval}: a configuration's maintenance schedule, normal and severe. */
@Component
class ServiceIntervalsProjection implements Projection {

    @Override
    public String name() {
        return "service_intervals";
    }

    @Override
    public List<Table<?>> tables() {
        return List.of(SERVICE_INTERVAL);
    }

    @Override
    public EventHandlers handlers() {
        return EventHandlers.builder().on(ServiceScheduleRecorded.class, this::on).build();
    }

    /** The event carries the complete schedule, so it replaces the configuration's rows. */
    void on(DSLContext db, ServiceScheduleRecorded e) {
        replaceRows(db, SERVICE_INTERVAL.CONFIG_KEY, e.configKey(), e.intervals(), (i, s) -> new ServiceIntervalRecord(
                e.configKey(), i, s.schedule(), s.service(), s.description(), s.miles(), s.kilometres(), s.months()),
                SERVICE_INTERVAL.CONFIG_KEY, SERVICE_INTERVAL.POSITION);
    }
}
