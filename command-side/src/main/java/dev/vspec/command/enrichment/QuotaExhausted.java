package dev.vspec.command.enrichment;

import dev.vspec.contracts.error.ApiException;
import dev.vspec.contracts.error.ErrorCode;

/** A key has no scheduled run left: 429 {@code quota_exceeded}, until the next UTC day or month. */
public final class QuotaExhausted extends ApiException {

    /** Which allowance ran out; it decides when runs come back. */
    public enum Limit { DAILY, MONTHLY }

    private final Limit limit;

    QuotaExhausted(Limit limit, String message) {
        super(ErrorCode.QUOTA_EXCEEDED, message);
        this.limit = limit;
    }

    public Limit limit() {
        return limit;
    }
}
