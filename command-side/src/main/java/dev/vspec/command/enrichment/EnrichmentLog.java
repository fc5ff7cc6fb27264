package dev.vspec.command.enrichment;

import dev.vspec.contracts.catalog.VinLinked;
import dev.vspec.contracts.enrichment.EnrichmentJobId;
import dev.vspec.contracts.identity.Vin;
import dev.vspec.readmodel.EnrichmentJobState;
import dev.vspec.readmodel.EnrichmentJobState.Status;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.axonframework.eventhandling.DomainEventMessage;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.jooq.DSLContext;

/**
 * What the command side holds of a VIN's enrichment: whether the VIN is held (linked to a configuration, as the
 * event store tells) and its jobs, as {@code command.enrichment_job} tells them, which is written in the
 * transactions that store the jobs' events. Never from the read tables, so a decision about spending a run does not
 * depend on how far the projections are.
 */
class EnrichmentLog {

    private final EventStore events;
    private final DSLContext db;

    EnrichmentLog(EventStore events, DSLContext db) {
        this.events = events;
        this.db = db;
    }

    /** The configuration the VIN is linked to, or empty when the service does not hold it. */
    Optional<String> heldAs(Vin vin) {
        String configKey = null;
        for (Object payload : payloads(vin.value())) {
            if (payload instanceof VinLinked linked) {
                configKey = linked.configKey();
            }
        }
        return Optional.ofNullable(configKey);
    }

    /** The VIN's newest job, or empty when none was ever scheduled. Attempts are numbered in order from 1. */
    Optional<Job> newestJob(Vin vin) {
        Job newest = null;
        for (EnrichmentJobId id = EnrichmentJobId.first(vin); ; id = id.next()) {
            Optional<Job> job = job(id);
            if (job.isEmpty()) {
                return Optional.ofNullable(newest);
            }
            newest = job.get();
        }
    }

    /** The job with {@code id}, or empty when it was never scheduled. */
    Optional<Job> job(EnrichmentJobId id) {
        return EnrichmentJobState.find(db, id.value())
                .map(job -> new Job(id, job.keyIds().get(0), job.status()));
    }

    /** When the job was scheduled, or empty when it never was. */
    Optional<Instant> scheduledAt(String jobId) {
        return EnrichmentJobState.find(db, jobId).map(EnrichmentJobState::scheduledAt);
    }

    private List<Object> payloads(String aggregateId) {
        return events.readEvents(aggregateId)
                .asStream()
                .map(DomainEventMessage::getPayload)
                .map(Object.class::cast)
                .toList();
    }

    /** A job as the scheduling decision needs it: the key it was scheduled for, and how far it is. */
    record Job(EnrichmentJobId id, long scheduledBy, Status progress) {

        boolean ended() {
            return progress == Status.COMPLETED || progress == Status.FAILED;
        }

        /** As the API tells a job in flight: scheduled or running. */
        String status() {
            return progress.code();
        }
    }
}
