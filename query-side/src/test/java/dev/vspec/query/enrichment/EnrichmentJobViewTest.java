package dev.vspec.query.enrichment;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.vspec.contracts.enrichment.EnrichmentCompleted;
import dev.vspec.contracts.enrichment.EnrichmentFailed;
import dev.vspec.contracts.enrichment.EnrichmentJoined;
import dev.vspec.contracts.enrichment.EnrichmentScheduled;
import dev.vspec.contracts.enrichment.EnrichmentStep;
import dev.vspec.contracts.enrichment.EnrichmentStepCompleted;
import dev.vspec.contracts.error.ErrorCode;
import dev.vspec.events.axon.EventSerialization;
import dev.vspec.query.enrichment.EnrichmentJobView.JobError;
import dev.vspec.query.enrichment.EnrichmentJobView.JobStep;
import dev.vspec.query.enrichment.EnrichmentJobView.Status;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The fold of a job's events into its status, over payloads as the command side's serializer writes them. */
class EnrichmentJobViewTest {

    private static final String JOB = "enr_2T3P1RFV2NW131842_1";
    private static final String VIN = "2T3P1RFV2NW131842";
    private static final long OWNER = 7;
    private static final Instant T0 = Instant.parse("2026-03-01T10:15:30.123456Z");

    @Test
    void aJobWithoutStepsIsScheduled() {
        EnrichmentJobView job = fold(scheduled());

        assertThat(job.status()).isEqualTo(Status.SCHEDULED);
        assertThat(job.jobId()).isEqualTo(JOB);
        assertThat(job.vin()).isEqualTo(VIN);
        assertThat(job.scheduledAt()).isEqualTo(T0);
        assertThat(job.updatedAt()).isEqualTo(T0);
        assertThat(job.steps()).isEmpty();
        assertThat(job.configKey()).isNull();
        assertThat(job.error()).isNull();
    }

    @Test
    void aJobWithAStepIsRunningAndListsItsStepsInTheOrderTheyWereStored() {
        EnrichmentJobView job = fold(
                scheduled(),
                step(EnrichmentStep.DECODED, "2022 Toyota RAV4 XLE A25A-FKS AWD", 1),
                step(EnrichmentStep.FOUND_UPSTREAM, "2022-toyota-rav4-xle-a25a-fks-awd", 2));

        assertThat(job.status()).isEqualTo(Status.RUNNING);
        assertThat(job.steps())
                .containsExactly(
                        new JobStep("decoded", "2022 Toyota RAV4 XLE A25A-FKS AWD", T0.plusSeconds(1)),
                        new JobStep("found_upstream", "2022-toyota-rav4-xle-a25a-fks-awd", T0.plusSeconds(2)));
        assertThat(job.scheduledAt()).isEqualTo(T0);
        assertThat(job.updatedAt()).isEqualTo(T0.plusSeconds(2));
    }

    @Test
    void stepsAreNeitherSortedNorMergedButKeptAsStored() {
        EnrichmentJobView job = fold(
                scheduled(),
                step(EnrichmentStep.VIN_LINKED, "first stored", 1),
                step(EnrichmentStep.DECODED, "second stored", 2));

        assertThat(job.steps()).extracting(JobStep::step).containsExactly("vin_linked", "decoded");
    }

    @Test
    void aCompletedJobCarriesItsConfigKey() {
        EnrichmentJobView job = fold(
                scheduled(),
                step(EnrichmentStep.DECODED, "2022 Toyota RAV4 XLE A25A-FKS AWD", 1),
                step(EnrichmentStep.FOUND_UPSTREAM, "2022-toyota-rav4-xle-a25a-fks-awd", 2),
                step(EnrichmentStep.CATALOG_RECORDED, "9 catalog commands", 3),
                step(EnrichmentStep.VIN_LINKED, VIN + " is 2022-toyota-rav4-xle-a25a-fks-awd", 4),
                event(new EnrichmentCompleted(JOB, VIN, "2022-toyota-rav4-xle-a25a-fks-awd", T0.plusSeconds(5))));

        assertThat(job.status()).isEqualTo(Status.COMPLETED);
        assertThat(job.configKey()).isEqualTo("2022-toyota-rav4-xle-a25a-fks-awd");
        assertThat(job.error()).isNull();
        assertThat(job.steps())
                .extracting(JobStep::step)
                .containsExactly("decoded", "found_upstream", "catalog_recorded", "vin_linked");
        assertThat(job.updatedAt()).isEqualTo(T0.plusSeconds(5));
    }

