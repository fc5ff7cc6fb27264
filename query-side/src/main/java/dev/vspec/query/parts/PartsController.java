package dev.vspec.query.parts;

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

/** {@code GET /api/v1/parts}: the resolved vehicle and its parts, each with its current price and price history. */
@RestController
class PartsController {

    private final VehicleResolver vehicles;

    PartsController(VehicleResolver vehicles) {
        this.vehicles = vehicles;
    }

    @RequiresScope(Scope.MAINTENANCE_READ)
    @GetMapping(Group.Routes.PARTS)
    PartsResponse parts(VehicleIdentifier identifier, HttpServletResponse response) {
        ResolvedVehicle resolved = vehicles.resolve(identifier, GroupDocument.PARTS);
        LastModified.send(response, resolved.lastChange());
        return new PartsResponse(
                resolved.vehicle(), resolved.json(GroupDocument.PARTS), resolved.coverageOf(Group.PARTS));
    }
}
