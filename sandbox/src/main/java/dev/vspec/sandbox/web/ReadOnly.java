package dev.vspec.sandbox.web;

import dev.vspec.contracts.error.ApiError;
import dev.vspec.contracts.error.ErrorCode;
import dev.vspec.platform.web.ApiErrorResponses;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.List;
import org.springframework.http.HttpHeaders;
import org.springframework.web.cors.CorsUtils;

/**
 * The sandbox reads only: every other method, on any path, is 403 {@code write_disabled}, its body
 * unread, and its message suggests no write (no message of the sandbox does). A CORS preflight ends
 * here, 204, with whatever allowance the CORS filter gave it ({@code SandboxWebConfiguration.sandboxCors}).
 */
final class ReadOnly extends SandboxFilter {

    static final List<String> READ_METHODS = List.of("GET", "HEAD", "OPTIONS");

    private final ApiErrorResponses errors;

    ReadOnly(ApiErrorResponses errors) {
        this.errors = errors;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        if (CorsUtils.isPreFlightRequest(request)) {
            response.setStatus(HttpServletResponse.SC_NO_CONTENT);
            return;
        }
        if (READ_METHODS.contains(request.getMethod())) {
            chain.doFilter(request, response);
            return;
        }
        response.setHeader(HttpHeaders.ALLOW, String.join(", ", READ_METHODS));
        errors.write(
                request,
                response,
                ApiError.of(
                        ErrorCode.WRITE_DISABLED,
                        "Writes are disabled in the keyless sandbox: it answers "
                                + String.join(", ", READ_METHODS)
                                + " only, over its sample data"));
    }
}
