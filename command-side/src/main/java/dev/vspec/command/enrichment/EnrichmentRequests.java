package dev.vspec.command.enrichment;

import dev.vspec.access.ApiKey;
import dev.vspec.contracts.enrichment.EnrichmentJobId;
import dev.vspec.contracts.enrichment.JoinEnrichment;
import dev.vspec.contracts.enrichment.RefundEnrichmentRun;
import dev.vspec.contracts.enrichment.ScheduleEnrichment;
import dev.vspec.contracts.enrichment.SpendEnrichmentRun;
import dev.vspec.contracts.error.ApiException;
import dev.vspec.contracts.error.ErrorCode;
import dev.vspec.contracts.identity.Vin;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.Optional;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.axonframework.modelling.command.ConcurrencyException;

/**
 * Decides what a key's request to enrich a VIN does. A VIN the event log holds is answered with
 * its config_key; a VIN whose newest job is in flight is answered that job (the key joins it and
 * may poll it); both spend nothing. Otherwise the key spends a run (daily and monthly allowance,
 * exact under concurrency) and the VIN's next job is scheduled.
 *
 * <p>Requests racing for one VIN choose the same next job id; the event store lets one create it.
 * A loser that is another key gets its run back and, deciding again, joins the winner's job.
 */
public class EnrichmentRequests {

    /** The specification's 5 scheduled runs per key per UTC day. */
    public static final int RUNS_PER_DAY = 5;
    /** A decision lost to another request is taken again; more than a few losses in a row means contention. */
    private static final int DECISIONS = 10;

    private final CommandGateway commands;
    private final EnrichmentLog log;
    private final Clock clock;

    EnrichmentRequests(CommandGateway commands, EnrichmentLog log, Clock clock) {
        this.commands = commands;
        this.log = log;
        this.clock = clock;
    }

    /**
     * The answer to {@code key} asking to enrich {@code vin}.
     *
     * @throws QuotaExhausted when a run was needed and the key has none left today or this month
     */
    public EnrichmentAnswer request(ApiKey key, Vin vin) {
        for (int decision = 0; decision < DECISIONS; decision++) {
            // The newest job first: a job that completed after this read linked the VIN before, so the
            // VIN then shows as held; read the other way round, it could look neither held nor in flight.
            Optional<EnrichmentLog.Job> newest = log.newestJob(vin);
            Optional<String> held = log.heldAs(vin);
            if (held.isPresent()) {
                return EnrichmentAnswer.held(vin, held.get());
            }
            if (newest.isPresent() && !newest.get().ended()) {
                Optional<EnrichmentAnswer> joined = join(newest.get(), key);
                if (joined.isPresent()) {
                    return joined.get();
                }
                continue;
            }
            EnrichmentJobId next = newest.map(job -> job.id().next()).orElseGet(() -> EnrichmentJobId.first(vin));
            try {
                if (schedule(next, key)) {
                    return EnrichmentAnswer.job(next, "scheduled");
                }
            } catch (ConcurrencyException another) {
                // Another node changed the key's allowance at the same moment: nothing was spent; decide again.
            }
        }
        throw new ApiException(
                ErrorCode.SERVICE_UNAVAILABLE,
                "VIN " + vin + " is being scheduled by many requests at once; retry in a moment");
    }

    /** Joins a job in flight; empty when it ended meanwhile. */
    private Optional<EnrichmentAnswer> join(EnrichmentLog.Job job, ApiKey key) {
        try {
            commands.sendAndWait(new JoinEnrichment(job.id().value(), key.id(), clock.instant()));
            return Optional.of(EnrichmentAnswer.job(job.id(), job.status()));
        } catch (EnrichmentJobEnded | ConcurrencyException changedMeanwhile) {
            return Optional.empty();
        }
    }

    /** Spends a run and schedules {@code job}; false when another request scheduled it first. */
    private boolean schedule(EnrichmentJobId job, ApiKey key) {
        Instant now = clock.instant();
        LocalDate day = LocalDate.ofInstant(now, ZoneOffset.UTC);
        commands.sendAndWait(new SpendEnrichmentRun(
                key.id(), day, job.value(), RUNS_PER_DAY, key.plan().enrichmentRunsPerMonth()));
        try {
            commands.sendAndWait(new ScheduleEnrichment(job.value(), job.vin().value(), key.id(), now));
            return true;
        } catch (RuntimeException failed) {
            // The event store refuses a second creation of the job (how Axon words that varies), so the
            // log decides: when the job exists, another request scheduled it first.
            Optional<EnrichmentLog.Job> winner = log.job(job);
            if (winner.isEmpty()) {
                commands.sendAndWait(new RefundEnrichmentRun(key.id(), day, job.value()));
                throw failed;
            }
            // The run stays spent when the winner was this key: it is the run of the winner's job.
            if (winner.get().scheduledBy() != key.id()) {
                commands.sendAndWait(new RefundEnrichmentRun(key.id(), day, job.value()));
            }
            return false;
        }
    }
}
