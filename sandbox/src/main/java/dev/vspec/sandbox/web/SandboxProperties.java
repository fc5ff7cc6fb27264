package dev.vspec.sandbox.web;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The sandbox's limits and the origin it allows ({@code vspec.sandbox.*}).
 *
 * @param requestsPerMinute requests per client address and UTC minute, counted across all instances
 * @param requestsPerDay    requests per client address and UTC day, counted across all instances
 * @param allowedOrigin     the one origin a browser may call the sandbox from: the service's own site
 */
@ConfigurationProperties("vspec.sandbox")
public record SandboxProperties(
        @DefaultValue("30") int requestsPerMinute,
        @DefaultValue("500") int requestsPerDay,
        String allowedOrigin) {}
