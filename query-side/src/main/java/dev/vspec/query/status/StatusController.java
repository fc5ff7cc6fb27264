package dev.vspec.query.status;

import dev.vspec.infra.access.PublicRoute;
import io.swagger.v3.oas.annotations.Operation;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code GET /api/v1/status}: a fixed {@code {"status": "ok"}} through the same filters as every
 * route, without touching the database; the benchmark's baseline for what the stack itself costs.
 */
@RestController
class StatusController {

    private static final Status OK = new Status("ok");

    @Operation(operationId = "getStatus", summary = "A fixed answer through the API's own filters", description = """
            Always `{"status": "ok"}`, without touching the database: whether the API answers at all, and a \
            baseline for what the stack itself costs per request.""")
    @PublicRoute
    @GetMapping("/api/v1/status")
    Status status() {
        return OK;
    }

    record Status(String status) {}
}
