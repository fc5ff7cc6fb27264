package dev.vspec.contracts.error;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The specification's error record. {@code param} names the parameter (query parameter, header or body
 * field) a 400 is about, where it is about one, or the parameters, comma-separated, where it is about
 * several at once (two identifier modes: {@code vin,config_key}); {@code matches} only on 409 {@code multiple_matches};
 * {@code decode} only on 422 {@code unsupported_vehicle}, with what the VIN decoded to, and {@code engine_candidates}
 * there when the EPA's entries of the decoded model list several engines;
 * {@code object} and {@code docs} are added by every deployable as it answers, {@code available} by the sandbox.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ApiError(
        @Nullable String object,
        ErrorCode error,
        String message,
        @Nullable String param,
        @Nullable List<ConfigMatch> matches,
        @Nullable Object decode,
        @JsonProperty("engine_candidates") @Nullable List<?> engineCandidates,
        @Nullable List<String> available,
        @Nullable String docs,
        @JsonProperty("request_id") @Nullable String requestId) {

    public static ApiError of(ErrorCode error, String message) {
        return new ApiError(null, error, message, null, null, null, null, null, null, null);
    }

    /** About the parameter (query parameter, header or body field) so named. */
    public ApiError about(String parameter) {
        return new ApiError(
                object, error, message, parameter, matches, decode, engineCandidates, available, docs, requestId);
    }

    public ApiError withMatches(List<ConfigMatch> candidates) {
        return new ApiError(
                object, error, message, param, candidates, decode, engineCandidates, available, docs, requestId);
    }

    /** With what the VIN decoded to, for a refusal that follows from the decode. */
    public ApiError withDecode(Object decoded) {
        return new ApiError(
                object, error, message, param, matches, decoded, engineCandidates, available, docs, requestId);
    }

    /** With the engines a VIN without vPIC engine data may have, as the EPA lists them for its model. */
    public ApiError withEngineCandidates(List<?> candidates) {
        return new ApiError(object, error, message, param, matches, decode, candidates, available, docs, requestId);
    }

    /** As every deployable answers it: with {@code object: "error"}, a docs link and, if any (the sandbox), what is available. */
    public ApiError decorated(String docsLink, List<String> availableIdentifiers) {
        return new ApiError(
                "error",
                error,
                message,
                param,
                matches,
                decode,
                engineCandidates,
                availableIdentifiers,
                docsLink,
                requestId);
    }

    public ApiError withRequestId(String id) {
        return new ApiError(object, error, message, param, matches, decode, engineCandidates, available, docs, id);
    }
}
