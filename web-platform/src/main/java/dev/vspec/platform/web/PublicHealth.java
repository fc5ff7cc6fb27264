package dev.vspec.platform.web;

import dev.vspec.contracts.error.ApiError;
import dev.vspec.contracts.error.ErrorCode;
import jakarta.servlet.http.HttpServletRequest;
import org.springframework.boot.actuate.endpoint.ApiVersion;
import org.springframework.boot.actuate.endpoint.SecurityContext;
import org.springframework.boot.actuate.endpoint.web.WebEndpointResponse;
import org.springframework.boot.actuate.endpoint.web.WebServerNamespace;
import org.springframework.boot.health.actuate.endpoint.HealthDescriptor;
import org.springframework.boot.health.actuate.endpoint.HealthEndpointWebExtension;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code /actuator/health} and its groups ({@code /actuator/health/liveness}, {@code .../readiness})
 * on the public port, answered as the actuator answers them, while the actuator itself (health,
 * metrics, info) serves the management port. Load balancers and container health checks keep
 * their address; nothing else of the actuator is public.
 */
@RestController
class PublicHealth {

    static final String PATH = "/actuator/health";

    private final HealthEndpointWebExtension health;
    private final ApiErrorResponses errors;

    PublicHealth(HealthEndpointWebExtension health, ApiErrorResponses errors) {
        this.health = health;
        this.errors = errors;
    }

    @GetMapping(
            path = {PATH, PATH + "/{*group}"},
            produces = MediaType.APPLICATION_JSON_VALUE)
    ResponseEntity<?> health(@PathVariable(required = false) String group, HttpServletRequest request) {
        String[] path = group == null || group.equals("/")
                ? new String[0]
                : group.substring(1).split("/");
        WebEndpointResponse<HealthDescriptor> answer =
                health.health(ApiVersion.LATEST, WebServerNamespace.SERVER, SecurityContext.NONE, path);
        if (answer.getBody() == null) {
            return ResponseEntity.status(ErrorCode.NOT_FOUND.status())
                    .contentType(MediaType.APPLICATION_JSON)
                    .body(errors.stamped(
                            ApiError.of(
                                    ErrorCode.NOT_FOUND,
                                    "No such health group: " + PATH + ", " + PATH + "/liveness and " + PATH
                                            + "/readiness answer here"),
                            request));
        }
        return ResponseEntity.status(answer.getStatus())
                .header("Cache-Control", "no-store")
                .body(answer.getBody());
    }
}
