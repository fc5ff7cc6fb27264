package dev.vspec.contracts.enrichment;

import dev.vspec.contracts.error.ErrorCode;
import java.time.Instant;

/**
 * The job ends without a configuration: {@code reason} is {@code unsupported_vehicle},
 * {@code not_found} or {@code upstream_unreachable}, {@code message} says why in words.
 */
public record FailEnrichment(String jobId, ErrorCode reason, String message, Instant at) implements EnrichmentCommand {}
