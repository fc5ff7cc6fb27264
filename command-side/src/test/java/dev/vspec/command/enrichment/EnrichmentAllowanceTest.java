package dev.vspec.command.enrichment;

import dev.vspec.command.AddressedCommandTargetResolver;
import dev.vspec.contracts.enrichment.EnrichmentRunGranted;
import dev.vspec.contracts.enrichment.EnrichmentRunRefunded;
import dev.vspec.contracts.enrichment.RefundEnrichmentRun;
import dev.vspec.contracts.enrichment.SpendEnrichmentRun;
import java.time.LocalDate;
import java.time.YearMonth;
import org.axonframework.test.aggregate.AggregateTestFixture;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class EnrichmentAllowanceTest {

    private static final long KEY = 7;
    private static final LocalDate DAY = LocalDate.of(2026, 11, 21);
    private static final String ALLOWANCE = SpendEnrichmentRun.allowanceId(KEY, YearMonth.of(2026, 11));

    private AggregateTestFixture<EnrichmentAllowance> fixture;

    @BeforeEach
    void setUp() {
        fixture = new AggregateTestFixture<>(EnrichmentAllowance.class);
        fixture.registerCommandTargetResolver(new AddressedCommandTargetResolver());
    }

    @Test
    void theFirstRunOfAMonthIsGranted() {
        fixture.givenNoPriorActivity()
                .when(new SpendEnrichmentRun(KEY, DAY, "job-1", 5, 100))
                .expectEvents(new EnrichmentRunGranted(ALLOWANCE, KEY, DAY, "job-1", 1, 1));
    }

    @Test
    void cannotScheduleASixthRunInOneDay() {
        fixture.given(
                        granted(DAY, 1, 1),
                        granted(DAY, 2, 2),
                        granted(DAY, 3, 3),
                        granted(DAY, 4, 4),
                        granted(DAY, 5, 5))
                .when(new SpendEnrichmentRun(KEY, DAY, "job-6", 5, 100))
                .expectNoEvents()
                .expectException(QuotaExhausted.class)
                .expectExceptionMessage(
                        "Daily enrichment quota (5 scheduled runs/day/key) reached; it renews at 00:00 UTC");
    }

    @Test
    void theNextDayHasItsFiveRunsAgain() {
        fixture.given(
                        granted(DAY, 1, 1),
                        granted(DAY, 2, 2),
                        granted(DAY, 3, 3),
                        granted(DAY, 4, 4),
                        granted(DAY, 5, 5))
                .when(new SpendEnrichmentRun(KEY, DAY.plusDays(1), "job-6", 5, 100))
                .expectEvents(new EnrichmentRunGranted(ALLOWANCE, KEY, DAY.plusDays(1), "job-6", 1, 6));
    }

    @Test
    void cannotSpendMoreThanTheMonthsCredits() {
        fixture.given(granted(DAY.minusDays(1), 1, 1), granted(DAY, 1, 2))
                .when(new SpendEnrichmentRun(KEY, DAY, "job-3", 5, 2))
                .expectNoEvents()
                .expectException(QuotaExhausted.class)
                .expectExceptionMessage(
                        "Monthly enrichment credits (2 runs) are spent; they renew on the 1st, 00:00 UTC");
    }

    @Test
    void spendingAgainForTheSameJobChangesNothing() {
        fixture.given(granted(DAY, 1, 1))
                .when(new SpendEnrichmentRun(KEY, DAY, "job-1", 5, 100))
                .expectSuccessfulHandlerExecution()
                .expectNoEvents();
    }

    @Test
    void whenTheDayAndTheMonthAreBothSpentTheMonthIsNamedForItRenewsLater() {
        fixture.given(granted(DAY, 1, 1), granted(DAY, 2, 2))
                .when(new SpendEnrichmentRun(KEY, DAY, "job-3", 2, 2))
                .expectNoEvents()
                .expectException(QuotaExhausted.class)
                .expectExceptionMessage(
                        "Monthly enrichment credits (2 runs) are spent; they renew on the 1st, 00:00 UTC");
    }

    @Test
    void aRunGivenBackCanBeSpentAgain() {
        EnrichmentRunRefunded refunded = new EnrichmentRunRefunded(ALLOWANCE, KEY, DAY, "job-5");
        fixture.given(
                        granted(DAY, 1, 1),
                        granted(DAY, 2, 2),
                        granted(DAY, 3, 3),
                        granted(DAY, 4, 4),
                        granted(DAY, 5, 5))
                .when(new RefundEnrichmentRun(KEY, DAY, "job-5"))
                .expectEvents(refunded);
        fixture.given(
                        granted(DAY, 1, 1),
                        granted(DAY, 2, 2),
                        granted(DAY, 3, 3),
                        granted(DAY, 4, 4),
                        granted(DAY, 5, 5),
                        refunded)
                .when(new SpendEnrichmentRun(KEY, DAY, "job-6", 5, 100))
                .expectEvents(new EnrichmentRunGranted(ALLOWANCE, KEY, DAY, "job-6", 5, 5));
    }

    @Test
    void onlyAGrantedRunIsGivenBackAndOnlyOnce() {
        EnrichmentRunRefunded refunded = new EnrichmentRunRefunded(ALLOWANCE, KEY, DAY, "job-1");
        fixture.given(granted(DAY, 1, 1))
                .when(new RefundEnrichmentRun(KEY, DAY, "job-2"))
                .expectSuccessfulHandlerExecution()
                .expectNoEvents();
        fixture.given(granted(DAY, 1, 1), refunded)
                .when(new RefundEnrichmentRun(KEY, DAY, "job-1"))
                .expectSuccessfulHandlerExecution()
                .expectNoEvents();
    }

    private static EnrichmentRunGranted granted(LocalDate day, int runsThatDay, long runsThatMonth) {
        return new EnrichmentRunGranted(ALLOWANCE, KEY, day, "job-" + runsThatMonth, runsThatDay, runsThatMonth);
    }
}
