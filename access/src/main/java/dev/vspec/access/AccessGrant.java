package dev.vspec.access;

import dev.vspec.contracts.access.Scope;
import dev.vspec.contracts.error.ApiException;
import dev.vspec.contracts.error.ErrorCode;
import jakarta.servlet.http.HttpServletRequest;
import java.util.Optional;

/**
 * The key a request was admitted with, for handlers that need more scopes than their route's
 * (each {@code include=} group of {@code /v1/vehicle} needs its own).
 */
public final class AccessGrant {

    /** The headers a key may come in. */
    public static final String AUTHORIZATION_HEADER = "Authorization";

    public static final String API_KEY_HEADER = "x-api-key";
    /** The same, as a {@code Vary} value: an answer given to a key varies on them. */
    public static final String KEY_HEADERS = AUTHORIZATION_HEADER + ", " + API_KEY_HEADER;

    static final String ATTRIBUTE = AccessGrant.class.getName();

    private AccessGrant() {}

    /** The key the request was admitted with; empty in a keyless deployment (the sandbox). */
    public static Optional<ApiKey> keyOf(HttpServletRequest request) {
        return request.getAttribute(ATTRIBUTE) instanceof ApiKey key ? Optional.of(key) : Optional.empty();
    }

    /** Refuses with 403 {@code insufficient_scope} unless the request's key has {@code scope}; a keyless deployment has every scope. */
    public static void require(HttpServletRequest request, Scope scope, String forWhat) {
        if (keyOf(request).filter(key -> !key.grants(scope)).isPresent()) {
            throw new ApiException(
                    ErrorCode.INSUFFICIENT_SCOPE,
                    "This key lacks the scope " + scope + ", which " + forWhat + " needs");
        }
    }
}
