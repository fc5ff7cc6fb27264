package dev.vspec.query.configs;

import dev.vspec.contracts.access.Scope;
import dev.vspec.contracts.identity.VehicleIdentifier;
import dev.vspec.infra.access.RequiresScope;
import dev.vspec.query.vehicle.VehicleResolver;
import io.swagger.v3.oas.annotations.Operation;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/** {@code GET /api/v1/configs}: the candidates of a lookup as a 200 list, the same list a 409 carries. */
@RestController
class ConfigsController {

    private final VehicleResolver vehicles;

    ConfigsController(VehicleResolver vehicles) {
        this.vehicles = vehicles;
    }

    @Operation(operationId = "listConfigs", summary = "The candidate configurations of a lookup", description = """
            Every configuration the identifier matches, as a 200 list: the same list, in the same order (label, \
            then key), that a 409 `multiple_matches` carries. Pick one `config_key` from it for later reads.""")
    @RequiresScope(Scope.MAINTENANCE_READ)
    @GetMapping("/api/v1/configs")
    ConfigsResponse configs(VehicleIdentifier identifier) {
        return new ConfigsResponse(vehicles.candidates(identifier));
    }
}
