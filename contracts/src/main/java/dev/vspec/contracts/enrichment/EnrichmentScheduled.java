package dev.vspec.contracts.enrichment;

import java.time.Instant;

/** A job to enrich {@code vin} was scheduled for the key with id {@code keyId} (never the key itself). */
public record EnrichmentScheduled(String jobId, String vin, long keyId, Instant at) {}
