package dev.vspec.platform.web;

import dev.vspec.contracts.error.ApiError;
import dev.vspec.contracts.error.ErrorCode;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.springframework.http.HttpHeaders;
import org.springframework.http.InvalidMediaTypeException;
import org.springframework.http.MediaType;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * A Content-Type that names no concrete media type ({@code *}{@code /*}, {@code application/*},
 * or text that is not a media type at all) describes no body Spring could read, and Spring fails
 * on it while merely looking at the request's headers. On a request without a body it describes
 * nothing, so it is dropped; on a request with one it is 415 {@code unsupported_media_type}.
 */
public final class ConcreteContentTypes extends OncePerRequestFilter {

    private final ApiErrorResponses errors;

    public ConcreteContentTypes(ApiErrorResponses errors) {
        this.errors = errors;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        String contentType = request.getContentType();
        if (contentType == null || concrete(contentType)) {
            chain.doFilter(request, response);
            return;
        }
        if (request.getContentLengthLong() > 0 || request.getHeader(HttpHeaders.TRANSFER_ENCODING) != null) {
            errors.write(
                    request,
                    response,
                    ApiError.of(
                            ErrorCode.UNSUPPORTED_MEDIA_TYPE,
                            "The Content-Type header names no"
                                    + " concrete media type; send the body's own type, e.g. application/json"));
            return;
        }
        chain.doFilter(new RequestWithoutHeader(request, HttpHeaders.CONTENT_TYPE), response);
    }

    /**
     * The error dispatch (Tomcat forwarding a {@code sendError}, such as a static page's 416 for an
     * unsatisfiable Range, to {@code /error}) carries the original request again, header and all.
     */
    @Override
    protected boolean shouldNotFilterErrorDispatch() {
        return false;
    }

    static boolean concrete(String contentType) {
        try {
            return MediaType.parseMediaType(contentType).isConcrete();
        } catch (InvalidMediaTypeException e) {
            return false;
        }
    }
}
