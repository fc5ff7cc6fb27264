package dev.vspec.sandbox.web;

import jakarta.servlet.http.HttpServletRequest;
import org.springframework.web.filter.OncePerRequestFilter;

/** A filter of the sandbox's API traffic: health and metrics ({@code /actuator}) pass by it. */
abstract class SandboxFilter extends OncePerRequestFilter {

    private static final String OPERATIONS = "/actuator";

    @Override
    protected boolean shouldNotFilter(HttpServletRequest request) {
        String path = path(request);
        return path.equals(OPERATIONS) || path.startsWith(OPERATIONS + "/");
    }

    /**
     * The path as the container mapped it: decoded, without path parameters, with {@code ..} and
     * {@code .} resolved, so {@code /actuator/../api/...} is not taken for {@code /actuator}.
     */
    static String path(HttpServletRequest request) {
        String info = request.getPathInfo();
        return request.getServletPath() + (info == null ? "" : info);
    }
}
