package dev.vspec.query.tires;

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

/** {@code GET /api/v1/tires}: the resolved vehicle and its tire fitment. */
@RestController
class TiresController {

    private final VehicleResolver vehicles;

    TiresController(VehicleResolver vehicles) {
        this.vehicles = vehicles;
    }

    @RequiresScope(Scope.MAINTENANCE_READ)
    @GetMapping(Group.Routes.TIRES)
    TiresResponse tires(VehicleIdentifier identifier, HttpServletResponse response) {
        ResolvedVehicle resolved = vehicles.resolve(identifier, GroupDocument.TIRES);
        LastModified.send(response, resolved.lastChange());
        return new TiresResponse(
                resolved.vehicle(), resolved.json(GroupDocument.TIRES), resolved.coverageOf(Group.TIRES));
    }
}
