package dev.vspec.query.decode;

import dev.vspec.contracts.error.ApiException;
import dev.vspec.contracts.error.ConfigMatch;
import dev.vspec.contracts.error.ErrorCode;
import dev.vspec.contracts.identity.VehicleIdentifier.ByConfigKey;
import dev.vspec.contracts.identity.VehicleIdentifier.ByVin;
import dev.vspec.contracts.identity.Vin;
import dev.vspec.decoder.VinDecoder;
import dev.vspec.decoder.VinDecoding;
import dev.vspec.decoding.DecoderSource;
import dev.vspec.query.lookup.DecodedMatches;
import dev.vspec.query.lookup.VehicleResolver;
import dev.vspec.query.lookup.VinEngines;
import dev.vspec.query.vehicle.Vehicle;
import dev.vspec.readmodel.EpaEngineResolution;
import dev.vspec.readmodel.Group;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.springframework.stereotype.Component;

/**
 * The decode route's answers, for one VIN or a batch: each VIN's decode and the held configuration it
 * resolves to. A VIN the catalog links answers its configuration; any other is matched by its decode. A
 * batch reads what the catalog holds for all its VINs in two statements, not two per VIN.
 */
@Component
class VinAnswers {

    private final DecoderSource decoders;
    private final VehicleResolver vehicles;
    private final DecodedMatches decodedMatches;
    private final DecodeScope scope;
    private final VinEngines engines;

    VinAnswers(
            DecoderSource decoders,
            VehicleResolver vehicles,
            DecodedMatches decodedMatches,
            DecodeScope scope,
            VinEngines engines) {
        this.decoders = decoders;
        this.vehicles = vehicles;
        this.decodedMatches = decodedMatches;
        this.scope = scope;
        this.engines = engines;
    }

    /** One VIN's answer: what the single route answers, or the refusal it answers with. */
    record Answer(Vin vin, DecodeResponse response, ApiException refusal) {}

    /**
     * The single route's answer.
     *
     * @throws ApiException 404 {@code not_found} when vPIC does not know the WMI (and no configuration holds
     *                      the VIN), 422 {@code unsupported_vehicle} with the decode when no engine code resolves,
     *                      503 {@code service_unavailable} when no vPIC release is installed
     */
    DecodeResponse answer(VinDecoder decoder, Vin vin) {
        Answer answer = answers(decoder, List.of(vin)).get(0);
        if (answer.refusal() != null) {
            throw answer.refusal();
        }
        return answer.response();
    }

    /** Each VIN's answer, in the order given. */
    List<Answer> answers(VinDecoder decoder, List<Vin> vins) {
        List<Vin> inScope = vins.stream().filter(scope::covers).toList();
        Map<String, String> linked = decodedMatches.linkedKeys(inScope);
        Answer[] answers = new Answer[vins.size()];
        VinDecoding[] decodings = new VinDecoding[vins.size()];
        List<VinDecoding> toMatch = new ArrayList<>();
        for (int i = 0; i < vins.size(); i++) {
            Vin vin = vins.get(i);
            String linkedKey = linked.get(vin.value());
            if (!scope.covers(vin)) {
                answers[i] = refused(vin, new ApiException(ErrorCode.NOT_FOUND, scope.outOfScope()));
            } else if (linkedKey == null && !decoder.knowsWmi(vin)) {
                answers[i] = refused(
                        vin,
                        new ApiException(
                                ErrorCode.NOT_FOUND,
                                "NHTSA's vPIC registers no manufacturer"
                                        + " with WMI " + VinDecoder.wmiOf(vin.value()) + " (positions 1-3"
                                        + (vin.value().charAt(2) == '9' ? " and 12-14" : "") + " of VIN " + vin
                                        + "), and no enriched vehicle config holds this VIN"));
            } else {
                EpaEngineResolution resolution = engines.resolve(decoder.decode(vin));
                VinDecoding decoding = resolution.decoding();
                if (linkedKey != null) {
                    Vehicle vehicle = vehicles.resolve(new ByVin(vin));
                    answers[i] = new Answer(vin, new DecodeResponse(vehicle, decoding, null), null);
                } else if (decoding.engineCode() == null) {
                    answers[i] = refused(vin, VehicleResolver.unsupported(vin, decoding, resolution.candidates()));
                } else if (!decoding.identifiesModel()) {
                    answers[i] = new Answer(vin, new DecodeResponse(null, decoding, null), null);
                } else {
                    decodings[i] = decoding;
                    toMatch.add(decoding);
                }
            }
        }
        List<List<Vehicle>> matches = decodedMatches.matching(toMatch);
        int next = 0;
        for (int i = 0; i < vins.size(); i++) {
            if (decodings[i] != null) {
                answers[i] = matched(vins.get(i), decodings[i], matches.get(next++));
            }
        }
        return List.of(answers);
    }

    private Answer matched(Vin vin, VinDecoding decoding, List<Vehicle> matches) {
        if (matches.size() == 1) {
            // Read as by its config_key (cached, with its coverage); no import linked the VIN, so its history is
            // missing.
            Vehicle vehicle = vehicles.resolve(new ByConfigKey(matches.get(0).configKey()));
            return new Answer(
                    vin,
                    new DecodeResponse(
                            vehicle.withCoverage(vehicle.coverage().withMissing(Group.SERVICE_HISTORY.key())),
                            decoding,
                            null),
                    null);
        }
        List<ConfigMatch> candidates = matches.isEmpty()
                ? null
                : matches.stream().map(Vehicle::asMatch).toList();
        return new Answer(vin, new DecodeResponse(null, decoding, candidates), null);
    }

    private static Answer refused(Vin vin, ApiException refusal) {
        return new Answer(vin, null, refusal);
    }

    VinDecoder decoder() {
        return decoders.require();
    }

    DecodeScope scope() {
        return scope;
    }
}
