package dev.vspec.contracts.enrichment;

import dev.vspec.contracts.AddressedCommand;
import java.time.LocalDate;
import java.time.YearMonth;

/**
 * Spends one scheduled run of the key with id {@code keyId} on {@code day} (UTC) for job
 * {@code jobId}, within {@code runsPerDay} a day and {@code runsPerMonth} a calendar month. Every
 * key-month is one allowance, so runs spent concurrently are counted exactly.
 */
public record SpendEnrichmentRun(long keyId, LocalDate day, String jobId, int runsPerDay, long runsPerMonth)
        implements AddressedCommand {

    @Override
    public String targetAggregateId() {
        return allowanceId(keyId, YearMonth.from(day));
    }

    public static String allowanceId(long keyId, YearMonth month) {
        return "key-" + keyId + "-" + month;
    }
}
