package dev.vspec.sandbox;

import dev.vspec.contracts.error.ApiError;
import dev.vspec.contracts.error.ErrorCode;
import dev.vspec.infra.web.ApiErrorResponses;
import jakarta.servlet.http.HttpServletRequest;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/** Every sandbox route, whatever the method, answers 503 until the sandbox reads its sample data. */
@RestController
class NotYetAvailableController {

    static final String MESSAGE = "The sandbox is not available yet in this version";

    private final ApiErrorResponses responses;

    NotYetAvailableController(ApiErrorResponses responses) {
        this.responses = responses;
    }

    @RequestMapping("/api/sample/**")
    ResponseEntity<ApiError> notYetAvailable(HttpServletRequest request) {
        // The sandbox adds object: "error" to its error records, like the gateway.
        ApiError error = new ApiError("error", ErrorCode.SERVICE_UNAVAILABLE, MESSAGE, null, null, null, null);
        return ResponseEntity.status(ErrorCode.SERVICE_UNAVAILABLE.status())
                .contentType(MediaType.APPLICATION_JSON)
                .header("Cache-Control", "no-store")
                .body(responses.stamped(error, request));
    }
}
