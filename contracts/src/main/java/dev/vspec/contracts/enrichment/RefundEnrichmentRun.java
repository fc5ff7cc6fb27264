package dev.vspec.contracts.enrichment;

import dev.vspec.contracts.AddressedCommand;
import java.time.LocalDate;
import java.time.YearMonth;

/**
 * Gives back the run granted on {@code day} for {@code jobId} when no job came of it (another
 * request scheduled the VIN first). A run that was not granted, or was already given back, stays as it is.
 */
public record RefundEnrichmentRun(long keyId, LocalDate day, String jobId) implements AddressedCommand {

    @Override
    public String targetAggregateId() {
        return SpendEnrichmentRun.allowanceId(keyId, YearMonth.from(day));
    }
}
