package dev.vspec.gateway.web;

import dev.vspec.contracts.error.ApiError;
import dev.vspec.contracts.error.ErrorCode;
import dev.vspec.platform.web.ApiErrorResponses;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.UncheckedIOException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.core.Ordered;
import org.springframework.web.client.ResourceAccessException;
import org.springframework.web.servlet.HandlerExceptionResolver;
import org.springframework.web.servlet.ModelAndView;

/**
 * A backend that refuses the connection or does not answer in its route's time becomes the
 * specification's 502 {@code upstream_unreachable}, the gateway's own decorated error record.
 * Anything else is left to web-platform's handler; a client that went away is not an error at all.
 */
final class GatewayErrors implements HandlerExceptionResolver, Ordered {

    private static final Logger log = LoggerFactory.getLogger(GatewayErrors.class);

    private final ApiErrorResponses errors;
    private final int order;

    /** @param order its place among the exception resolvers, which {@link GatewayRequestChain} decides */
    GatewayErrors(ApiErrorResponses errors, int order) {
        this.errors = errors;
        this.order = order;
    }

    @Override
    public int getOrder() {
        return order;
    }

    @Override
    public ModelAndView resolveException(
            HttpServletRequest request, HttpServletResponse response, Object handler, Exception e) {
        if (clientGone(e)) {
            log.debug("Client went away during {} {}", request.getMethod(), request.getRequestURI());
            return new ModelAndView();
        }
        if (!unreachable(e)) {
            return null;
        }
        // the path alone: the exception's own message names the backend's URL, query string included
        log.warn("Backend unreachable for {} {}: {}", request.getMethod(), request.getRequestURI(), rootCause(e));
        ApiError error = ApiError.of(
                ErrorCode.UPSTREAM_UNREACHABLE,
                "The API backend did not answer in time or refused the "
                        + "connection; retry with backoff (see the retry rules)");
        try {
            errors.write(request, response, error);
        } catch (IOException io) {
            throw new UncheckedIOException(io);
        }
        return new ModelAndView();
    }

    /** Tomcat's ClientAbortException, by name: the client closed the connection while the answer was sent. */
    private static boolean clientGone(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t.getClass().getSimpleName().equals("ClientAbortException")) {
                return true;
            }
        }
        return false;
    }

    /**
     * Input and output failed while the gateway talked to the backend: refused, timed out, or the
     * answer cut off (the client's own going away is caught before this). A request the container
     * could not read (its parameters: an IllegalStateException) is never the backend's doing.
     */
    private static boolean unreachable(Throwable e) {
        if (e instanceof IllegalStateException) {
            return false;
        }
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof IOException || t instanceof ResourceAccessException) {
                return true;
            }
        }
        return false;
    }

    /** What failed at the bottom, e.g. {@code SocketTimeoutException: Read timed out}. */
    private static String rootCause(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return root.getClass().getSimpleName() + (root.getMessage() == null ? "" : ": " + root.getMessage());
    }
}
