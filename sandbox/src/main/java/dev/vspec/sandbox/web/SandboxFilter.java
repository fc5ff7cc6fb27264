package dev.vspec.sandbox.web;

import jakarta.servlet.http.HttpServletRequest;
import org.springframework.web.filter.OncePerRequestFilter;

/** A filter of the sandbox's API traffic: health and metrics ({@code /actuator}) pass by it. */
abstract class SandboxFilter extends OncePerRequestFilter {

    private static final String OPERATIONS = "/actuator";

    @Override
    protected boolean shouldNotFilter(HttpServletRequest request) {
        String path = request.getRequestURI().substring(request.getContextPath().length());
        return path.equals(OPERATIONS) || path.startsWith(OPERATIONS + "/");
    }
}
