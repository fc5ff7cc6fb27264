package dev.vspec.sandbox.web;

import dev.vspec.infra.web.CrossOrigin;
import dev.vspec.infra.web.Origins;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Locale;
import org.springframework.http.HttpHeaders;

/**
 * Cross-origin calls: only the service's own site may call the sandbox from a browser. Its
 * requests get {@code Access-Control-Allow-Origin} and may read the rate-limit headers, whatever
 * the answer (a 429 too: this runs first); its preflights get the read methods and the request
 * headers the specification allows. Any other origin gets no allowance at all, so the browser keeps
 * the answer from the page. Preflights that reach the sandbox (called directly; behind the gateway,
 * the gateway answers them) are counted and then answered by {@link ReadOnly}.
 */
final class SandboxCors extends SandboxFilter {

    static final String EXPOSED_HEADERS = String.join(", ", CrossOrigin.EXPOSED_HEADERS);

    private final String allowedOrigin;

    SandboxCors(String allowedOrigin) {
        if (allowedOrigin == null || allowedOrigin.isBlank()) {
            throw new IllegalArgumentException("vspec.sandbox.allowed-origin is not set: name the site's origin, e.g. https://vspec.example");
        }
        this.allowedOrigin = Origins.of(allowedOrigin);
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        // every answer depends on Origin, so a shared cache must not hand one origin's answer to another
        response.addHeader(HttpHeaders.VARY, HttpHeaders.ORIGIN);
        String origin = request.getHeader(HttpHeaders.ORIGIN);
        if (origin == null) {
            chain.doFilter(request, response);
            return;
        }
        boolean allowed = allowedOrigin.equals(origin.toLowerCase(Locale.ROOT));
        if (CrossOrigin.isPreflight(request)) {
            if (allowed && CrossOrigin.asksOnly(request, ReadOnly.READ_METHODS)) {
                response.setHeader(HttpHeaders.ACCESS_CONTROL_ALLOW_ORIGIN, origin);
                response.setHeader(HttpHeaders.ACCESS_CONTROL_ALLOW_METHODS, String.join(", ", ReadOnly.READ_METHODS));
                String headers = request.getHeader(HttpHeaders.ACCESS_CONTROL_REQUEST_HEADERS);
                if (headers != null && !headers.isBlank()) {
                    response.setHeader(HttpHeaders.ACCESS_CONTROL_ALLOW_HEADERS, headers);
                }
                response.setHeader(HttpHeaders.ACCESS_CONTROL_MAX_AGE, CrossOrigin.MAX_AGE_SECONDS);
            }
        } else if (allowed) {
            response.setHeader(HttpHeaders.ACCESS_CONTROL_ALLOW_ORIGIN, origin);
            response.setHeader(HttpHeaders.ACCESS_CONTROL_EXPOSE_HEADERS, EXPOSED_HEADERS);
        }
        chain.doFilter(request, response);
    }

}
