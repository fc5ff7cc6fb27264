package dev.vspec.query.decode;

import dev.vspec.infra.access.RequiresScope;
import dev.vspec.infra.access.Scope;
import dev.vspec.contracts.identity.VehicleIdentifier.ByVin;
import dev.vspec.contracts.identity.VehicleIdentifier;
import dev.vspec.infra.decoding.VinDecoder;
import dev.vspec.query.vehicle.Vehicle;
import dev.vspec.query.vehicle.VehicleResolver;
import io.swagger.v3.oas.annotations.Operation;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code GET /api/v1/decode}: identity from a decode. The vehicle is resolved as on every route
 * (a VIN that is not held is decoded and matched, see {@link VehicleResolver}); in VIN mode the answer
 * also carries the decoder's full reading, warnings included. Its {@code Cache-Control} (a day: a
 * VIN's decode and its configuration's identity do not change) comes from the query side's cache policy.
 */
@RestController
class DecodeController {

    private final VehicleResolver vehicles;
    private final VinDecoder decoder;

    DecodeController(VehicleResolver vehicles, VinDecoder decoder) {
        this.vehicles = vehicles;
        this.decoder = decoder;
    }

    @Operation(operationId = "decode", summary = "Identity from a decode", description = """
            Resolves the identifier to one configuration and answers its `vehicle` block. In vin mode, `decode` \
            carries what the built-in decoder read from the VIN: the check digit per 49 CFR 565 (a wrong one is a \
            warning with the corrected VIN, never an error), WMI, manufacturer, country, model year, plant and serial, \
            and model, trim, engine code and drivetrain where the VIN encodes them. In the other modes `decode` is null.""")
    @RequiresScope(Scope.MAINTENANCE_READ)
    @GetMapping("/api/v1/decode")
    DecodeResponse decode(VehicleIdentifier identifier) {
        Vehicle vehicle = vehicles.resolve(identifier);
        return new DecodeResponse(vehicle, identifier instanceof ByVin byVin ? decoder.decode(byVin.vin()) : null);
    }
}
