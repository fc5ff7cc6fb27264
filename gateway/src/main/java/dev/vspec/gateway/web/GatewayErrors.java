package dev.vspec.gateway.web;

import dev.vspec.contracts.error.ApiError;
import dev.vspec.contracts.error.ErrorCode;
import dev.vspec.infra.web.ApiErrorResponses;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ConnectException;
import java.net.SocketTimeoutException;
import java.net.http.HttpTimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;
import org.springframework.web.ErrorResponse;
import org.springframework.web.client.ResourceAccessException;
import org.springframework.web.servlet.HandlerExceptionResolver;
import org.springframework.web.servlet.ModelAndView;

/**
 * A backend that refuses the connection or does not answer in its route's time becomes the
 * specification's 502 {@code upstream_unreachable}; anything else that fails in the gateway is a
 * logged 500 {@code internal_error}. Both are the gateway's own decorated error records.
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE)
class GatewayErrors implements HandlerExceptionResolver {

    private static final Logger log = LoggerFactory.getLogger(GatewayErrors.class);

    private final ApiErrorResponses errors;

    GatewayErrors(ApiErrorResponses errors) {
        this.errors = errors;
    }

    @Override
    public ModelAndView resolveException(HttpServletRequest request, HttpServletResponse response, Object handler, Exception e) {
        if (e instanceof ErrorResponse) {
            // Spring's own refusals (no such resource, wrong method, ...) are answered by infra's handler
            return null;
        }
        ApiError error;
        if (unreachable(e)) {
            log.warn("Backend unreachable for {} {}: {}", request.getMethod(), request.getRequestURI(), e.toString());
            error = ApiError.of(ErrorCode.UPSTREAM_UNREACHABLE, "The API backend did not answer in time or refused the "
                    + "connection; retry with backoff (see the retry rules)");
        } else {
            log.error("Gateway failed on {} {}", request.getMethod(), request.getRequestURI(), e);
            error = ApiError.of(ErrorCode.INTERNAL_ERROR, ErrorCode.INTERNAL_ERROR.defaultMessage());
        }
        try {
            errors.write(request, response, error);
        } catch (IOException io) {
            throw new UncheckedIOException(io);
        }
        return new ModelAndView();
    }

    private static boolean unreachable(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof ConnectException || t instanceof HttpTimeoutException || t instanceof ResourceAccessException
                    || t instanceof SocketTimeoutException) {
                return true;
            }
        }
        return false;
    }
}
