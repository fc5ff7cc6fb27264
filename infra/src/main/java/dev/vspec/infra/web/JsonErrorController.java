package dev.vspec.infra.web;

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
            responses.write(request, response, ApiError.of(ErrorCode.NOT_FOUND, "No route " + request.getMethod() + " "
                    + request.getRequestURI()));
            return;
        }
        responses.write(request, response, recordFor(code, request.getAttribute(RequestDispatcher.ERROR_REQUEST_URI)));
    }

    /** The error record for a status that something other than a handler chose; {@code uri} names what was asked for. */
    static ApiError recordFor(int status, Object uri) {
        return switch (status) {
            case 404 -> ApiError.of(ErrorCode.NOT_FOUND, "No route " + (uri == null ? "" : uri));
            case 405 -> ApiError.of(ErrorCode.METHOD_NOT_ALLOWED, ErrorCode.METHOD_NOT_ALLOWED.defaultMessage());
            case 406 -> ApiError.of(ErrorCode.NOT_ACCEPTABLE, ErrorCode.NOT_ACCEPTABLE.defaultMessage());
            case 415 -> ApiError.of(ErrorCode.UNSUPPORTED_MEDIA_TYPE, ErrorCode.UNSUPPORTED_MEDIA_TYPE.defaultMessage());
            case 503 -> ApiError.of(ErrorCode.SERVICE_UNAVAILABLE, ErrorCode.SERVICE_UNAVAILABLE.defaultMessage());
            default -> status >= 400 && status < 500
                    ? ApiError.of(ErrorCode.INVALID_PARAM, "The request could not be read")
                    : ApiError.of(ErrorCode.INTERNAL_ERROR, ErrorCode.INTERNAL_ERROR.defaultMessage());
        };
    }
}
