package dev.vspec.command.enrichment;

import dev.vspec.contracts.catalog.VinLinked;
import dev.vspec.contracts.enrichment.EnrichmentCompleted;
import dev.vspec.contracts.enrichment.EnrichmentFailed;
import dev.vspec.contracts.enrichment.EnrichmentJobId;
import dev.vspec.contracts.enrichment.EnrichmentScheduled;
import dev.vspec.contracts.enrichment.EnrichmentStepCompleted;
import dev.vspec.contracts.identity.Vin;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.axonframework.eventhandling.DomainEventMessage;
import org.axonframework.eventsourcing.eventstore.EventStore;

/**
 * What the event log says about a VIN's enrichment: whether the VIN is held (linked to a
 * configuration) and its newest job. Read from the event store itself, never from the read
 * tables, so a decision about spending a run does not depend on how far the projections are.
 */
class EnrichmentLog {

    private final EventStore events;

    EnrichmentLog(EventStore events) {
        this.events = events;
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
        List<Object> payloads = payloads(id.value());
        if (payloads.isEmpty()) {
            return Optional.empty();
        }
        long scheduledBy = 0;
        boolean running = false;
        boolean ended = false;
        for (Object payload : payloads) {
            if (payload instanceof EnrichmentScheduled scheduled) {
                scheduledBy = scheduled.keyId();
            } else if (payload instanceof EnrichmentStepCompleted) {
                running = true;
            } else if (payload instanceof EnrichmentCompleted || payload instanceof EnrichmentFailed) {
                ended = true;
            }
        }
        return Optional.of(new Job(id, scheduledBy, running, ended));
    }

    /** When the job was scheduled, or empty when it never was. */
    Optional<Instant> scheduledAt(String jobId) {
        return payloads(jobId).stream()
                .filter(EnrichmentScheduled.class::isInstance)
                .map(EnrichmentScheduled.class::cast)
                .map(EnrichmentScheduled::at)
                .findFirst();
    }

    private List<Object> payloads(String aggregateId) {
        return events.readEvents(aggregateId)
                .asStream()
                .map(DomainEventMessage::getPayload)
                .map(Object.class::cast)
                .toList();
    }

    /** A job as the scheduling decision needs it. */
    record Job(EnrichmentJobId id, long scheduledBy, boolean running, boolean ended) {

        String status() {
            return running ? "running" : "scheduled";
        }
    }
}
