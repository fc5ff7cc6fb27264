package dev.vspec.query.vehicle;

import dev.vspec.contracts.error.ApiException;
import dev.vspec.contracts.error.ErrorCode;
import jakarta.servlet.ServletRequest;
import java.util.Map;

/** Reads a request's query parameters the one way every reader must: an undecodable query string is the caller's 400. */
public final class QueryParameters {

    private QueryParameters() {
    }

    /**
     * @throws ApiException {@code invalid_param} when the query string is not valid UTF-8 URL encoding
     *                      (Servlet 6.1 containers refuse it, e.g. {@code %C3%28}); the container
     *                      reports that only once, so whoever reads first must answer it
     */
    public static Map<String, String[]> of(ServletRequest request) {
        try {
            return request.getParameterMap();
        } catch (IllegalStateException e) {
            throw new ApiException(ErrorCode.INVALID_PARAM, "The query string is not valid UTF-8 URL encoding");
        }
    }
}
