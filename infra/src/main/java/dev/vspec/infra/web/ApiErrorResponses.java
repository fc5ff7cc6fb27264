package dev.vspec.infra.web;

import dev.vspec.contracts.error.ApiError;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.springframework.http.MediaType;
import tools.jackson.databind.ObjectMapper;

/**
 * Writes the specification's error record, stamped with the request's id and decorated as the
 * deployable says ({@link ErrorDecoration}). The one place error bodies are rendered.
 */
public final class ApiErrorResponses {

    /** Every error record answered, by code and status: {@code vspec_api_errors_total} on /actuator/prometheus. */
    public static final String ERRORS_METRIC = "vspec.api.errors";

    private final ObjectMapper mapper;
    private final ErrorDecoration decoration;
    private final MeterRegistry meters;

    public ApiErrorResponses(ObjectMapper mapper) {
        this(mapper, ErrorDecoration.NONE, new SimpleMeterRegistry());
    }

    public ApiErrorResponses(ObjectMapper mapper, ErrorDecoration decoration, MeterRegistry meters) {
        this.mapper = mapper;
        this.decoration = decoration;
        this.meters = meters;
    }

    /** The record as it is answered; every answered record passes here once, so here it is counted. */
    public ApiError stamped(ApiError error, HttpServletRequest request) {
        meters.counter(ERRORS_METRIC, "code", error.error().code(), "status", Integer.toString(error.error().status())).increment();
        return decoration.decorate(error.withRequestId(RequestIds.of(request)), request);
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
        response.setHeader("Cache-Control", "no-store");
        mapper.writeValue(response.getOutputStream(), stamped(error, request));
    }
}
