package dev.vspec.storage;

import org.jooq.Condition;
import org.jooq.Field;
import org.jooq.impl.DSL;

/**
 * Whether every read table answers what an enrichment job recorded: the relay has recorded where the
 * topic ended once the job's completion was on it ({@code events.job_published_offsets}), and no
 * projection is behind that end on any partition (a projection without an offset for a partition has
 * applied none of it). The poll says {@code completed}, and a webhook tells of the completion, only then,
 * so a client reading right after either is answered in full.
 */
public final class JobProjected {

    private static final String SQL = """
            exists (select 1 from events.job_published_offsets where job_id = {0})
              and not exists (
                select 1 from events.job_published_offsets published
                join (select distinct projection, topic from read.projection_offset) projections on projections.topic = published.topic
                left join read.projection_offset applied on applied.projection = projections.projection
                  and applied.topic = published.topic and applied.partition = published.partition
                where published.job_id = {0} and published.next_offset > coalesce(applied.next_offset, 0))""";

    private JobProjected() {}

    /** The condition for the job whose id {@code jobId} holds. */
    public static Condition condition(Field<String> jobId) {
        return DSL.condition(SQL, jobId);
    }
}
