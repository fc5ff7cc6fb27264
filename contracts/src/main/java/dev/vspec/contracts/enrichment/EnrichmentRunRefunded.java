package dev.vspec.contracts.enrichment;

import java.time.LocalDate;

/** The run granted on {@code day} for {@code jobId} was given back: no job came of it. */
public record EnrichmentRunRefunded(String allowanceId, long keyId, LocalDate day, String jobId) {}
