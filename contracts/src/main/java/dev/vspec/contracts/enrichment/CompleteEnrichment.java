package dev.vspec.contracts.enrichment;

import java.time.Instant;

/** The job's VIN now answers on every read route, as {@code configKey}. */
public record CompleteEnrichment(String jobId, String configKey, Instant at) implements EnrichmentCommand {}
