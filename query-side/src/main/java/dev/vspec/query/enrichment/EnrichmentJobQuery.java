package dev.vspec.query.enrichment;

import static dev.vspec.storage.jooq.read.Tables.VIN;

import dev.vspec.contracts.enrichment.EnrichmentJobId;
import dev.vspec.contracts.identity.Vin;
import dev.vspec.readmodel.EnrichmentJobState;
import dev.vspec.readmodel.EnrichmentJobState.Status;
import dev.vspec.storage.JobProjected;
import java.util.Optional;
import org.jooq.DSLContext;
import org.jooq.impl.DSL;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

/**
 * Enrichment jobs read from {@code command.enrichment_job}, which the command side writes with each job's events;
 * a completed job is checked against the read tables. Each job is one lookup by its primary key.
 */
@Component
class EnrichmentJobQuery {

    private final DSLContext db;
    private final boolean everyJobPublic;
    private final boolean waitForProjections;

    /**
     * @param everyJobPublic     every job is shown to every caller, key or none: only for a job table
     *                           that holds nothing but sample jobs (the sandbox's)
     * @param waitForProjections a completed job waits for every projection to have applied what it
     *                           recorded; off where the read tables are built with the jobs (the sandbox's)
     */
    EnrichmentJobQuery(
            DSLContext db,
            @Value("${vspec.query.enrichment.every-job-public:false}") boolean everyJobPublic,
            @Value("${vspec.query.enrichment.wait-for-projections:true}") boolean waitForProjections) {
        this.db = db;
        this.everyJobPublic = everyJobPublic;
        this.waitForProjections = waitForProjections;
    }

    /** The job, unless it does not exist or the caller (the key with id {@code keyId}, or none) may not see it. */
    Optional<EnrichmentJobState> visible(EnrichmentJobId id, Optional<Long> keyId) {
        return job(id).filter(job -> sees(keyId, job));
    }

    /**
     * The newest of the VIN's jobs the key may see. Attempts are numbered from 1 and a VIN gets the
     * next one only after the previous ended, so they are read in order until one does not exist.
     */
    Optional<EnrichmentJobState> newestVisible(Vin vin, Optional<Long> keyId) {
        EnrichmentJobState newest = null;
        for (EnrichmentJobId id = EnrichmentJobId.first(vin); ; id = id.next()) {
            Optional<EnrichmentJobState> job = job(id);
            if (job.isEmpty()) {
                return Optional.ofNullable(newest);
            }
            if (sees(keyId, job.get())) {
                newest = job.get();
            }
        }
    }

    /** A key sees the jobs it scheduled or joined; without a key, none (unless every job is public). */
    private boolean sees(Optional<Long> keyId, EnrichmentJobState job) {
        return everyJobPublic || keyId.map(job.keyIds()::contains).orElse(false);
    }

    private Optional<EnrichmentJobState> job(EnrichmentJobId id) {
        return EnrichmentJobState.find(db, id.value()).map(this::asReadable);
    }

    /**
     * A completed job is told as completed once every read route answers its VIN, so a client that
     * reads right after seeing {@code completed} is answered in full; until then it is still running.
     * Each read table is its own projection's, applied at its own pace: the VIN is linked (any link
     * will do: a later import may link it elsewhere) and every projection has applied all the topic
     * held once the job's completion was on it.
     */
    private EnrichmentJobState asReadable(EnrichmentJobState job) {
        if (job.status() != Status.COMPLETED
                || (db.fetchExists(VIN, VIN.VIN_.eq(job.vin())) && projected(job.jobId()))) {
            return job;
        }
        return job.untilReadable();
    }

    /** Every projection has reached the offsets recorded for the job (none yet: its completion is not on the topic). */
    private boolean projected(String jobId) {
        return !waitForProjections
                || Boolean.TRUE.equals(db.fetchValue(DSL.field(JobProjected.condition(DSL.val(jobId)))));
    }
}
