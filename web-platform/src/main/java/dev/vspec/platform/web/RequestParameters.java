package dev.vspec.platform.web;

import dev.vspec.contracts.error.ApiException;
import dev.vspec.contracts.error.ErrorCode;
import jakarta.servlet.ServletRequest;
import java.util.Map;

/** Reads a request's parameters (its query string, and a form's body) the one way every reader must: undecodable ones are the caller's 400. */
public final class RequestParameters {

    /** What a form body the container cannot read is told. */
    public static final String UNREADABLE_FORM =
            "The form body is not name=value pairs in URL encoding of UTF-8," + " or is larger than the server reads";

    private RequestParameters() {}

    /**
     * A form POST's parameters. Its query string has passed {@link StrictQueryStrings} before any route, so
     * what the container cannot decode here is the body.
     *
     * @throws ApiException {@code invalid_body} when the body is not valid UTF-8 URL encoding
     */
    public static Map<String, String[]> ofForm(ServletRequest request) {
        try {
            return request.getParameterMap();
        } catch (IllegalStateException e) {
            throw new ApiException(ErrorCode.INVALID_BODY, UNREADABLE_FORM);
        }
    }

    /**
     * @throws ApiException {@code invalid_param} when the parameters are not valid UTF-8 URL encoding
     *                      (Servlet 6.1 containers refuse them, e.g. {@code %C3%28} or {@code %zz}); the
     *                      container reports that only once, so whoever reads first must answer it
     */
    public static Map<String, String[]> of(ServletRequest request) {
        try {
            return request.getParameterMap();
        } catch (IllegalStateException e) {
            throw new ApiException(
                    ErrorCode.INVALID_PARAM,
                    "The parameters are not valid UTF-8 URL encoding (a % must"
                            + " start an escape such as %20, and escapes must spell UTF-8)");
        }
    }
}
