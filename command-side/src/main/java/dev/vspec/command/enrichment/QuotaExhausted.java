package dev.vspec.command.enrichment;

import dev.vspec.contracts.error.ApiException;
import dev.vspec.contracts.error.ErrorCode;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;

/** A key has no scheduled run left: 429 {@code quota_exceeded}, until the next UTC day or month. */
public final class QuotaExhausted extends ApiException {

    /** Which allowance ran out; it decides when runs come back. */
    public enum Limit {
        DAILY,
        MONTHLY
    }

    private final Limit limit;

    QuotaExhausted(Limit limit, String message) {
        super(ErrorCode.QUOTA_EXCEEDED, message);
        this.limit = limit;
    }

    /** When runs come back after {@code now}: the next midnight UTC, or the 1st of next month at 00:00 UTC. */
    public Instant renewsAfter(Instant now) {
        LocalDate today = LocalDate.ofInstant(now, ZoneOffset.UTC);
        LocalDate renews = limit == Limit.DAILY
                ? today.plusDays(1)
                : today.withDayOfMonth(1).plusMonths(1);
        return renews.atStartOfDay(ZoneOffset.UTC).toInstant();
    }
}
