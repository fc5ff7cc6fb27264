package dev.vspec.query.fluids;

import dev.vspec.access.RequiresScope;
import dev.vspec.contracts.access.Scope;
import dev.vspec.contracts.identity.VehicleIdentifier;
import dev.vspec.query.lookup.VehicleResolver;
import dev.vspec.query.vehicle.ResolvedVehicle;
import dev.vspec.query.web.LastModified;
import dev.vspec.readmodel.Group;
import dev.vspec.readmodel.GroupDocument;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/** {@code GET /api/v1/fluids}: the resolved vehicle and the fluids recorded for it. */
@RestController
class FluidsController {

    private final VehicleResolver vehicles;

    FluidsController(VehicleResolver vehicles) {
        this.vehicles = vehicles;
    }

    @RequiresScope(Scope.MAINTENANCE_READ)
    @GetMapping(Group.Routes.FLUIDS)
    FluidsResponse fluids(VehicleIdentifier identifier, HttpServletResponse response) {
        ResolvedVehicle resolved = vehicles.resolve(identifier, GroupDocument.FLUIDS);
        LastModified.send(response, resolved.lastChange());
        return new FluidsResponse(
                resolved.vehicle(), resolved.json(GroupDocument.FLUIDS), resolved.coverageOf(Group.FLUIDS));
    }
}
