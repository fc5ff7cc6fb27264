package dev.vspec.platform.web;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * One line per request at DEBUG on logger {@code vspec.requests} (method, path, redacted query,
 * status, milliseconds), for operators who switch it on: {@code logging.level.vspec.requests=DEBUG}.
 * Headers, which carry keys, are never logged.
 */
public final class RequestLog extends OncePerRequestFilter {

    private static final Logger log = LoggerFactory.getLogger("vspec.requests");

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        if (!log.isDebugEnabled()) {
            chain.doFilter(request, response);
            return;
        }
        long start = System.nanoTime();
        try {
            chain.doFilter(request, response);
        } finally {
            String query = RedactedQuery.of(request.getQueryString());
            log.debug(
                    "{} {}{} {} {} ms",
                    request.getMethod(),
                    request.getRequestURI(),
                    query == null ? "" : "?" + query,
                    response.getStatus(),
                    (System.nanoTime() - start) / 1_000_000);
        }
    }
}
