package dev.vspec.query.servicehistory;

import dev.vspec.access.RequiresScope;
import dev.vspec.contracts.access.Scope;
import dev.vspec.contracts.error.ApiException;
import dev.vspec.contracts.error.ErrorCode;
import dev.vspec.contracts.identity.VehicleIdentifier;
import dev.vspec.contracts.identity.VehicleIdentifier.ByVin;
import dev.vspec.contracts.identity.Vin;
import dev.vspec.platform.web.AskedRoutes;
import dev.vspec.query.lookup.VehicleResolver;
import dev.vspec.query.vehicle.ResolvedVehicle;
import dev.vspec.query.vehicle.Vehicle;
import dev.vspec.query.web.LastModified;
import dev.vspec.readmodel.Group;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.util.List;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code GET /api/v0/service-history?vin=}: a VIN's sanitized service history, oldest visit first.
 * History belongs to one vehicle, not to a configuration, so the other identifier modes are 400
 * {@code missing_param}.
 */
@RestController
class ServiceHistoryController {

    private final VehicleResolver vehicles;
    private final ServiceHistoryQuery history;

    ServiceHistoryController(VehicleResolver vehicles, ServiceHistoryQuery history) {
        this.vehicles = vehicles;
        this.history = history;
    }

    @RequiresScope(Scope.SERVICE_HISTORY_READ)
    @GetMapping(Group.Routes.SERVICE_HISTORY)
    ServiceHistoryResponse serviceHistory(
            VehicleIdentifier identifier, HttpServletRequest request, HttpServletResponse response) {
        if (!(identifier instanceof ByVin byVin)) {
            throw ApiException.about(Vin.PARAM, ErrorCode.MISSING_PARAM, "service history is kept per VIN; pass vin");
        }
        // The visits are the VIN's history, whose record the vehicle's coverage shows.
        ResolvedVehicle resolved = vehicles.resolve(identifier, List.of());
        Vehicle vehicle = resolved.vehicle();
        List<ServiceVisit> visits = history.of(vehicle, identifier, AskedRoutes.of(request));
        LastModified.send(response, resolved.lastChange());
        return new ServiceHistoryResponse(
                vehicle, byVin.vin().value(), visits, resolved.coverageOf(Group.SERVICE_HISTORY));
    }
}
