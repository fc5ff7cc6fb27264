package dev.vspec.infra.access;

import java.time.Duration;
import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * {@code vspec.access.*}: whether routes under {@code /api} need keys, how long a key lookup is
 * trusted (the most a revocation takes to reach every instance), the brute-force guard, and the
 * paths that answer without a key besides the handlers marked {@link PublicRoute}.
 */
@ConfigurationProperties("vspec.access")
public record AccessProperties(
        @DefaultValue("true") boolean enabled,
        @DefaultValue("3s") Duration keyCacheTtl,
        @DefaultValue("10") int failedAuthenticationsPerMinute,

        @DefaultValue({
            "/api/openapi.json",
            "/api/openapi.json/**",
            "/api/openapi.json.yaml",
            "/api/docs",
            "/api/docs/**",
            "/api/swagger-ui.html",
            "/api/swagger-ui/**"
        })
        List<String> publicPaths) {}
