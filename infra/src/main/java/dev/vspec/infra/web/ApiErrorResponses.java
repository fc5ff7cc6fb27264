package dev.vspec.infra.web;

import dev.vspec.contracts.error.ApiError;
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

    private final ObjectMapper mapper;
    private final ErrorDecoration decoration;

    public ApiErrorResponses(ObjectMapper mapper) {
        this(mapper, ErrorDecoration.NONE);
    }

    public ApiErrorResponses(ObjectMapper mapper, ErrorDecoration decoration) {
        this.mapper = mapper;
        this.decoration = decoration;
    }

    public ApiError stamped(ApiError error, HttpServletRequest request) {
        return decoration.decorate(error.withRequestId(RequestIds.of(request)), request);
    }

    public void write(HttpServletRequest request, HttpServletResponse response, ApiError error) throws IOException {
        if (response.isCommitted()) {
            return;
        }
        response.resetBuffer();
        response.setStatus(error.error().status());
        response.setContentType(MediaType.APPLICATION_JSON_VALUE);
        response.setCharacterEncoding("UTF-8");
        response.setHeader("Cache-Control", "no-store");
        mapper.writeValue(response.getOutputStream(), stamped(error, request));
    }
}
