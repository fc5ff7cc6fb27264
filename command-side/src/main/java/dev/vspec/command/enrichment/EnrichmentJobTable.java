package dev.vspec.command.enrichment;

import dev.vspec.contracts.enrichment.EnrichmentCompleted;
import dev.vspec.contracts.enrichment.EnrichmentFailed;
import dev.vspec.contracts.enrichment.EnrichmentJoined;
import dev.vspec.contracts.enrichment.EnrichmentScheduled;
import dev.vspec.contracts.enrichment.EnrichmentStepCompleted;
import dev.vspec.readmodel.EnrichmentJobState;
import java.util.Iterator;
import java.util.Optional;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.DomainEventMessage;
import org.axonframework.eventhandling.EventHandler;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.jooq.DSLContext;

/**
 * Keeps {@code command.enrichment_job}: each event of a job is applied to the job's row ({@link EnrichmentJobState})
 * as the job's aggregate stores it. The handler runs in a subscribing processor, which Axon calls while the command's
 * unit of work prepares its commit, right after the event store appended the events: both write through the
 * connection of the unit of work's one Spring transaction (the event store through Axon's Spring connection
 * provider, jOOQ through Spring Boot's transaction-aware data source), so the events and the row commit together or
 * not at all. A failure here fails the command ({@link dev.vspec.command.OwnTables#subscribe});
 * Axon's default would log it and store the events without their row.
 */
@ProcessingGroup(EnrichmentJobTable.PROCESSING_GROUP)
class EnrichmentJobTable {

    static final String PROCESSING_GROUP = "enrichment-jobs";

    private final DSLContext db;
    private final EventStore events;

    EnrichmentJobTable(DSLContext db, EventStore events) {
        this.db = db;
        this.events = events;
    }

    @EventHandler
    void on(EnrichmentScheduled scheduled, DomainEventMessage<?> event) {
        keep(event);
    }

    @EventHandler
    void on(EnrichmentJoined joined, DomainEventMessage<?> event) {
        keep(event);
    }

    @EventHandler
    void on(EnrichmentStepCompleted step, DomainEventMessage<?> event) {
        keep(event);
    }

    @EventHandler
    void on(EnrichmentCompleted completed, DomainEventMessage<?> event) {
        keep(event);
    }

    @EventHandler
    void on(EnrichmentFailed failed, DomainEventMessage<?> event) {
        keep(event);
    }

    /**
     * Applies the job's event to its row. An event the row holds already changes nothing; one past the next the
     * row expects (the job's earlier events were stored before this table kept them) is read with them from the
     * event store, which holds it already in this transaction.
     */
    void keep(DomainEventMessage<?> event) {
        String jobId = event.getAggregateIdentifier();
        Optional<EnrichmentJobState> job = EnrichmentJobState.find(db, jobId);
        long next = next(job);
        if (event.getSequenceNumber() < next) {
            return;
        }
        if (event.getSequenceNumber() > next) {
            catchUp(jobId);
            return;
        }
        EnrichmentJobState.apply(job, event.getPayload(), event.getSequenceNumber())
                .ifPresent(applied -> applied.save(db));
    }

    /**
     * Applies the job's stored events that its row lacks, in the order they were stored; false when it lacked none
     * (or the job has no scheduling, so no row).
     */
    boolean catchUp(String jobId) {
        Optional<EnrichmentJobState> before = EnrichmentJobState.find(db, jobId);
        Optional<EnrichmentJobState> job = before;
        Iterator<? extends DomainEventMessage<?>> stored = events.readEvents(jobId, next(before));
        while (stored.hasNext()) {
            DomainEventMessage<?> event = stored.next();
            job = EnrichmentJobState.apply(job, event.getPayload(), event.getSequenceNumber());
        }
        if (job.isEmpty() || job.equals(before)) {
            return false;
        }
        job.get().save(db);
        return true;
    }

    /** The sequence number of the job's next event. */
    private static long next(Optional<EnrichmentJobState> job) {
        return job.map(held -> held.lastSequence() + 1).orElse(0L);
    }
}
