package dev.vspec.readmodel;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vspec.contracts.enrichment.EnrichmentCompleted;
import dev.vspec.contracts.enrichment.EnrichmentFailed;
import dev.vspec.contracts.enrichment.EnrichmentJoined;
import dev.vspec.contracts.enrichment.EnrichmentScheduled;
import dev.vspec.contracts.enrichment.EnrichmentStep;
import dev.vspec.contracts.enrichment.EnrichmentStepCompleted;
import dev.vspec.contracts.error.ErrorCode;
import dev.vspec.readmodel.EnrichmentJobState.JobError;
import dev.vspec.readmodel.EnrichmentJobState.Status;
import dev.vspec.readmodel.EnrichmentJobState.Step;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The fold of a job's events, in the order they were stored, into its status and its row. */
class EnrichmentJobStateTest {

    private static final String JOB = "enr_2T3P1RFV2NW131842_1";
    private static final String VIN = "2T3P1RFV2NW131842";
    private static final long OWNER = 7;
    private static final Instant T0 = Instant.parse("2026-03-01T10:15:30.123456Z");

    /** An event type a later version might give the job. */
    private record Prioritized(String jobId, String priority) {}

    @Test
    void aJobWithoutStepsIsScheduled() {
        EnrichmentJobState job = fold(scheduled());

        assertThat(job.status()).isEqualTo(Status.SCHEDULED);
        assertThat(job.jobId()).isEqualTo(JOB);
        assertThat(job.vin()).isEqualTo(VIN);
        assertThat(job.keyIds()).containsExactly(OWNER);
        assertThat(job.scheduledAt()).isEqualTo(T0);
        assertThat(job.updatedAt()).isEqualTo(T0);
        assertThat(job.steps()).isEmpty();
        assertThat(job.configKey()).isNull();
        assertThat(job.error()).isNull();
        assertThat(job.ended()).isFalse();
    }

    @Test
    void aJobWithAStepIsRunningAndListsItsStepsInTheOrderTheyWereStored() {
        EnrichmentJobState job = fold(
                scheduled(),
                step(EnrichmentStep.DECODED, "2022 Toyota RAV4 XLE A25A-FKS AWD", 1),
                step(EnrichmentStep.FOUND_UPSTREAM, "2022-toyota-rav4-xle-a25a-fks-awd", 2));

        assertThat(job.status()).isEqualTo(Status.RUNNING);
        assertThat(job.steps())
                .containsExactly(
                        new Step("decoded", "2022 Toyota RAV4 XLE A25A-FKS AWD", T0.plusSeconds(1)),
                        new Step("found_upstream", "2022-toyota-rav4-xle-a25a-fks-awd", T0.plusSeconds(2)));
        assertThat(job.scheduledAt()).isEqualTo(T0);
        assertThat(job.updatedAt()).isEqualTo(T0.plusSeconds(2));
    }

    @Test
    void stepsAreNeitherSortedNorMergedButKeptAsStored() {
        EnrichmentJobState job = fold(
                scheduled(),
                step(EnrichmentStep.VIN_LINKED, "first stored", 1),
                step(EnrichmentStep.DECODED, "second stored", 2));

        assertThat(job.steps()).extracting(Step::step).containsExactly("vin_linked", "decoded");
    }

    @Test
    void aCompletedJobCarriesItsConfigKeyUntilItIsToldAsNotYetReadable() {
        EnrichmentJobState job = fold(
                scheduled(),
                step(EnrichmentStep.DECODED, "2022 Toyota RAV4 XLE A25A-FKS AWD", 1),
                step(EnrichmentStep.FOUND_UPSTREAM, "2022-toyota-rav4-xle-a25a-fks-awd", 2),
                step(EnrichmentStep.CATALOG_RECORDED, "9 catalog commands", 3),
                step(EnrichmentStep.VIN_LINKED, VIN + " is 2022-toyota-rav4-xle-a25a-fks-awd", 4),
                new EnrichmentCompleted(JOB, VIN, "2022-toyota-rav4-xle-a25a-fks-awd", T0.plusSeconds(5)));

        assertThat(job.status()).isEqualTo(Status.COMPLETED);
        assertThat(job.ended()).isTrue();
        assertThat(job.configKey()).isEqualTo("2022-toyota-rav4-xle-a25a-fks-awd");
        assertThat(job.error()).isNull();
        assertThat(job.steps())
                .extracting(Step::step)
                .containsExactly("decoded", "found_upstream", "catalog_recorded", "vin_linked");
        assertThat(job.updatedAt()).isEqualTo(T0.plusSeconds(5));
        assertThat(job.untilReadable().status()).isEqualTo(Status.RUNNING);
        assertThat(job.untilReadable().configKey()).isNull();
    }

    @Test
    void aFailedJobCarriesTheReasonAsTheApiErrorCodeAndItsMessage() {
        EnrichmentJobState job = fold(
                scheduled(),
                step(EnrichmentStep.DECODED, "2022 Toyota RAV4 XLE A25A-FKS AWD", 1),
                new EnrichmentFailed(
                        JOB,
                        VIN,
                        ErrorCode.UPSTREAM_UNREACHABLE,
                        "The catalog vendor did not answer",
                        T0.plusSeconds(9)));

        assertThat(job.status()).isEqualTo(Status.FAILED);
        assertThat(job.ended()).isTrue();
        assertThat(job.error()).isEqualTo(new JobError("upstream_unreachable", "The catalog vendor did not answer"));
        assertThat(job.configKey()).isNull();
        assertThat(job.steps()).hasSize(1);
        assertThat(job.updatedAt()).isEqualTo(T0.plusSeconds(9));
    }

