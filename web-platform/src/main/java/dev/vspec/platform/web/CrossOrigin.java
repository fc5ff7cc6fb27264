package dev.vspec.platform.web;

import java.time.Duration;
import java.util.List;
import org.springframework.web.cors.CorsConfiguration;

/** What the specification lets a browser page send and read across origins, as the gateway's and the sandbox's CORS configurations. */
public final class CrossOrigin {

    /** The request headers the specification allows from other origins, and no more. */
    public static final List<String> ALLOWED_HEADERS = List.of("Authorization", "Content-Type", "x-api-key");

    /** The answer headers a page may read: the request id, every budget header, the wait, the ETag, a listing's next page. */
    public static final List<String> EXPOSED_HEADERS = List.of(
            RequestIds.HEADER,
            "X-RateLimit-Limit",
            "X-RateLimit-Remaining",
            "X-RateLimit-Reset",
            "X-Monthly-Limit",
            "X-Monthly-Remaining",
            "RateLimit-Policy",
            "RateLimit-Limit",
            "RateLimit-Remaining",
            "RateLimit-Reset",
            "Retry-After",
            "ETag",
            "Idempotent-Replayed",
            "Link");

    /** How long a browser may keep a preflight's answer. */
    static final Duration MAX_AGE = Duration.ofMinutes(10);

    private CrossOrigin() {}

    /** Pages of every origin may send {@code methods} with the allowed headers, and read the exposed ones. */
    public static CorsConfiguration fromAnyOrigin(List<String> methods) {
        return configuration(List.of(CorsConfiguration.ALL), methods);
    }

    /**
     * Pages of {@code url}'s origin alone may send {@code methods} with the allowed headers, and read the exposed ones.
     *
     * @throws IllegalArgumentException when the URL names no origin
     */
    public static CorsConfiguration fromOriginOf(String url, List<String> methods) {
        return configuration(List.of(Origins.of(url)), methods);
    }

    private static CorsConfiguration configuration(List<String> origins, List<String> methods) {
        CorsConfiguration configuration = new CorsConfiguration();
        configuration.setAllowedOrigins(origins);
        configuration.setAllowedMethods(methods);
        configuration.setAllowedHeaders(ALLOWED_HEADERS);
        configuration.setExposedHeaders(EXPOSED_HEADERS);
        configuration.setMaxAge(MAX_AGE);
        return configuration;
    }
}
