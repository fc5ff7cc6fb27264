package dev.vspec.query.schedule;

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

/** {@code GET /api/v1/maintenance-schedule}: the resolved vehicle and its service intervals, normal and severe. */
@RestController
class ScheduleController {

    private final VehicleResolver vehicles;

    ScheduleController(VehicleResolver vehicles) {
        this.vehicles = vehicles;
    }

    @RequiresScope(Scope.MAINTENANCE_READ)
    @GetMapping(Group.Routes.MAINTENANCE_SCHEDULE)
    ScheduleResponse schedule(VehicleIdentifier identifier, HttpServletResponse response) {
        ResolvedVehicle resolved = vehicles.resolve(identifier, GroupDocument.MAINTENANCE_SCHEDULE);
        LastModified.send(response, resolved.lastChange());
        return new ScheduleResponse(
                resolved.vehicle(),
                resolved.json(GroupDocument.MAINTENANCE_SCHEDULE),
                resolved.coverageOf(Group.MAINTENANCE_SCHEDULE));
    }
}
