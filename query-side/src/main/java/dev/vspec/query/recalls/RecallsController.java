package dev.vspec.query.recalls;

import dev.vspec.access.RequiresScope;
import dev.vspec.contracts.access.Scope;
import dev.vspec.contracts.identity.VehicleIdentifier;
import dev.vspec.query.lookup.NamedModel;
import dev.vspec.query.lookup.VehicleResolver;
import dev.vspec.query.vehicle.Coverage;
import dev.vspec.query.web.LastModified;
import dev.vspec.readmodel.Group;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code GET /api/v1/recalls}: NHTSA's vehicle recalls for the model year, make and model the identifier names. Recalls
 * are kept per model, so no configuration needs to be held: a year, make and model answers as sent, a VIN by its
 * linked configuration or else its decode, a config_key by its configuration (404 when none is held).
 */
@RestController
class RecallsController {

    private final VehicleResolver vehicles;
    private final RecallQuery recalls;

    RecallsController(VehicleResolver vehicles, RecallQuery recalls) {
        this.vehicles = vehicles;
        this.recalls = recalls;
    }

    @RequiresScope(Scope.MAINTENANCE_READ)
    @GetMapping(Group.Routes.RECALLS)
    RecallsResponse recalls(VehicleIdentifier identifier, HttpServletResponse response) {
        NamedModel model = vehicles.model(identifier);
        Coverage coverage = recalls.coverage();
        LastModified.send(response, model.picked().and(coverage.lastChange()));
        return new RecallsResponse(
                RecallsResponse.Subject.of(model), recalls.of(model.year(), model.make(), model.model()), coverage);
    }
}
