package dev.vspec.command.enrichment;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import org.junit.jupiter.api.Test;

class QuotaExhaustedTest {

    @Test
    void theDailyAllowanceRenewsAtTheNextMidnightUtc() {
        QuotaExhausted daily = new QuotaExhausted(QuotaExhausted.Limit.DAILY, "spent");

        assertThat(daily.renewsAfter(Instant.parse("2026-11-21T23:59:59.500Z")))
                .isEqualTo(Instant.parse("2026-11-22T00:00:00Z"));
        assertThat(daily.renewsAfter(Instant.parse("2026-12-31T00:00:00Z")))
                .isEqualTo(Instant.parse("2027-01-01T00:00:00Z"));
    }

    @Test
    void theMonthlyCreditsRenewOnTheFirstOfNextMonth() {
        QuotaExhausted monthly = new QuotaExhausted(QuotaExhausted.Limit.MONTHLY, "spent");

        assertThat(monthly.renewsAfter(Instant.parse("2026-11-21T10:00:00Z")))
                .isEqualTo(Instant.parse("2026-12-01T00:00:00Z"));
        assertThat(monthly.renewsAfter(Instant.parse("2026-12-01T00:00:00Z")))
                .isEqualTo(Instant.parse("2027-01-01T00:00:00Z"));
        assertThat(monthly.renewsAfter(Instant.parse("2028-02-29T12:00:00Z")))
                .isEqualTo(Instant.parse("2028-03-01T00:00:00Z"));
    }
}
