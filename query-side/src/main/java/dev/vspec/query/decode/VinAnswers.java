package dev.vspec.query.decode;

import dev.vspec.contracts.error.ApiException;
import dev.vspec.contracts.error.ConfigMatch;
import dev.vspec.contracts.error.ErrorCode;
import dev.vspec.contracts.identity.Vin;
import dev.vspec.decoder.VinDecoder;
import dev.vspec.decoder.VinDecoding;
import dev.vspec.infra.decoding.DecoderSource;
import dev.vspec.query.vehicle.ResolvedVehicle;
import dev.vspec.query.vehicle.Vehicle;
import dev.vspec.query.vehicle.VehicleResolver;
import java.util.List;
import org.springframework.stereotype.Component;

/**
 * The decode route's answer for one VIN, shared by the single route and the batch: the decode, and the
 * held configuration it resolves to. A VIN the catalog links answers its configuration; any other is
 * matched by its decode.
 */
@Component
class VinAnswers {

    private final DecoderSource decoders;
    private final VehicleResolver vehicles;
    private final DecodeScope scope;

    VinAnswers(DecoderSource decoders, VehicleResolver vehicles, DecodeScope scope) {
        this.decoders = decoders;
        this.vehicles = vehicles;
        this.scope = scope;
    }

    /**
     * @throws ApiException 404 {@code not_found} when vPIC does not know the WMI (and no configuration holds
     *                      the VIN), 422 {@code unsupported_vehicle} with the decode when no engine code resolves,
     *                      503 {@code service_unavailable} when no vPIC release is installed
     */
    DecodeResponse answer(VinDecoder decoder, Vin vin) {
        if (!scope.covers(vin)) {
            throw new ApiException(ErrorCode.NOT_FOUND, scope.outOfScope());
        }
        List<ResolvedVehicle> linked = vehicles.linked(vin, List.of());
        boolean knowsWmi = decoder.knowsWmi(vin);
        if (!knowsWmi && linked.isEmpty()) {
            throw new ApiException(ErrorCode.NOT_FOUND, "NHTSA's vPIC registers no manufacturer with WMI "
                    + VinDecoder.wmiOf(vin.value()) + " (positions 1-3" + (vin.value().charAt(2) == '9' ? " and 12-14" : "")
                    + " of VIN " + vin + "), and no enriched vehicle config holds this VIN");
        }
        VinDecoding decoding = decoder.decode(vin);
        if (!linked.isEmpty()) {
            return new DecodeResponse(linked.get(0).vehicle(), decoding, null);
        }
        if (decoding.engineCode() == null) {
            throw VehicleResolver.unsupported(vin, decoding);
        }
        if (!decoding.identifiesModel()) {
            return new DecodeResponse(null, decoding, null);
        }
        List<Vehicle> matches = vehicles.matching(decoding, List.of()).stream().map(ResolvedVehicle::vehicle).toList();
        if (matches.size() == 1) {
            return new DecodeResponse(matches.get(0), decoding, null);
        }
        List<ConfigMatch> candidates = matches.isEmpty() ? null : matches.stream().map(Vehicle::asMatch).toList();
        return new DecodeResponse(null, decoding, candidates);
    }

    VinDecoder decoder() {
        return decoders.require();
    }

    DecodeScope scope() {
        return scope;
    }
}
