package dev.vspec.gateway.web;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * The website's answers (everything outside {@code /api}) are taken for the type they declare, and
 * their pages run only the site's own scripts and styles, talk only to the site, and show only its
 * images and the sandbox console's renders ({@code blob:}); no other site may frame them. The API's
 * answers carry what their backends set (images: {@code nosniff} and a policy of their own).
 */
final class SiteHeaders extends OncePerRequestFilter {

    static final String CONTENT_SECURITY_POLICY = "default-src 'none'; script-src 'self'; style-src 'self';"
            + " img-src 'self' blob:; connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";
    /** Where the API reference (Redoc, rendered at build time from the OpenAPI document) is served. */
    static final String REFERENCE = "/docs/reference";
    /**
     * The reference's policy: Redoc styles its components by inserting style elements as it renders, and
     * searches in a worker it starts from a blob; its scripts are still only the site's own.
     */
    static final String REFERENCE_CONTENT_SECURITY_POLICY = "default-src 'none'; script-src 'self';"
            + " style-src 'self' 'unsafe-inline'; img-src 'self' data:; worker-src blob:; connect-src 'self';"
            + " form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

    @Override
    protected boolean shouldNotFilter(HttpServletRequest request) {
        String path = request.getServletPath();
        return path.equals("/api") || path.startsWith("/api/");
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        response.setHeader("X-Content-Type-Options", "nosniff");
        String path = request.getServletPath();
        boolean reference = path.equals(REFERENCE) || path.startsWith(REFERENCE + "/");
        response.setHeader(
                "Content-Security-Policy", reference ? REFERENCE_CONTENT_SECURITY_POLICY : CONTENT_SECURITY_POLICY);
        chain.doFilter(request, response);
    }
}
