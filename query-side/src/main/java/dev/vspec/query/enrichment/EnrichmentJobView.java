package dev.vspec.query.enrichment;

import com.fasterxml.jackson.annotation.JsonValue;
import dev.vspec.contracts.enrichment.EnrichmentCompleted;
import dev.vspec.contracts.enrichment.EnrichmentFailed;
import dev.vspec.contracts.enrichment.EnrichmentJoined;
import dev.vspec.contracts.enrichment.EnrichmentScheduled;
import dev.vspec.contracts.enrichment.EnrichmentStepCompleted;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiConsumer;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * An enrichment job as its events tell it: {@link #fold} reads them in the order they were stored.
 * {@code keyIds} are the keys that may see it: the one it was scheduled for and every key that
 * joined it. {@code updatedAt} is the time of its latest scheduling, step or end; a join is not
 * progress, and would otherwise tell one key that another asked for the same VIN.
 */
record EnrichmentJobView(
        String jobId,
        String vin,
        Set<Long> keyIds,
        Instant scheduledAt,
        Instant updatedAt,
        List<JobStep> steps,
        String configKey,
        JobError error) {

    /** Scheduled until its first step is done, running until it completes or fails. */
    enum Status {
        SCHEDULED,
        RUNNING,
        COMPLETED,
        FAILED;

        @JsonValue
        String code() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** A step done, as the event recorded it: its code (e.g. {@code decoded}), what it found, and when. */
    record JobStep(String step, String detail, Instant at) {}

    /** Why the job failed: an error code of the API and a message. */
    record JobError(String code, String message) {}

    private static final JsonMapper JSON = JsonMapper.builder().build();

    /** What each event type the reader knows changes; events of other types (newer ones) are skipped. */
    private static final Map<String, BiConsumer<Folding, JsonNode>> FOLDS = Map.of(
            EnrichmentScheduled.class.getName(), Folding::scheduled,
            EnrichmentJoined.class.getName(), Folding::joined,
            EnrichmentStepCompleted.class.getName(), Folding::stepCompleted,
            EnrichmentCompleted.class.getName(), Folding::completed,
            EnrichmentFailed.class.getName(), Folding::failed);

    EnrichmentJobView {
        keyIds = Set.copyOf(keyIds);
        steps = List.copyOf(steps);
    }

    /** The job these events, in stored order, make; empty when they hold no {@code EnrichmentScheduled}. */
    static Optional<EnrichmentJobView> fold(List<StoredEvent> events) {
        Folding folding = new Folding();
        for (StoredEvent event : events) {
            BiConsumer<Folding, JsonNode> fold = FOLDS.get(event.payloadType());
            if (fold != null) {
                fold.accept(folding, JSON.readTree(event.payload()));
            }
        }
        return folding.view();
    }

    Status status() {
        if (error != null) {
            return Status.FAILED;
        }
        if (configKey != null) {
            return Status.COMPLETED;
        }
        return steps.isEmpty() ? Status.SCHEDULED : Status.RUNNING;
    }

    /** The job as told while its VIN does not answer on the read routes yet: still running. */
    EnrichmentJobView untilReadable() {
        return new EnrichmentJobView(jobId, vin, keyIds, scheduledAt, updatedAt, steps, null, error);
    }

    boolean visibleTo(long keyId) {
        return keyIds.contains(keyId);
    }

    /** The job so far, while its events are read. */
    private static final class Folding {

        private String jobId;
        private String vin;
        private final Set<Long> keyIds = new HashSet<>();
        private Instant scheduledAt;
        private Instant updatedAt;
        private final List<JobStep> steps = new ArrayList<>();
        private String configKey;
        private JobError error;

        void scheduled(JsonNode event) {
            jobId = event.required("jobId").stringValue();
            vin = event.required("vin").stringValue();
            keyIds.add(event.required("keyId").longValue());
            scheduledAt = at(event);
            updatedAt = scheduledAt;
        }

        void joined(JsonNode event) {
            keyIds.add(event.required("keyId").longValue());
        }

        void stepCompleted(JsonNode event) {
            updatedAt = at(event);
            steps.add(new JobStep(
                    event.required("step").stringValue(), event.path("detail").stringValue(null), updatedAt));
        }

        void completed(JsonNode event) {
            updatedAt = at(event);
            configKey = event.required("configKey").stringValue();
        }

        void failed(JsonNode event) {
            updatedAt = at(event);
            error = new JobError(
                    event.required("reason").stringValue(),
                    event.path("message").stringValue(null));
        }

        Optional<EnrichmentJobView> view() {
            if (jobId == null) {
                return Optional.empty();
            }
            return Optional.of(
                    new EnrichmentJobView(jobId, vin, keyIds, scheduledAt, updatedAt, steps, configKey, error));
        }

        private static Instant at(JsonNode event) {
            return Instant.parse(event.required("at").stringValue());
        }
    }
}
