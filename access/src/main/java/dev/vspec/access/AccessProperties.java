package dev.vspec.access;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * {@code vspec.access.*}: whether routes under {@code /api} need keys, how long a key lookup is
 * trusted (the most a revocation takes to reach every instance), and the brute-force guard.
 */
@ConfigurationProperties("vspec.access")
public record AccessProperties(
        @DefaultValue("true") boolean enabled,
        @DefaultValue("3s") Duration keyCacheTtl,
        @DefaultValue("10") int failedAuthenticationsPerMinute) {}
