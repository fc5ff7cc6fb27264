package dev.vspec.contracts.enrichment;

import java.time.Instant;

/** A step of the job is done; {@code detail} says what it found, in words for the poller. */
public record RecordEnrichmentStep(String jobId, EnrichmentStep step, String detail, Instant at)
        implements EnrichmentCommand {}
