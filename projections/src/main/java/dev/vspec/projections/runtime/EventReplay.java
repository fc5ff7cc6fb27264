package dev.vspec.projections.runtime;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.jooq.DSLContext;

/**
 * Runs projections' own handlers over a list of events outside the topic, with whatever
 * {@link DSLContext} the caller gives (the sandbox gives one that writes schema {@code sample}):
 * each projection applies the events it handles in order (set-based where it can), then its after-batch work, as one batch.
 * The caller owns the transaction.
 */
public final class EventReplay {

    private EventReplay() {}

    /** @return how many (projection, event) applications ran */
    public static long apply(DSLContext db, Collection<? extends Projection> projections, List<Recorded> events) {
        long applications = 0;
        for (Projection projection : projections) {
            EventHandlers handlers = projection.handlers();
            List<Recorded> applied = new ArrayList<>();
            for (Recorded event : events) {
                if (handlers.handles(event.event().getClass())) {
                    applied.add(event);
                }
            }
            handlers.applyAll(db, applied);
            handlers.finishBatch(db, applied);
            applications += applied.size();
        }
        return applications;
    }
}
