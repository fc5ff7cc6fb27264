package dev.vspec.infra.web;

import java.util.List;

/** What the specification lets a browser page send and read across origins, for the gateway's and the sandbox's CORS. */
public final class CrossOrigin {

    /** The request headers the specification allows from other origins, and no more. */
    public static final List<String> ALLOWED_HEADERS = List.of("Authorization", "Content-Type", "x-api-key");

    /** The answer headers a page may read: the request id, every budget header, the wait, the ETag. */
    public static final List<String> EXPOSED_HEADERS = List.of(RequestIds.HEADER, "X-RateLimit-Limit", "X-RateLimit-Remaining",
            "X-RateLimit-Reset", "X-Monthly-Limit", "X-Monthly-Remaining", "RateLimit-Policy", "RateLimit-Limit",
            "RateLimit-Remaining", "RateLimit-Reset", "Retry-After", "ETag", "Idempotent-Replayed");

    /** How long a browser may keep a preflight's answer. */
    public static final String MAX_AGE_SECONDS = "600";

    private CrossOrigin() {
    }
}
