package dev.vspec.platform.web;

import dev.vspec.contracts.error.ApiError;
import dev.vspec.contracts.error.ErrorCode;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.util.Collection;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.servlet.HandlerMapping;
import tools.jackson.databind.ObjectMapper;

/**
 * Writes the specification's error record, stamped with the request's id and decorated as the
 * deployable says ({@link ErrorDecoration}). The one place error bodies are rendered, so also the one
 * place that counts them, logs client errors (a short line per kind a minute, {@link LogThrottle}) and
 * gives a transient failure its {@code Retry-After}.
 */
public final class ApiErrorResponses {

    /** Every error record answered, by code and status: {@code vspec_api_errors_total} on /actuator/prometheus. */
    public static final String ERRORS_METRIC = "vspec.api.errors";
    /** The {@code Retry-After} of a transient failure (503 {@code service_unavailable}, 502 {@code upstream_unreachable}). */
    public static final Duration TRANSIENT_RETRY = Duration.ofSeconds(5);

    static final Duration CLIENT_ERROR_LOG_INTERVAL = Duration.ofMinutes(1);

    private static final Logger clientErrors = LoggerFactory.getLogger("vspec.client-errors");
    private static final Pattern PLAIN_METHOD = Pattern.compile("[A-Z]{1,10}");

    private final ObjectMapper mapper;
    private final ErrorDecoration decoration;
    private final MeterRegistry meters;
    private final LogThrottle throttle = new LogThrottle(CLIENT_ERROR_LOG_INTERVAL, Clock.systemUTC());

    public ApiErrorResponses(ObjectMapper mapper) {
        this(mapper, ErrorDecoration.NONE, new SimpleMeterRegistry());
    }

    public ApiErrorResponses(ObjectMapper mapper, ErrorDecoration decoration, MeterRegistry meters) {
        this.mapper = mapper;
        this.decoration = decoration;
        this.meters = meters;
    }

    /** The record as it is answered; every answered record passes here once, so here it is counted and logged. */
    public ApiError stamped(ApiError error, HttpServletRequest request) {
        meters.counter(
                        ERRORS_METRIC,
                        "code",
                        error.error().code(),
                        "status",
                        Integer.toString(error.error().status()))
                .increment();
        logClientError(error, request);
        return decoration.decorate(error.withRequestId(RequestIds.of(request)), request);
    }

    /**
     * A record answered before any request was read (a connection refused at accept), as its body's
     * bytes, decorated like every other; written once and sent as it is, so not counted here.
     */
    public byte[] bodyBeforeAnyRequest(ApiError error) {
        return mapper.writeValueAsBytes(decoration.decorate(error, null));
    }

    /** The answer as a handler returns it: the record as JSON, never cached, with Retry-After when retrying helps. */
    public ResponseEntity<ApiError> entity(ApiError error, HttpServletRequest request) {
        ResponseEntity.BodyBuilder answer = ResponseEntity.status(
                        HttpStatus.valueOf(error.error().status()))
                .contentType(MediaType.APPLICATION_JSON)
                .header(HttpHeaders.CACHE_CONTROL, "no-store");
        if (retryable(error)) {
            answer.header(HttpHeaders.RETRY_AFTER, Long.toString(TRANSIENT_RETRY.toSeconds()));
        }
        return answer.body(stamped(error, request));
    }

    /** 405 {@code method_not_allowed}: the request's method is not one the path takes, which {@code Allow} lists. */
    public ResponseEntity<ApiError> methodNotAllowed(HttpServletRequest request, Collection<HttpMethod> allowed) {
        String methods = allowed.stream().map(HttpMethod::name).collect(Collectors.joining(", "));
        ResponseEntity<ApiError> answer = entity(
                ApiError.of(
                        ErrorCode.METHOD_NOT_ALLOWED,
                        request.getMethod() + " is not accepted on "
                                + AskedRoutes.of(request).route(request.getRequestURI()) + "; it takes "
                                + methods),
                request);
        return ResponseEntity.status(answer.getStatusCode())
                .headers(answer.getHeaders())
                .allow(allowed.toArray(HttpMethod[]::new))
                .body(answer.getBody());
    }

    public void write(HttpServletRequest request, HttpServletResponse response, ApiError error) throws IOException {
        if (response.isCommitted()) {
            return;
        }
        response.resetBuffer();
        if (RequestIds.of(request) == null) {
            // an answer Tomcat or the error dispatch writes, which the request id filter never saw
            RequestIds.assign(request, response);
        }
        response.setStatus(error.error().status());
        response.setContentType(MediaType.APPLICATION_JSON_VALUE);
        response.setCharacterEncoding("UTF-8");
        response.setHeader(HttpHeaders.CACHE_CONTROL, "no-store");
        if (retryable(error) && !response.containsHeader(HttpHeaders.RETRY_AFTER)) {
            response.setHeader(HttpHeaders.RETRY_AFTER, Long.toString(TRANSIENT_RETRY.toSeconds()));
        }
        mapper.writeValue(response.getOutputStream(), stamped(error, request));
    }

    /**
     * A request as logs may name it: its method and the pattern of the route that took it, never the path or
     * query as sent, which the client chooses (and which may hold a key put in the wrong place).
     */
    public static String route(HttpServletRequest request) {
        Object pattern = request.getAttribute(HandlerMapping.BEST_MATCHING_PATTERN_ATTRIBUTE);
        String method = request.getMethod();
        return (PLAIN_METHOD.matcher(method).matches() ? method : "(another method)") + " "
                + (pattern == null ? "(no route)" : pattern);
    }

    /** The service or a backend is unavailable for now: a retry after a short wait may succeed. */
    private static boolean retryable(ApiError error) {
        return error.error() == ErrorCode.SERVICE_UNAVAILABLE || error.error() == ErrorCode.UPSTREAM_UNREACHABLE;
    }

    /** A short line per kind of client error a minute; never the message, which may repeat what the client sent. */
    private void logClientError(ApiError error, HttpServletRequest request) {
        int status = error.error().status();
        if (status >= 500 || !clientErrors.isInfoEnabled()) {
            return;
        }
        long heldBack = throttle.pass(error.error().code());
        if (heldBack != LogThrottle.HELD_BACK) {
            clientErrors.info(
                    "Answered {} {} to {}{}",
                    status,
                    error.error().code(),
                    route(request),
                    throttle.heldBackNote(heldBack));
        }
    }
}
