package dev.vspec.contracts.enrichment;

import java.time.Instant;

/**
 * The key with id {@code keyId} asked to enrich the job's VIN while the job was in flight: it was
 * answered this job and may poll it. Refused once the job has ended.
 */
public record JoinEnrichment(String jobId, long keyId, Instant at) implements EnrichmentCommand {}
