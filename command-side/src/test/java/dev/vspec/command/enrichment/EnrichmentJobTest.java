package dev.vspec.command.enrichment;

import dev.vspec.command.AddressedCommandTargetResolver;
import dev.vspec.contracts.enrichment.CompleteEnrichment;
import dev.vspec.contracts.enrichment.EnrichmentCompleted;
import dev.vspec.contracts.enrichment.EnrichmentFailed;
import dev.vspec.contracts.enrichment.EnrichmentJoined;
import dev.vspec.contracts.enrichment.EnrichmentScheduled;
import dev.vspec.contracts.enrichment.EnrichmentStep;
import dev.vspec.contracts.enrichment.EnrichmentStepCompleted;
import dev.vspec.contracts.enrichment.FailEnrichment;
import dev.vspec.contracts.enrichment.JoinEnrichment;
import dev.vspec.contracts.enrichment.RecordEnrichmentStep;
import dev.vspec.contracts.enrichment.ScheduleEnrichment;
import dev.vspec.contracts.error.ApiException;
import dev.vspec.contracts.error.ErrorCode;
import java.time.Instant;
import org.axonframework.test.aggregate.AggregateTestFixture;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class EnrichmentJobTest {

    /** Sample data: a 2021 Toyota RAV4 VIN with a valid check digit. */
    private static final String VIN = "2T3P1RFV1MC123456";

    private static final String JOB = "enr_" + VIN + "_1";
    private static final String CONFIG = "2021-toyota-rav4-xle-a25a-fks-awd";
    private static final Instant T0 = Instant.parse("2026-11-21T10:00:00Z");
    private static final EnrichmentScheduled SCHEDULED = new EnrichmentScheduled(JOB, VIN, 7, T0);

    private AggregateTestFixture<EnrichmentJob> fixture;

    @BeforeEach
    void setUp() {
        fixture = new AggregateTestFixture<>(EnrichmentJob.class);
        fixture.registerCommandTargetResolver(new AddressedCommandTargetResolver());
    }

    @Test
    void schedulingAJobRecordsItsVinAndKey() {
        fixture.givenNoPriorActivity()
                .when(new ScheduleEnrichment(JOB, VIN, 7, T0))
                .expectEvents(SCHEDULED);
    }

    @Test
    void aVinThatIsNotCanonicalIsRefused() {
        fixture.givenNoPriorActivity()
                .when(new ScheduleEnrichment(JOB, VIN.toLowerCase(), 7, T0))
                .expectNoEvents()
                .expectException(ApiException.class);
    }

    @Test
    void aJobIdMustNameAnAttemptOfItsVin() {
        fixture.givenNoPriorActivity()
                .when(new ScheduleEnrichment("enr_19XFC2F53LE208451_1", VIN, 7, T0))
                .expectNoEvents()
                .expectException(IllegalArgumentException.class);
        fixture.givenNoPriorActivity()
                .when(new ScheduleEnrichment("job-3f1c2a9e", VIN, 7, T0))
                .expectNoEvents()
                .expectException(IllegalArgumentException.class);
    }

    @Test
    void anotherKeyJoinsARunningJobOnce() {
        EnrichmentJoined joined = new EnrichmentJoined(JOB, 9, T0.plusSeconds(1));
        fixture.given(SCHEDULED)
                .when(new JoinEnrichment(JOB, 9, T0.plusSeconds(1)))
                .expectEvents(joined);
        fixture.given(SCHEDULED, joined)
                .when(new JoinEnrichment(JOB, 9, T0.plusSeconds(2)))
                .expectSuccessfulHandlerExecution()
                .expectNoEvents();
        fixture.given(SCHEDULED)
                .when(new JoinEnrichment(JOB, 7, T0.plusSeconds(2)))
                .expectSuccessfulHandlerExecution()
                .expectNoEvents();
    }

    @Test
    void nobodyJoinsAJobThatEnded() {
        fixture.given(SCHEDULED, new EnrichmentCompleted(JOB, VIN, CONFIG, T0.plusSeconds(3)))
                .when(new JoinEnrichment(JOB, 9, T0.plusSeconds(4)))
                .expectNoEvents()
                .expectException(EnrichmentJobEnded.class);
    }

    @Test
    void eachStepIsRecordedOnce() {
        EnrichmentStepCompleted decoded = new EnrichmentStepCompleted(
                JOB, EnrichmentStep.DECODED, "2021 Toyota RAV4, A25A-FKS", T0.plusSeconds(1));
        fixture.given(SCHEDULED)
                .when(new RecordEnrichmentStep(
                        JOB, EnrichmentStep.DECODED, "2021 Toyota RAV4, A25A-FKS", T0.plusSeconds(1)))
                .expectEvents(decoded);
        fixture.given(SCHEDULED, decoded)
                .when(new RecordEnrichmentStep(JOB, EnrichmentStep.DECODED, "again", T0.plusSeconds(2)))
                .expectSuccessfulHandlerExecution()
                .expectNoEvents();
    }

    @Test
    void completingNamesTheConfigurationAndEndsTheJob() {
        EnrichmentCompleted completed = new EnrichmentCompleted(JOB, VIN, CONFIG, T0.plusSeconds(3));
        fixture.given(SCHEDULED)
                .when(new CompleteEnrichment(JOB, CONFIG, T0.plusSeconds(3)))
                .expectEvents(completed);
        fixture.given(SCHEDULED, completed)
                .when(new CompleteEnrichment(JOB, CONFIG, T0.plusSeconds(4)))
                .expectSuccessfulHandlerExecution()
                .expectNoEvents();
        fixture.given(SCHEDULED, completed)
                .when(new RecordEnrichmentStep(JOB, EnrichmentStep.VIN_LINKED, "late", T0.plusSeconds(5)))
                .expectSuccessfulHandlerExecution()
                .expectNoEvents();
        fixture.given(SCHEDULED, completed)
                .when(new FailEnrichment(JOB, ErrorCode.NOT_FOUND, "late", T0.plusSeconds(5)))
                .expectException(EnrichmentJobEnded.class);
    }

    @Test
    void failingRecordsAnApiReasonAndEndsTheJob() {
        EnrichmentFailed failed = new EnrichmentFailed(
                JOB,
                VIN,
                ErrorCode.UPSTREAM_UNREACHABLE,
                "The catalog vendor did not answer after 4 attempts",
                T0.plusSeconds(30));
        fixture.given(SCHEDULED)
                .when(new FailEnrichment(
                        JOB,
                        ErrorCode.UPSTREAM_UNREACHABLE,
                        "The catalog vendor did not answer after 4 attempts",
                        T0.plusSeconds(30)))
                .expectEvents(failed);
        fixture.given(SCHEDULED, failed)
                .when(new CompleteEnrichment(JOB, CONFIG, T0.plusSeconds(31)))
                .expectException(EnrichmentJobEnded.class);
    }

    @Test
    void aJobFailsOnlyWithTheReasonsOfTheApi() {
        fixture.given(SCHEDULED)
                .when(new FailEnrichment(JOB, ErrorCode.INTERNAL_ERROR, "boom", T0))
                .expectNoEvents()
                .expectException(IllegalArgumentException.class);
    }
}
