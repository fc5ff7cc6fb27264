package dev.vspec.infra.access;

import dev.vspec.contracts.error.ApiException;
import dev.vspec.contracts.error.ErrorCode;
import jakarta.servlet.http.HttpServletRequest;

/**
 * The key a request was admitted with, for handlers that need more scopes than their route's
 * (each {@code include=} group of {@code /v1/vehicle} needs its own).
 */
public final class AccessGrant {

    static final String ATTRIBUTE = AccessGrant.class.getName();

    private AccessGrant() {
    }

    /** Refuses with 403 {@code insufficient_scope} unless the request's key has {@code scope}; a keyless deployment has every scope. */
    public static void require(HttpServletRequest request, Scope scope, String forWhat) {
        Object key = request.getAttribute(ATTRIBUTE);
        if (key instanceof ApiKey apiKey && !apiKey.grants(scope)) {
            throw new ApiException(ErrorCode.INSUFFICIENT_SCOPE, "This key lacks the scope " + scope + ", which " + forWhat + " needs");
        }
    }
}
