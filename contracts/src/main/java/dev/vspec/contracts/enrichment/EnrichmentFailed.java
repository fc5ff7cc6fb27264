package dev.vspec.contracts.enrichment;

import dev.vspec.contracts.error.ErrorCode;
import java.time.Instant;

/** The job ended without a configuration, for {@code reason} (an error code of the API). */
public record EnrichmentFailed(String jobId, String vin, ErrorCode reason, String message, Instant at) {}
