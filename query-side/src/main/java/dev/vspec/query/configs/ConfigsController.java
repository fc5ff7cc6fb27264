package dev.vspec.query.configs;

import dev.vspec.access.RequiresScope;
import dev.vspec.contracts.access.Scope;
import dev.vspec.contracts.identity.VehicleIdentifier;
import dev.vspec.query.lookup.VehicleResolver;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/** {@code GET /api/v1/configs}: the candidates of a lookup as a 200 list, the same list a 409 carries. */
@RestController
class ConfigsController {

    private final VehicleResolver vehicles;

    ConfigsController(VehicleResolver vehicles) {
        this.vehicles = vehicles;
    }

    @RequiresScope(Scope.MAINTENANCE_READ)
    @GetMapping("/api/v1/configs")
    ConfigsResponse configs(VehicleIdentifier identifier) {
        return new ConfigsResponse(vehicles.candidates(identifier));
    }
}
