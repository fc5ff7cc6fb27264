package dev.vspec.contracts.enrichment;

import java.time.Instant;

/** A step of the job was done. */
public record EnrichmentStepCompleted(String jobId, EnrichmentStep step, String detail, Instant at) {}