    @Test
    void aFailureBeforeAnyStepIsStillFailed() {
        EnrichmentJobState job = fold(
                scheduled(),
                new EnrichmentFailed(JOB, VIN, ErrorCode.UNSUPPORTED_VEHICLE, "no engine code", T0.plusSeconds(1)));

        assertThat(job.status()).isEqualTo(Status.FAILED);
        assertThat(job.error().code()).isEqualTo("unsupported_vehicle");
    }

    @Test
    void theSchedulingKeyComesFirstThenEachJoinedKeyOnce() {
        EnrichmentJobState job = fold(
                scheduled(),
                new EnrichmentJoined(JOB, 11, T0.plusSeconds(1)),
                new EnrichmentJoined(JOB, 12, T0.plusSeconds(2)),
                new EnrichmentJoined(JOB, 11, T0.plusSeconds(3)));

        assertThat(job.keyIds()).containsExactly(OWNER, 11L, 12L);
    }

    @Test
    void aJoinIsNotProgress() {
        EnrichmentJobState job = fold(scheduled(), new EnrichmentJoined(JOB, 11, T0.plusSeconds(30)));

        assertThat(job.status()).isEqualTo(Status.SCHEDULED);
        assertThat(job.updatedAt()).isEqualTo(T0);
    }

    @Test
    void anEventAppliedAlreadyChangesNothing() {
        EnrichmentJobState job = fold(scheduled(), step(EnrichmentStep.DECODED, "decoded", 1));

        Optional<EnrichmentJobState> again =
                EnrichmentJobState.apply(Optional.of(job), step(EnrichmentStep.DECODED, "decoded", 1), 1);

        assertThat(again).contains(job);
        assertThat(job.steps()).hasSize(1);
        assertThat(job.lastSequence()).isEqualTo(1);
    }

    @Test
    void eventsOfOtherTypesChangeNothingButTheirSequenceNumber() {
        EnrichmentJobState job =
                fold(scheduled(), new Prioritized(JOB, "high"), step(EnrichmentStep.DECODED, "decoded", 1));

        assertThat(job.steps()).containsExactly(new Step("decoded", "decoded", T0.plusSeconds(1)));
        assertThat(job.updatedAt()).isEqualTo(T0.plusSeconds(1));
        assertThat(job.lastSequence()).isEqualTo(2);
    }

    @Test
    void withoutItsSchedulingThereIsNoJob() {
        Optional<EnrichmentJobState> none = Optional.empty();
        for (Object event : List.of(
                step(EnrichmentStep.DECODED, "decoded", 1),
                new EnrichmentFailed(JOB, VIN, ErrorCode.NOT_FOUND, "written by a tool", T0))) {
            none = EnrichmentJobState.apply(none, event, 0);
        }

        assertThat(none).isEmpty();
    }

    @Test
    void theRowGivesBackTheJobItWasWrittenFrom() {
        EnrichmentJobState failed = fold(
                scheduled(),
                new EnrichmentJoined(JOB, 11, T0.plusSeconds(1)),
                new EnrichmentStepCompleted(JOB, EnrichmentStep.DECODED, null, T0.plusSeconds(2)),
                new EnrichmentFailed(JOB, VIN, ErrorCode.NOT_FOUND, null, T0.plusSeconds(3)));

        assertThat(EnrichmentJobState.of(failed.toRecord())).isEqualTo(failed);
        assertThat(failed.toRecord().getStatus()).isEqualTo("failed");
        EnrichmentJobState scheduled = fold(scheduled());
        assertThat(EnrichmentJobState.of(scheduled.toRecord())).isEqualTo(scheduled);
    }

    @Test
    void timesAreKeptToTheMicrosecondAsTheTableKeepsThem() {
        Instant nanos = Instant.parse("2026-03-01T10:15:30.123456789Z");
        EnrichmentJobState job = fold(
                new EnrichmentScheduled(JOB, VIN, OWNER, nanos),
                new EnrichmentStepCompleted(JOB, EnrichmentStep.DECODED, "decoded", nanos.plusNanos(1)));

        Instant micros = Instant.parse("2026-03-01T10:15:30.123456Z");
        assertThat(job.scheduledAt()).isEqualTo(micros);
        assertThat(job.updatedAt()).isEqualTo(micros);
        assertThat(job.steps().get(0).at()).isEqualTo(micros);
        assertThat(EnrichmentJobState.of(job.toRecord())).isEqualTo(job);
    }

    @Test
    void statusesAreAnsweredAsLowercaseCodes() {
        assertThat(List.of(Status.values()))
                .extracting(Status::code)
                .containsExactly("scheduled", "running", "completed", "failed");
    }

    /** The job these events make, each stored with the next sequence number from 0. */
    private static EnrichmentJobState fold(Object... events) {
        Optional<EnrichmentJobState> job = Optional.empty();
        for (int sequence = 0; sequence < events.length; sequence++) {
            job = EnrichmentJobState.apply(job, events[sequence], sequence);
        }
        return job.orElseThrow();
    }

    private static EnrichmentScheduled scheduled() {
        return new EnrichmentScheduled(JOB, VIN, OWNER, T0);
    }

    private static EnrichmentStepCompleted step(EnrichmentStep step, String detail, long secondsAfterScheduling) {
        return new EnrichmentStepCompleted(JOB, step, detail, T0.plusSeconds(secondsAfterScheduling));
    }
}
