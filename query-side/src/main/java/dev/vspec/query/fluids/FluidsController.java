package dev.vspec.query.fluids;

import dev.vspec.contracts.identity.VehicleIdentifier;
import dev.vspec.query.vehicle.Vehicle;
import dev.vspec.query.vehicle.VehicleResolver;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/** {@code GET /api/v1/fluids}: the resolved vehicle and the fluids recorded for it. */
@RestController
class FluidsController {

    private final VehicleResolver vehicles;
    private final FluidsQuery fluids;

    FluidsController(VehicleResolver vehicles, FluidsQuery fluids) {
        this.vehicles = vehicles;
        this.fluids = fluids;
    }

    @GetMapping("/api/v1/fluids")
    FluidsResponse fluids(VehicleIdentifier identifier) {
        Vehicle vehicle = vehicles.resolve(identifier);
        return new FluidsResponse(vehicle, fluids.of(vehicle.configKey()));
    }
}
