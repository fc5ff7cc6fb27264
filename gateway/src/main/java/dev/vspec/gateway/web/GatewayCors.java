package dev.vspec.gateway.web;

import dev.vspec.infra.web.CrossOrigin;
import dev.vspec.infra.web.Origins;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.List;
import java.util.Locale;
import org.springframework.http.HttpHeaders;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * CORS, answered by the gateway itself as the specification says: the live API allows any origin
 * with the headers {@code Authorization}, {@code Content-Type} and {@code x-api-key}, on every
 * answer; the sandbox ({@code /api/sample}) allows only the site's own origin
 * ({@code vspec.sandbox.allowed-origin}, the site by default). Preflights are answered here and never
 * reach a backend; what backends say about CORS is dropped ({@link BackendResponseHeaders}), so this
 * is the one answer. Answers expose the rate-limit headers and the request id to the page.
 */
final class GatewayCors extends OncePerRequestFilter {

    static final List<String> LIVE_METHODS = List.of("GET", "HEAD", "POST");
    static final List<String> SANDBOX_METHODS = List.of("GET", "HEAD");
    private static final String SANDBOX = "/api/sample";

    private final String sandboxOrigin;

    /** @param sandboxOrigin the one origin that may call the sandbox: the site's, unless configured otherwise */
    GatewayCors(String sandboxOrigin) {
        this.sandboxOrigin = Origins.of(sandboxOrigin);
    }

    @Override
    protected boolean shouldNotFilter(HttpServletRequest request) {
        return !isApi(request.getServletPath());
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        String path = request.getServletPath();
        String origin = request.getHeader(HttpHeaders.ORIGIN);
        if (!CrossOrigin.isPreflight(request)) {
            allowReading(path, origin, response);
            chain.doFilter(request, response);
            return;
        }
        boolean sandbox = isSandbox(path);
        if (sandbox) {
            response.addHeader(HttpHeaders.VARY, HttpHeaders.ORIGIN);
        }
        List<String> methods = sandbox ? SANDBOX_METHODS : LIVE_METHODS;
        if (allowed(sandbox, origin) && CrossOrigin.asksOnly(request, methods)) {
            response.setHeader(HttpHeaders.ACCESS_CONTROL_ALLOW_ORIGIN, sandbox ? origin : "*");
            response.setHeader(HttpHeaders.ACCESS_CONTROL_ALLOW_METHODS, String.join(", ", methods));
            response.setHeader(HttpHeaders.ACCESS_CONTROL_ALLOW_HEADERS, String.join(", ", CrossOrigin.ALLOWED_HEADERS));
            response.setHeader(HttpHeaders.ACCESS_CONTROL_MAX_AGE, CrossOrigin.MAX_AGE_SECONDS);
        }
        response.setStatus(HttpServletResponse.SC_NO_CONTENT);
    }

    /**
     * What an answer (not a preflight's) to {@code path} says about the pages that may read it; also
     * for Tomcat's own refusals, which no filter sees ({@link dev.vspec.infra.connector.RefusalHeaders}).
     *
     * @param origin the request's {@code Origin}, or null
     */
    void allowReading(String path, String origin, HttpServletResponse response) {
        if (path == null || !isApi(path)) {
            return;
        }
        boolean sandbox = isSandbox(path);
        if (sandbox) {
            // the answer depends on Origin, so a shared cache must keep one per origin
            response.addHeader(HttpHeaders.VARY, HttpHeaders.ORIGIN);
        }
        if (allowed(sandbox, origin)) {
            // the live API: the same answer for every origin and for none, so a cached answer suits any page
            response.setHeader(HttpHeaders.ACCESS_CONTROL_ALLOW_ORIGIN, sandbox ? origin : "*");
            response.setHeader(HttpHeaders.ACCESS_CONTROL_EXPOSE_HEADERS, String.join(", ", CrossOrigin.EXPOSED_HEADERS));
        }
    }

    private boolean allowed(boolean sandbox, String origin) {
        return !sandbox || origin != null && sandboxOrigin.equals(origin.toLowerCase(Locale.ROOT));
    }

    private static boolean isApi(String path) {
        return path.equals("/api") || path.startsWith("/api/");
    }

    private static boolean isSandbox(String path) {
        return path.equals(SANDBOX) || path.startsWith(SANDBOX + "/");
    }
}
