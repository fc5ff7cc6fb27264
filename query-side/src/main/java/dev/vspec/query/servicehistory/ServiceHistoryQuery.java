package dev.vspec.query.servicehistory;

import static dev.vspec.storage.jooq.read.Tables.SERVICE_RECORD;

import dev.vspec.contracts.error.ApiException;
import dev.vspec.contracts.error.ErrorCode;
import dev.vspec.contracts.identity.VehicleIdentifier;
import dev.vspec.contracts.identity.VehicleIdentifier.ByVin;
import dev.vspec.platform.web.AskedRoutes;
import dev.vspec.query.vehicle.GroupBuilder;
import dev.vspec.query.vehicle.Vehicle;
import dev.vspec.readmodel.Group;
import java.util.Arrays;
import java.util.List;
import org.jooq.DSLContext;
import org.springframework.stereotype.Component;

/** The service history group: {@code read.service_record} of one VIN, oldest visit first. Kept per VIN, not per configuration. */
@Component
class ServiceHistoryQuery implements GroupBuilder<List<ServiceVisit>> {

    private final DSLContext db;

    ServiceHistoryQuery(DSLContext db) {
        this.db = db;
    }

    @Override
    public Group group() {
        return Group.SERVICE_HISTORY;
    }

    @Override
    public void accepts(VehicleIdentifier identifier) {
        if (!(identifier instanceof ByVin)) {
            throw ApiException.about(
                    "include",
                    ErrorCode.INVALID_PARAM,
                    "include=service_history needs the vin identifier mode: service history is kept per VIN");
        }
    }

    @Override
    public List<ServiceVisit> of(Vehicle vehicle, VehicleIdentifier identifier, AskedRoutes routes) {
        accepts(identifier);
        return of(((ByVin) identifier).vin().value());
    }

    List<ServiceVisit> of(String vin) {
        return db.selectFrom(SERVICE_RECORD)
                .where(SERVICE_RECORD.VIN.eq(vin))
                .orderBy(SERVICE_RECORD.PERFORMED_ON, SERVICE_RECORD.POSITION)
                .fetch(row -> new ServiceVisit(
                        row.getPerformedOn().toString(),
                        new ServiceVisit.Odometer(row.getOdometerMiles(), row.getOdometerKm()),
                        row.getPerformedBy(),
                        codes(row.getServices())));
    }

    private static List<String> codes(String services) {
        return Arrays.stream(services.split(","))
                .map(String::strip)
                .filter(code -> !code.isEmpty())
                .toList();
    }
}
