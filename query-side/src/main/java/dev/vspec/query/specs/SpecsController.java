package dev.vspec.query.specs;

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

/** {@code GET /api/v1/specs}: the resolved vehicle and its spec sheet. */
@RestController
class SpecsController {

    private final VehicleResolver vehicles;

    SpecsController(VehicleResolver vehicles) {
        this.vehicles = vehicles;
    }

    @RequiresScope(Scope.MAINTENANCE_READ)
    @GetMapping(Group.Routes.SPECS)
    SpecsResponse specs(VehicleIdentifier identifier, HttpServletResponse response) {
        ResolvedVehicle resolved = vehicles.resolve(identifier, GroupDocument.SPECS);
        LastModified.send(response, resolved.lastChange());
        return new SpecsResponse(
                resolved.vehicle(), resolved.json(GroupDocument.SPECS), resolved.coverageOf(Group.SPECS));
    }
}
