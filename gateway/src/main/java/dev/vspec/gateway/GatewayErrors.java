package dev.vspec.gateway;

import dev.vspec.contracts.error.ApiError;
import dev.vspec.contracts.error.ErrorCode;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ConnectException;
import java.net.http.HttpTimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.MediaType;
import org.springframework.stereotype.Component;
import org.springframework.web.client.ResourceAccessException;
import org.springframework.web.servlet.HandlerExceptionResolver;
import org.springframework.web.servlet.ModelAndView;
import tools.jackson.databind.ObjectMapper;

/** A backend that refuses or does not answer becomes the specification's 502 {@code upstream_unreachable}. */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE)
class GatewayErrors implements HandlerExceptionResolver {

    private static final Logger log = LoggerFactory.getLogger(GatewayErrors.class);

    private final ObjectMapper mapper;

    GatewayErrors(ObjectMapper mapper) {
        this.mapper = mapper;
    }

    @Override
    public ModelAndView resolveException(HttpServletRequest request, HttpServletResponse response, Object handler, Exception e) {
        ApiError error = unreachable(e)
                ? ApiError.of(ErrorCode.UPSTREAM_UNREACHABLE, ErrorCode.UPSTREAM_UNREACHABLE.defaultMessage())
                : ApiError.of(ErrorCode.INTERNAL_ERROR, ErrorCode.INTERNAL_ERROR.defaultMessage());
        if (error.error() == ErrorCode.INTERNAL_ERROR) {
            log.error("Gateway failed on {} {}", request.getMethod(), request.getRequestURI(), e);
        } else {
            log.warn("Backend unreachable for {} {}: {}", request.getMethod(), request.getRequestURI(), e.toString());
        }
        try {
            response.setStatus(error.error().status());
            response.setContentType(MediaType.APPLICATION_JSON_VALUE);
            mapper.writeValue(response.getOutputStream(), error);
        } catch (IOException io) {
            throw new UncheckedIOException(io);
        }
        return new ModelAndView();
    }

    private static boolean unreachable(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof ConnectException || t instanceof HttpTimeoutException || t instanceof ResourceAccessException
                    || t instanceof java.net.SocketTimeoutException) {
                return true;
            }
        }
        return false;
    }
}
