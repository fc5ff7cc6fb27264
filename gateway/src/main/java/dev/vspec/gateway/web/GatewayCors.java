package dev.vspec.gateway.web;

import dev.vspec.infra.web.Origins;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;
import org.springframework.http.HttpHeaders;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * CORS, answered by the gateway itself as the specification says: the live API allows any origin
 * with the headers {@code Authorization}, {@code Content-Type} and {@code x-api-key}; the sandbox
 * ({@code /api/sample}) allows only the site's own origin. Preflights are answered here and never
 * reach a backend; what backends say about CORS is dropped ({@link BackendCorsHeaders}), so this
 * is the one answer. Answers expose the rate-limit headers and the request id to the page.
 */
final class GatewayCors extends OncePerRequestFilter {

    static final List<String> ALLOWED_HEADERS = List.of("Authorization", "Content-Type", "x-api-key");
    static final List<String> LIVE_METHODS = List.of("GET", "HEAD", "POST");
    static final List<String> SANDBOX_METHODS = List.of("GET", "HEAD");
    static final String EXPOSED_HEADERS = String.join(", ", List.of("X-Request-Id", "X-RateLimit-Limit",
            "X-RateLimit-Remaining", "X-RateLimit-Reset", "X-Monthly-Limit", "X-Monthly-Remaining", "RateLimit-Policy",
            "RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset", "Retry-After", "ETag", "Idempotent-Replayed"));
    static final String MAX_AGE_SECONDS = "600";
    private static final Set<String> ALLOWED_HEADER_NAMES =
            ALLOWED_HEADERS.stream().map(h -> h.toLowerCase(Locale.ROOT)).collect(Collectors.toSet());

    private final String siteOrigin;

    GatewayCors(String siteUrl) {
        this.siteOrigin = Origins.of(siteUrl);
    }

    @Override
    protected boolean shouldNotFilter(HttpServletRequest request) {
        return !request.getServletPath().startsWith("/api/");
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        boolean sandbox = request.getServletPath().startsWith("/api/sample/") || request.getServletPath().equals("/api/sample");
        String origin = request.getHeader(HttpHeaders.ORIGIN);
        if (sandbox) {
            // the answer depends on Origin, so a shared cache must keep one per origin
            response.addHeader(HttpHeaders.VARY, HttpHeaders.ORIGIN);
        }
        boolean allowed = origin != null && (!sandbox || siteOrigin.equals(origin.toLowerCase(Locale.ROOT)));
        String allowOrigin = sandbox ? origin : "*";
        if (isPreflight(request)) {
            List<String> methods = sandbox ? SANDBOX_METHODS : LIVE_METHODS;
            if (allowed && allows(request, methods)) {
                response.setHeader(HttpHeaders.ACCESS_CONTROL_ALLOW_ORIGIN, allowOrigin);
                response.setHeader(HttpHeaders.ACCESS_CONTROL_ALLOW_METHODS, String.join(", ", methods));
                response.setHeader(HttpHeaders.ACCESS_CONTROL_ALLOW_HEADERS, String.join(", ", ALLOWED_HEADERS));
                response.setHeader(HttpHeaders.ACCESS_CONTROL_MAX_AGE, MAX_AGE_SECONDS);
            }
            response.setStatus(HttpServletResponse.SC_NO_CONTENT);
            return;
        }
        if (allowed) {
            response.setHeader(HttpHeaders.ACCESS_CONTROL_ALLOW_ORIGIN, allowOrigin);
            response.setHeader(HttpHeaders.ACCESS_CONTROL_EXPOSE_HEADERS, EXPOSED_HEADERS);
        }
        chain.doFilter(request, response);
    }

    static boolean isPreflight(HttpServletRequest request) {
        return "OPTIONS".equals(request.getMethod()) && request.getHeader(HttpHeaders.ORIGIN) != null
                && request.getHeader(HttpHeaders.ACCESS_CONTROL_REQUEST_METHOD) != null;
    }

    /** The asked method is one of {@code methods}, and every asked header is one the API allows. */
    private static boolean allows(HttpServletRequest request, List<String> methods) {
        if (!methods.contains(request.getHeader(HttpHeaders.ACCESS_CONTROL_REQUEST_METHOD))) {
            return false;
        }
        String headers = request.getHeader(HttpHeaders.ACCESS_CONTROL_REQUEST_HEADERS);
        if (headers == null || headers.isBlank()) {
            return true;
        }
        return Arrays.stream(headers.split(",")).map(h -> h.strip().toLowerCase(Locale.ROOT)).filter(h -> !h.isEmpty())
                .allMatch(ALLOWED_HEADER_NAMES::contains);
    }
}
