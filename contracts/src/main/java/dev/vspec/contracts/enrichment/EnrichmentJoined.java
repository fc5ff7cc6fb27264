package dev.vspec.contracts.enrichment;

import java.time.Instant;

/** The key with id {@code keyId} (never the key itself) was answered this job while it was in flight. */
public record EnrichmentJoined(String jobId, long keyId, Instant at) {}
