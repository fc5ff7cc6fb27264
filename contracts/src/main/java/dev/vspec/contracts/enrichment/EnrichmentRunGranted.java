package dev.vspec.contracts.enrichment;

import java.time.LocalDate;

/** A key spent a run on {@code day} for job {@code jobId}: its {@code runsThatDay}-th that day, {@code runsThatMonth}-th that month. */
public record EnrichmentRunGranted(
        String allowanceId, long keyId, LocalDate day, String jobId, int runsThatDay, long runsThatMonth) {}
