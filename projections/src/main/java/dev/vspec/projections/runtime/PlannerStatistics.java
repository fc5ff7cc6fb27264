package dev.vspec.projections.runtime;

import java.util.List;
import org.jooq.DSLContext;
import org.jooq.Table;

/**
 * Refreshes PostgreSQL's statistics of tables as batches fill them. Without statistics the planner
 * takes a lookup of a batch's keys ({@code config_key = ANY(...)}) to match the whole table and
 * scans it, a cost that grows with the table, so applying a large backlog slows down with the
 * square of its size. Autovacuum, where it is enabled at all, analyzes a growing table only
 * minutes late.
 */
final class PlannerStatistics {

    private PlannerStatistics() {}

    /** After the 1st, 4th, 16th, ... batch: the planner scales the statistics with the tables' size in between. */
    static boolean due(long batch) {
        return Long.bitCount(batch) == 1 && Long.numberOfTrailingZeros(batch) % 2 == 0;
    }

    static void analyze(DSLContext db, List<? extends Table<?>> tables) {
        for (Table<?> table : tables) {
            db.execute("ANALYZE {0}", table);
        }
    }
}
