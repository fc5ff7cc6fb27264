package dev.vspec.sandbox.web;

import dev.vspec.contracts.error.ApiError;
import dev.vspec.contracts.error.ErrorCode;
import dev.vspec.platform.web.ApiErrorResponses;
import dev.vspec.platform.web.AskedRoutes;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.springframework.web.util.UriUtils;

/**
 * The sandbox's routes are the live routes under {@code /api/sample}: a request for
 * {@code /api/sample/v1/fluids} reaches the query side's own handler of {@code /api/v1/fluids}, so
 * parameters, errors, caching headers and answers are the live ones, and the links in answers (a
 * listing's next page, a render's {@code href}) stay under {@code /api/sample} ({@link AskedRoutes}).
 * Paths outside {@code /api/sample} are 404.
 */
final class SandboxPrefix extends SandboxFilter {

    static final String PREFIX = "/api/sample";
    /** The sandbox's surface: the live routes under {@link #PREFIX}, and no writes. */
    static final AskedRoutes SANDBOX = new AskedRoutes(PREFIX, false);

    private final ApiErrorResponses errors;

    SandboxPrefix(ApiErrorResponses errors) {
        this.errors = errors;
    }

    /** The path as the live API would have been asked, or null when it is not a sandbox path. */
    static String livePath(String path) {
        if (path.equals(PREFIX) || path.startsWith(PREFIX + "/")) {
            String rest = path.substring(PREFIX.length());
            return AskedRoutes.LIVE_PREFIX + (rest.isEmpty() ? "/" : rest);
        }
        return null;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        String live = livePath(path(request));
        if (live == null) {
            errors.write(
                    request,
                    response,
                    ApiError.of(
                            ErrorCode.NOT_FOUND,
                            "The sandbox answers under " + PREFIX + " only, e.g. " + PREFIX + "/v1/fluids?vin=..."));
            return;
        }
        SANDBOX.applyTo(request);
        chain.doFilter(new LiveRequest(request, live), response);
    }

    /**
     * The request as the query side's handlers expect it: the same, on the live path. Its URI is the live path
     * encoded again, as a request URI is (an escaped '%' in a path variable stays one, never a broken escape).
     */
    private static final class LiveRequest extends HttpServletRequestWrapper {

        private final String path;
        private final String uri;

        LiveRequest(HttpServletRequest request, String path) {
            super(request);
            this.path = path;
            this.uri = request.getContextPath() + UriUtils.encodePath(path, StandardCharsets.UTF_8);
        }

        @Override
        public String getRequestURI() {
            return uri;
        }

        @Override
        public StringBuffer getRequestURL() {
            StringBuffer url = new StringBuffer();
            url.append(getScheme())
                    .append("://")
                    .append(getServerName())
                    .append(':')
                    .append(getServerPort())
                    .append(uri);
            return url;
        }

        @Override
        public String getServletPath() {
            return path;
        }

        @Override
        public String getPathInfo() {
            return null;
        }
    }
}
