package dev.vspec.contracts.enrichment;

import java.time.Instant;

/** Schedules the enrichment of a VIN the service does not hold, for the key with id {@code keyId}. */
public record ScheduleEnrichment(String jobId, String vin, long keyId, Instant at) implements EnrichmentCommand {}
