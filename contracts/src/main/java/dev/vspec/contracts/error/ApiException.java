package dev.vspec.contracts.error;

import java.util.List;

/** A refusal that the API answers with the specification's error record. */
public class ApiException extends RuntimeException {

    private final ErrorCode code;
    private final String param;
    private final transient List<ConfigMatch> matches;
    private final transient Object decode;
    private final transient List<?> engineCandidates;

    public ApiException(ErrorCode code, String message) {
        this(code, message, null);
    }

    public ApiException(ErrorCode code, String message, List<ConfigMatch> matches) {
        this(code, null, message, matches, null);
    }

    private ApiException(ErrorCode code, String param, String message, List<ConfigMatch> matches, Object decode) {
        this(code, param, message, matches, decode, null);
    }

    private ApiException(
            ErrorCode code,
            String param,
            String message,
            List<ConfigMatch> matches,
            Object decode,
            List<?> engineCandidates) {
        super(message, null, false, false);
        this.code = code;
        this.param = param;
        this.matches = matches == null ? null : List.copyOf(matches);
        this.decode = decode;
        this.engineCandidates =
                engineCandidates == null || engineCandidates.isEmpty() ? null : List.copyOf(engineCandidates);
    }

    /** A refusal that follows from a VIN's decode (422 {@code unsupported_vehicle}), carrying the decode. */
    public static ApiException withDecode(ErrorCode code, String message, Object decode) {
        return new ApiException(code, null, message, null, decode);
    }

    /** As {@link #withDecode}, with the engines the VIN may have (none: left out of the answer). */
    public static ApiException withDecode(ErrorCode code, String message, Object decode, List<?> engineCandidates) {
        return new ApiException(code, null, message, null, decode, engineCandidates);
    }

    /** A refusal about one parameter (query parameter, header or body field), which the error record names as {@code param}. */
    public static ApiException about(String param, ErrorCode code, String message) {
        return new ApiException(code, param, message, null, null);
    }

    /** The parameter this refusal is about, or null. */
    public String param() {
        return param;
    }

    public ErrorCode code() {
        return code;
    }

    public ApiError toError() {
        ApiError error = ApiError.of(code, getMessage());
        if (param != null) {
            error = error.about(param);
        }
        if (matches != null) {
            error = error.withMatches(matches);
        }
        if (engineCandidates != null) {
            error = error.withEngineCandidates(engineCandidates);
        }
        return decode == null ? error : error.withDecode(decode);
    }
}
