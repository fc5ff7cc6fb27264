package dev.vspec.query.decode;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.vspec.access.CountsReads;
import dev.vspec.access.RequiresScope;
import dev.vspec.contracts.access.Scope;
import dev.vspec.contracts.error.ApiError;
import dev.vspec.contracts.error.ApiException;
import dev.vspec.contracts.error.ConfigMatch;
import dev.vspec.contracts.error.ErrorCode;
import dev.vspec.contracts.identity.Vin;
import dev.vspec.decoder.VinDecoder;
import dev.vspec.decoder.VinDecoding;
import dev.vspec.decoder.VpicRelease;
import dev.vspec.platform.web.RequestParameters;
import dev.vspec.query.binding.RepeatableParameters;
import dev.vspec.query.vehicle.MaybeUnknown;
import dev.vspec.query.vehicle.Vehicle;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code GET /api/v1/decode/batch?vins=V1,V2,...}: up to {@value #MAX_VINS} VINs in one request, each
 * answered as {@code /api/v1/decode?vin=} would answer it, in the order given. Each VIN counts as one
 * read against the key's monthly quota (the access module's filter charges them, see {@link CountsReads}).
 */
@RestController
public class DecodeBatchController {

    /** NHTSA's own batch decoder takes 50. */
    public static final int MAX_VINS = 100;

    static final String VINS = "vins";

    private final VinAnswers answers;

    DecodeBatchController(VinAnswers answers) {
        this.answers = answers;
    }

    /** One VIN's answer: {@code status} is the HTTP status the single route would give, with that route's body. */
    sealed interface Result permits Answered, Refused {
        int status();
    }

    /** A 200: the single route's {@code vehicle}, {@code decode} and, when several configurations match, {@code matches}. */
    record Answered(
            String vin,
            int status,
            @Nullable Vehicle vehicle,
            VinDecoding decode,

            @JsonInclude(JsonInclude.Include.NON_NULL) @Nullable
            List<ConfigMatch> matches)
            implements Result {}

    /** Any other answer: the single route's error record. */
    record Refused(String vin, int status, ApiError error) implements Result {}

    /**
     * Kept briefly ({@link MaybeUnknown}) when a VIN is answered without a vehicle or refused as {@code not_found}: an
     * enrichment or an import may soon hold it.
     */
    record BatchResponse(int count, List<Result> results, VpicRelease release) implements MaybeUnknown {

        @Override
        public boolean holdsUnknown() {
            return results.stream()
                    .anyMatch(result -> result instanceof Answered answered
                            ? answered.vehicle() == null
                            : result.status() == ErrorCode.NOT_FOUND.status());
        }
    }

    @RequiresScope(Scope.MAINTENANCE_READ)
    @CountsReads(parameter = VINS, max = MAX_VINS)
    @RepeatableParameters(VINS)
    @GetMapping("/api/v1/decode/batch")
    BatchResponse decodeBatch(HttpServletRequest request, HttpServletResponse response) {
        List<String> vins = vins(RequestParameters.of(request));
        SupersededFields.announce(response);
        VinDecoder decoder = answers.decoder();
        List<Vin> parsed = new ArrayList<>(vins.size());
        List<Integer> positions = new ArrayList<>(vins.size());
        Result[] byPosition = new Result[vins.size()];
        for (int i = 0; i < vins.size(); i++) {
            try {
                parsed.add(Vin.parse(vins.get(i)));
                positions.add(i);
            } catch (ApiException e) {
                byPosition[i] = new Refused(vins.get(i), e.code().status(), e.toError());
            }
        }
        List<VinAnswers.Answer> answered = answers.answers(decoder, parsed);
        for (int j = 0; j < answered.size(); j++) {
            VinAnswers.Answer answer = answered.get(j);
            String vin = vins.get(positions.get(j));
            byPosition[positions.get(j)] = answer.refusal() != null
                    ? new Refused(
                            vin,
                            answer.refusal().code().status(),
                            answer.refusal().toError())
                    : new Answered(
                            vin,
                            200,
                            answer.response().vehicle(),
                            answer.response().decode(),
                            answer.response().matches());
        }
        return new BatchResponse(byPosition.length, List.of(byPosition), decoder.release());
    }

    /** The VINs of every {@code vins} parameter, comma-separated, stripped; blanks between commas refused. */
    static List<String> vins(Map<String, String[]> parameters) {
        String[] values = parameters.get(VINS);
        List<String> vins = new ArrayList<>();
        for (String value : values == null ? new String[0] : values) {
            for (String part : value.split(",", -1)) {
                String vin = part.strip();
                if (vin.isEmpty()) {
                    throw ApiException.about(
                            VINS,
                            ErrorCode.INVALID_PARAM,
                            "vins has an empty entry (two commas in a row, or one"
                                    + " at an end): send VINs separated by single commas");
                }
                vins.add(vin);
            }
        }
        if (vins.isEmpty()) {
            throw ApiException.about(
                    VINS, ErrorCode.MISSING_PARAM, "Send vins: 1 to " + MAX_VINS + " VINs separated by commas");
        }
        if (vins.size() > MAX_VINS) {
            throw ApiException.about(
                    VINS, ErrorCode.INVALID_PARAM, "A batch takes at most " + MAX_VINS + " VINs; got " + vins.size());
        }
        return vins;
    }
}
