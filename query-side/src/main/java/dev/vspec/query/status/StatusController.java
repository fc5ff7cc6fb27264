package dev.vspec.query.status;

import dev.vspec.access.PublicRoute;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code GET /api/v1/status}: a fixed {@code {"status": "ok"}} through the same filters as every
 * route, without touching the database; the benchmark's baseline for what the stack itself costs.
 */
@RestController
class StatusController {

    private static final Status OK = new Status("ok");

    @PublicRoute
    @GetMapping("/api/v1/status")
    Status status() {
        return OK;
    }

    record Status(String status) {}
}
