package dev.vspec.projections.servicehistory;

import static dev.vspec.infra.jooq.read.Tables.SERVICE_RECORD;
import static dev.vspec.projections.runtime.Upserts.replaceRows;

import dev.vspec.contracts.catalog.ServiceHistoryRecorded;
import dev.vspec.infra.jooq.read.tables.records.ServiceRecordRecord;
import dev.vspec.projections.runtime.EventHandlers;
import dev.vspec.projections.runtime.Projection;
import java.util.List;
import org.jooq.DSLContext;
import org.jooq.Table;
import org.springframework.stereotype.Component;

/** {@code read.service_record}: a VIN's sanitized service history, one row per visit, oldest first. */
@Component
class ServiceHistoryProjection implements Projection {

    @Override
    public String name() {
        return "service_history";
    }

    @Override
    public List<Table<?>> tables() {
        return List.of(SERVICE_RECORD);
    }

    @Override
    public EventHandlers handlers() {
        return EventHandlers.builder().on(ServiceHistoryRecorded.class, this::on).build();
    }

    /** The event carries the complete history, so it replaces the VIN's rows; a visit's services keep their order. */
    void on(DSLContext db, ServiceHistoryRecorded e) {
        replaceRows(db, SERVICE_RECORD.VIN, e.vin(), e.records(), (i, r) -> new ServiceRecordRecord(e.vin(), i,
                r.performedOn(), r.odometerMiles(), r.odometerKm(), r.performedBy(), String.join(",", r.services())),
                SERVICE_RECORD.VIN, SERVICE_RECORD.POSITION);
    }
}
