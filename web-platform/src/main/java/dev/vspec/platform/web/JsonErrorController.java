package dev.vspec.platform.web;

import dev.vspec.contracts.error.ApiError;
import dev.vspec.contracts.error.ErrorCode;
import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.springframework.boot.webmvc.error.ErrorController;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * Answers the container's error dispatch (failures outside controllers) with the error record instead
 * of a white page. A client asking for the error path itself finds no route there: 404.
 */
@RestController
public class JsonErrorController implements ErrorController {

    private final ApiErrorResponses responses;

    public JsonErrorController(ApiErrorResponses responses) {
        this.responses = responses;
    }

    @RequestMapping("${server.error.path:/error}")
    void error(HttpServletRequest request, HttpServletResponse response) throws IOException {
        Object status = request.getAttribute(RequestDispatcher.ERROR_STATUS_CODE);
        if (!(status instanceof Integer code)) {
            // asked for directly (GET /error), not dispatched by the container
            responses.write(
                    request,
                    response,
                    ApiError.of(
                            ErrorCode.NOT_FOUND, "No route " + request.getMethod() + " " + request.getRequestURI()));
            return;
        }
        Throwable cause = (Throwable) request.getAttribute(RequestDispatcher.ERROR_EXCEPTION);
        if (cause instanceof IOException && (code == 400 || code == 408)) {
            // the container failed reading the body: it ended or stalled before its declared length
            responses.write(
                    request,
                    response,
                    ApiError.of(
                            ErrorCode.INVALID_BODY,
                            "The request body did not arrive in full:"
                                    + " it ended, or stopped arriving, before the length it declared"));
            // sent now: the container would first wait for the rest of the body once more
            response.flushBuffer();
            return;
        }
        responses.write(request, response, ContainerErrors.forStatus(code, request, cause));
    }
}
