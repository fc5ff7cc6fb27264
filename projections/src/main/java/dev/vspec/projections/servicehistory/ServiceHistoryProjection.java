package dev.vspec.projections.servicehistory;

import static dev.vspec.projections.runtime.Upserts.replaceRows;
import static dev.vspec.projections.runtime.Upserts.upsert;
import static dev.vspec.storage.jooq.read.Tables.SERVICE_HISTORY_SOURCE;
import static dev.vspec.storage.jooq.read.Tables.SERVICE_RECORD;

import dev.vspec.contracts.catalog.ServiceHistoryRecorded;
import dev.vspec.projections.runtime.EventHandlers;
import dev.vspec.projections.runtime.Projection;
import dev.vspec.readmodel.Provenance;
import dev.vspec.storage.jooq.read.tables.records.ServiceHistorySourceRecord;
import dev.vspec.storage.jooq.read.tables.records.ServiceRecordRecord;
import java.time.Instant;
import java.util.List;
import org.jooq.DSLContext;
import org.jooq.Table;

/**
 * {@code read.service_record}: a VIN's sanitized service history, one row per visit, oldest first;
 * {@code read.service_history_source}: where the VIN's history came from, one row per VIN (also for an
 * empty history). A history from a source of lower precedence than the held one's does not replace it.
 */
public class ServiceHistoryProjection implements Projection {

    @Override
    public String name() {
        return "service_history";
    }

    @Override
    public List<Table<?>> tables() {
        return List.of(SERVICE_RECORD, SERVICE_HISTORY_SOURCE);
    }

    @Override
    public EventHandlers handlers() {
        return EventHandlers.builder()
                .on(ServiceHistoryRecorded.class, this::on)
                .build();
    }

    /** The event carries the complete history, so it replaces the VIN's rows; a visit's services keep their order. */
    void on(DSLContext db, ServiceHistoryRecorded e, Instant at) {
        Provenance provenance = Provenance.of(e.source(), at);
        Short held = db.select(SERVICE_HISTORY_SOURCE.SOURCE_RANK)
                .from(SERVICE_HISTORY_SOURCE)
                .where(SERVICE_HISTORY_SOURCE.VIN.eq(e.vin()))
                .fetchOne(SERVICE_HISTORY_SOURCE.SOURCE_RANK);
        if (held != null && held > provenance.rank()) {
            return;
        }
        upsert(
                        db,
                        new ServiceHistorySourceRecord(
                                e.vin(), provenance.source(), provenance.rank(), provenance.recordedAt()),
                        SERVICE_HISTORY_SOURCE.VIN)
                .execute();
        replaceRows(
                db,
                SERVICE_RECORD.VIN,
                e.vin(),
                e.records(),
                (i, r) -> new ServiceRecordRecord(
                        e.vin(),
                        i,
                        r.performedOn(),
                        r.odometerMiles(),
                        r.odometerKm(),
                        r.performedBy(),
                        String.join(",", r.services())),
                SERVICE_RECORD.VIN,
                SERVICE_RECORD.POSITION);
    }
}
