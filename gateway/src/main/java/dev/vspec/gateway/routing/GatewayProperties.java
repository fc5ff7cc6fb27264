package dev.vspec.gateway.routing;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;

/**
 * Where each route goes and how long it may take ({@code vspec.backends.*}).
 * A backend is one URL or several instances, comma-separated ({@link BackendInstances}); a blank
 * one leaves its route unconfigured: it answers 503 {@code gateway_unconfigured}.
 *
 * @param commandSide   the writes' backend
 * @param querySide     the reads' backend
 * @param sandbox       the sandbox's backend
 * @param connectTimeout how long a backend may take to accept the connection
 * @param readsTimeout  how long the query side may take to answer a read
 * @param writesTimeout how long the command side may take (an Idempotency-Key repeat waits for the first answer)
 * @param sandboxTimeout how long the sandbox may take
 * @param bodyTimeout   how long a client may take to send a request's body (each read, and all of it after the last read began)
 * @param maxBody       the largest request body passed on (the backends take a few kilobytes at most)
 */
@ConfigurationProperties("vspec.backends")
public record GatewayProperties(
        String commandSide,
        String querySide,
        String sandbox,
        @DefaultValue("2s") Duration connectTimeout,
        @DefaultValue("10s") Duration readsTimeout,
        @DefaultValue("30s") Duration writesTimeout,
        @DefaultValue("5s") Duration sandboxTimeout,
        @DefaultValue("10s") Duration bodyTimeout,
        @DefaultValue("64KB") DataSize maxBody) {}
