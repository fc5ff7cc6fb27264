package dev.vspec.query.decode;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.vspec.access.RequiresScope;
import dev.vspec.contracts.access.Scope;
import dev.vspec.contracts.error.ApiException;
import dev.vspec.contracts.error.ErrorCode;
import dev.vspec.contracts.identity.VehicleIdentifier;
import dev.vspec.contracts.identity.VehicleIdentifier.ByVin;
import dev.vspec.decoder.PartialVinDecoding;
import dev.vspec.decoder.VinDecoder;
import dev.vspec.platform.web.RequestParameters;
import dev.vspec.query.lookup.VehicleResolver;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.util.Locale;
import java.util.Map;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code GET /api/v1/decode}: what NHTSA's vPIC data says of a VIN, and the held configuration it
 * resolves to; with {@code partial_vin=}, what the known positions of a partial VIN determine. In the
 * other identifier modes it answers the resolved configuration's {@code vehicle} block alone.
 */
@RestController
class DecodeController {

    private static final String PARTIAL_VIN = "partial_vin";
    private final VehicleResolver vehicles;
    private final VinAnswers answers;

    DecodeController(VehicleResolver vehicles, VinAnswers answers) {
        this.vehicles = vehicles;
        this.answers = answers;
    }

    @RequiresScope(Scope.MAINTENANCE_READ)
    @GetMapping(path = "/api/v1/decode", params = "!partial_vin")
    DecodeResponse decode(VehicleIdentifier identifier, HttpServletResponse response) {
        if (identifier instanceof ByVin byVin) {
            SupersededFields.announce(response);
            return answers.answer(answers.decoder(), byVin.vin());
        }
        return new DecodeResponse(vehicles.resolve(identifier), null, null);
    }

    @RequiresScope(Scope.MAINTENANCE_READ)
    @GetMapping(path = "/api/v1/decode", params = PARTIAL_VIN)
    PartialDecodeResponse decodePartial(HttpServletRequest request, HttpServletResponse response) {
        Map<String, String[]> parameters = RequestParameters.of(request);
        for (String other : VehicleIdentifier.PARAMETERS) {
            if (parameters.containsKey(other)) {
                throw ApiException.about(
                        other, ErrorCode.INVALID_PARAM, "partial_vin is a mode of its own: send it without " + other);
            }
        }
        String[] values = parameters.get(PARTIAL_VIN);
        if (values[0].isBlank()) {
            throw ApiException.about(
                    PARTIAL_VIN, ErrorCode.INVALID_PARAM, "Send one partial_vin, for example partial_vin=1HGCM826*3A");
        }
        VinDecoder decoder = answers.decoder();
        String padded = (values[0].strip().toUpperCase(Locale.ROOT) + "*****************").substring(0, 17);
        if (!answers.scope().coversPartial(padded)) {
            throw new ApiException(ErrorCode.NOT_FOUND, answers.scope().outOfScope());
        }
        PartialVinDecoding decoding;
        try {
            decoding = decoder.decodePartial(values[0].strip());
        } catch (IllegalArgumentException e) {
            throw ApiException.about(PARTIAL_VIN, ErrorCode.INVALID_PARAM, e.getMessage());
        }
        if (decoding == null) {
            throw new ApiException(
                    ErrorCode.NOT_FOUND, "NHTSA's vPIC registers no manufacturer with WMI " + VinDecoder.wmiOf(padded));
        }
        SupersededFields.announce(response);
        return new PartialDecodeResponse(decoding);
    }

    /** {@code {"partial_decode": {...}}}. */
    record PartialDecodeResponse(
            @JsonProperty("partial_decode") PartialVinDecoding partialDecode) {}
}
