package dev.vspec.storage;

import static dev.vspec.storage.jooq.read.Tables.JOB_PROJECTED;

import org.jooq.Condition;
import org.jooq.Field;
import org.jooq.impl.DSL;

/**
 * Whether every read table answers what an enrichment job recorded: the view {@code read.job_projected}
 * (migration V25), which the projections' offsets and the relay's record of where the topic ended decide. The
 * poll says {@code completed}, and a webhook tells of the completion, only then.
 */
public final class JobProjected {

    private JobProjected() {}

    /** The condition for the job whose id {@code jobId} holds. */
    public static Condition condition(Field<String> jobId) {
        return DSL.exists(DSL.selectOne()
                .from(JOB_PROJECTED)
                .where(JOB_PROJECTED.JOB_ID.eq(jobId))
                .and(JOB_PROJECTED.PROJECTED));
    }
}