    @Test
    void aFailedJobCarriesTheReasonAsTheApiErrorCodeAndItsMessage() {
        EnrichmentJobView job = fold(
                scheduled(),
                step(EnrichmentStep.DECODED, "2022 Toyota RAV4 XLE A25A-FKS AWD", 1),
                event(new EnrichmentFailed(
                        JOB,
                        VIN,
                        ErrorCode.UPSTREAM_UNREACHABLE,
                        "The catalog vendor did not answer",
                        T0.plusSeconds(9))));

        assertThat(job.status()).isEqualTo(Status.FAILED);
        assertThat(job.error()).isEqualTo(new JobError("upstream_unreachable", "The catalog vendor did not answer"));
        assertThat(job.configKey()).isNull();
        assertThat(job.steps()).hasSize(1);
        assertThat(job.updatedAt()).isEqualTo(T0.plusSeconds(9));
    }

    @Test
    void aFailureBeforeAnyStepIsStillFailed() {
        EnrichmentJobView job = fold(
                scheduled(),
                event(new EnrichmentFailed(
                        JOB, VIN, ErrorCode.UNSUPPORTED_VEHICLE, "no engine code", T0.plusSeconds(1))));

        assertThat(job.status()).isEqualTo(Status.FAILED);
        assertThat(job.error().code()).isEqualTo("unsupported_vehicle");
    }

    @Test
    void theSchedulingKeyAndEveryJoinedKeySeeTheJobAndNoOtherKeyDoes() {
        EnrichmentJobView job = fold(
                scheduled(),
                event(new EnrichmentJoined(JOB, 11, T0.plusSeconds(1))),
                event(new EnrichmentJoined(JOB, 12, T0.plusSeconds(2))));

        assertThat(job.visibleTo(OWNER)).isTrue();
        assertThat(job.visibleTo(11)).isTrue();
        assertThat(job.visibleTo(12)).isTrue();
        assertThat(job.visibleTo(13)).isFalse();
        assertThat(fold(scheduled()).visibleTo(11)).isFalse();
    }

    @Test
    void aJoinIsNotProgress() {
        EnrichmentJobView job = fold(scheduled(), event(new EnrichmentJoined(JOB, 11, T0.plusSeconds(30))));

        assertThat(job.status()).isEqualTo(Status.SCHEDULED);
        assertThat(job.updatedAt()).isEqualTo(T0);
    }

    @Test
    void eventsOfTypesThisReaderDoesNotKnowAreSkipped() {
        List<StoredEvent> events = new ArrayList<>(List.of(scheduled(), step(EnrichmentStep.DECODED, "decoded", 1)));
        events.add(
                1,
                new StoredEvent(
                        "dev.vspec.contracts.enrichment.EnrichmentPrioritized",
                        "{\"jobId\":\"enr_2T3P1RFV2NW131842_1\",\"priority\":\"high\"}"
                                .getBytes(StandardCharsets.UTF_8)));
        events.add(new StoredEvent(
                "dev.vspec.contracts.enrichment.SomethingElse", "not even JSON".getBytes(StandardCharsets.UTF_8)));

        EnrichmentJobView job = EnrichmentJobView.fold(events).orElseThrow();

        assertThat(job).isEqualTo(fold(scheduled(), step(EnrichmentStep.DECODED, "decoded", 1)));
    }

    @Test
    void fieldsAKnownEventGainedLaterAreIgnored() {
        StoredEvent scheduled = new StoredEvent(
                EnrichmentScheduled.class.getName(),
                ("{\"jobId\":\"" + JOB + "\",\"vin\":\"" + VIN + "\",\"keyId\":7,\"at\":\"" + T0
                                + "\",\"channel\":\"api\"}")
                        .getBytes(StandardCharsets.UTF_8));

        assertThat(EnrichmentJobView.fold(List.of(scheduled))).contains(fold(scheduled()));
    }

    @Test
    void withoutItsSchedulingThereIsNoJob() {
        assertThat(EnrichmentJobView.fold(List.of())).isEmpty();
        assertThat(EnrichmentJobView.fold(List.of(new StoredEvent(
                        "dev.vspec.contracts.enrichment.EnrichmentPrioritized",
                        "{}".getBytes(StandardCharsets.UTF_8)))))
                .isEmpty();
    }

    @Test
    void statusesAreAnsweredAsLowercaseCodes() {
        assertThat(List.of(Status.values()))
                .extracting(Status::code)
                .containsExactly("scheduled", "running", "completed", "failed");
    }

    private static EnrichmentJobView fold(StoredEvent... events) {
        return EnrichmentJobView.fold(List.of(events)).orElseThrow();
    }

    private static StoredEvent scheduled() {
        return event(new EnrichmentScheduled(JOB, VIN, OWNER, T0));
    }

    private static StoredEvent step(EnrichmentStep step, String detail, long secondsAfterScheduling) {
        return event(new EnrichmentStepCompleted(JOB, step, detail, T0.plusSeconds(secondsAfterScheduling)));
    }

    /** The event as the command side stores it: its class name and the JSON of its serializer's mapper. */
    private static StoredEvent event(Record event) {
        try {
            return new StoredEvent(
                    event.getClass().getName(),
                    EventSerialization.objectMapper().writeValueAsBytes(event));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
