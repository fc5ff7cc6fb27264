package dev.vspec.readmodel;

import static dev.vspec.storage.jooq.command.Tables.ENRICHMENT_JOB;

import com.fasterxml.jackson.annotation.JsonValue;
import dev.vspec.contracts.enrichment.EnrichmentCompleted;
import dev.vspec.contracts.enrichment.EnrichmentFailed;
import dev.vspec.contracts.enrichment.EnrichmentJoined;
import dev.vspec.contracts.enrichment.EnrichmentScheduled;
import dev.vspec.contracts.enrichment.EnrichmentStepCompleted;
import dev.vspec.storage.jooq.command.tables.records.EnrichmentJobRecord;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.jooq.DSLContext;
import org.jooq.JSON;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.json.JsonMapper;

/**
 * An enrichment job as its events tell it, kept as its row of {@code command.enrichment_job}: {@link #apply} is the
 * one fold of a job's events. The command side applies each event of a job in the transaction that stores it, the
 * sandbox its sample jobs' events; the query side and the command side's decisions read the rows.
 *
 * <p>{@code keyIds} are the keys that may see the job: the one it was scheduled for first, then each that joined.
 * {@code updatedAt} is the time of its latest scheduling, step or end; a join is not progress, and would otherwise
 * tell one key that another asked for the same VIN. {@code lastSequence} is the sequence number of the newest of
 * the job's events applied.
 */
public record EnrichmentJobState(
        String jobId,
        String vin,
        List<Long> keyIds,
        Instant scheduledAt,
        Instant updatedAt,
        List<Step> steps,
        @Nullable String configKey,
        @Nullable JobError error,
        long lastSequence) {

    /** Scheduled until its first step is done, running until it completes or fails. */
    public enum Status {
        SCHEDULED,
        RUNNING,
        COMPLETED,
        FAILED;

        @JsonValue
        public String code() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** A step done, as the event recorded it: its code (e.g. {@code decoded}), what it found, and when. */
    public record Step(String step, @Nullable String detail, Instant at) {

        public Step {
            at = at.truncatedTo(ChronoUnit.MICROS);
        }
    }

    /** Why the job failed: an error code of the API and a message. */
    public record JobError(String code, @Nullable String message) {}

    private static final JsonMapper JSON_STEPS = JsonMapper.builder().build();

    /** Times are kept to the microsecond, as PostgreSQL keeps them, so that a job reads back as it was written. */
    public EnrichmentJobState {
        keyIds = List.copyOf(keyIds);
        steps = List.copyOf(steps);
        scheduledAt = scheduledAt.truncatedTo(ChronoUnit.MICROS);
        updatedAt = updatedAt.truncatedTo(ChronoUnit.MICROS);
    }

    /**
     * The job after its event {@code event}, stored with sequence number {@code sequence}, given the job before it
     * (empty before its first event). An event the job holds already (its sequence number is not past
     * {@link #lastSequence}) changes nothing, nor does an event of another type than the job's own (its sequence
     * number counts all the same). Empty until the job's scheduling.
     */
    public static Optional<EnrichmentJobState> apply(Optional<EnrichmentJobState> job, Object event, long sequence) {
        if (job.isPresent() && sequence <= job.get().lastSequence()) {
            return job;
        }
        if (event instanceof EnrichmentScheduled scheduled) {
            return Optional.of(new EnrichmentJobState(
                    scheduled.jobId(),
                    scheduled.vin(),
                    List.of(scheduled.keyId()),
                    scheduled.at(),
                    scheduled.at(),
                    List.of(),
                    null,
                    null,
                    sequence));
        }
        return job.map(before -> before.after(event, sequence));
    }

    private EnrichmentJobState after(Object event, long sequence) {
        if (event instanceof EnrichmentJoined joined) {
            List<Long> keys = new ArrayList<>(keyIds);
            if (!keys.contains(joined.keyId())) {
                keys.add(joined.keyId());
            }
            return new EnrichmentJobState(jobId, vin, keys, scheduledAt, updatedAt, steps, configKey, error, sequence);
        }
        if (event instanceof EnrichmentStepCompleted step) {
            List<Step> done = new ArrayList<>(steps);
            done.add(new Step(step.step().code(), step.detail(), step.at()));
            return new EnrichmentJobState(jobId, vin, keyIds, scheduledAt, step.at(), done, configKey, error, sequence);
        }
        if (event instanceof EnrichmentCompleted completed) {
            return new EnrichmentJobState(
                    jobId, vin, keyIds, scheduledAt, completed.at(), steps, completed.configKey(), error, sequence);
        }
        if (event instanceof EnrichmentFailed failed) {
            JobError reason = new JobError(failed.reason().code(), failed.message());
            return new EnrichmentJobState(
                    jobId, vin, keyIds, scheduledAt, failed.at(), steps, configKey, reason, sequence);
        }
        return new EnrichmentJobState(jobId, vin, keyIds, scheduledAt, updatedAt, steps, configKey, error, sequence);
    }

    public Status status() {
        if (error != null) {
            return Status.FAILED;
        }
        if (configKey != null) {
            return Status.COMPLETED;
        }
        return steps.isEmpty() ? Status.SCHEDULED : Status.RUNNING;
    }

    public boolean ended() {
        return status() == Status.COMPLETED || status() == Status.FAILED;
    }

    /** The job as told while its VIN does not answer on the read routes yet: still running, without its config_key. */
    public EnrichmentJobState untilReadable() {
        return new EnrichmentJobState(jobId, vin, keyIds, scheduledAt, updatedAt, steps, null, error, lastSequence);
    }

    /** The job with {@code jobId}, or empty when the table holds no row of it (it was never scheduled). */
    public static Optional<EnrichmentJobState> find(DSLContext db, String jobId) {
        return db.selectFrom(ENRICHMENT_JOB)
                .where(ENRICHMENT_JOB.JOB_ID.eq(jobId))
                .fetchOptional()
                .map(EnrichmentJobState::of);
    }

    /**
     * Writes the job's row, unless the table holds a newer one (of a later event: an instance catching up from the
     * event store lost the race to one applying the next event as it was stored).
     */
    public void save(DSLContext db) {
        EnrichmentJobRecord row = toRecord();
        db.insertInto(ENRICHMENT_JOB)
                .set(row)
                .onConflict(ENRICHMENT_JOB.JOB_ID)
                .doUpdate()
                .set(row)
                .where(ENRICHMENT_JOB.LAST_SEQUENCE.lt(lastSequence))
                .execute();
    }

    public static EnrichmentJobState of(EnrichmentJobRecord row) {
        String errorCode = row.getErrorCode();
        return new EnrichmentJobState(
                row.getJobId(),
                row.getVin(),
                Arrays.asList(row.getKeyIds()),
                row.getScheduledAt().toInstant(),
                row.getUpdatedAt().toInstant(),
                Arrays.asList(JSON_STEPS.readValue(row.getSteps().data(), Step[].class)),
                row.getConfigKey(),
                errorCode == null ? null : new JobError(errorCode, row.getErrorMessage()),
                row.getLastSequence());
    }

    EnrichmentJobRecord toRecord() {
        return new EnrichmentJobRecord(
                jobId,
                vin,
                keyIds.toArray(Long[]::new),
                status().code(),
                OffsetDateTime.ofInstant(scheduledAt, ZoneOffset.UTC),
                OffsetDateTime.ofInstant(updatedAt, ZoneOffset.UTC),
                JSON.valueOf(JSON_STEPS.writeValueAsString(steps)),
                configKey,
                error == null ? null : error.code(),
                error == null ? null : error.message(),
                lastSequence);
    }
}
