package dev.vspec.contracts.error;

import java.util.List;

/** A refusal that the API answers with the specification's error record. */
public class ApiException extends RuntimeException {

    private final ErrorCode code;
    private final transient List<ConfigMatch> matches;

    public ApiException(ErrorCode code, String message) {
        this(code, message, null);
    }

    public ApiException(ErrorCode code, String message, List<ConfigMatch> matches) {
        super(message, null, false, false);
        this.code = code;
        this.matches = matches == null ? null : List.copyOf(matches);
    }

    public ErrorCode code() {
        return code;
    }

    public ApiError toError() {
        ApiError error = ApiError.of(code, getMessage());
        return matches == null ? error : error.withMatches(matches);
    }
}
