package dev.vspec.infra.web;

import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.springframework.boot.webmvc.error.ErrorController;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/** Answers the container's error dispatch (failures outside controllers) with the error record instead of a white page. */
@RestController
public class JsonErrorController implements ErrorController {

    private final ApiErrorResponses responses;

    public JsonErrorController(ApiErrorResponses responses) {
        this.responses = responses;
    }

    @RequestMapping("${server.error.path:/error}")
    void error(HttpServletRequest request, HttpServletResponse response) throws IOException {
        Object status = request.getAttribute(RequestDispatcher.ERROR_STATUS_CODE);
        responses.write(request, response, ContainerErrors.forStatus(status instanceof Integer i ? i : 500, request,
                (Throwable) request.getAttribute(RequestDispatcher.ERROR_EXCEPTION)));
    }
}
