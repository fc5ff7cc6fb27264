package dev.vspec.contracts.enrichment;

import java.time.Instant;

/** The job ended with its VIN linked to {@code configKey}. */
public record EnrichmentCompleted(String jobId, String vin, String configKey, Instant at) {}
