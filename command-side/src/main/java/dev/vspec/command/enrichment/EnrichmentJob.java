package dev.vspec.command.enrichment;

import static org.axonframework.modelling.command.AggregateLifecycle.apply;

import dev.vspec.command.AddressedCommandTargetResolver;
import dev.vspec.contracts.enrichment.CompleteEnrichment;
import dev.vspec.contracts.enrichment.EnrichmentCompleted;
import dev.vspec.contracts.enrichment.EnrichmentFailed;
import dev.vspec.contracts.enrichment.EnrichmentJobId;
import dev.vspec.contracts.enrichment.EnrichmentJoined;
import dev.vspec.contracts.enrichment.EnrichmentScheduled;
import dev.vspec.contracts.enrichment.EnrichmentStep;
import dev.vspec.contracts.enrichment.EnrichmentStepCompleted;
import dev.vspec.contracts.enrichment.FailEnrichment;
import dev.vspec.contracts.enrichment.JoinEnrichment;
import dev.vspec.contracts.enrichment.RecordEnrichmentStep;
import dev.vspec.contracts.enrichment.ScheduleEnrichment;
import dev.vspec.contracts.error.ErrorCode;
import dev.vspec.contracts.identity.Vin;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.Set;
import org.axonframework.commandhandling.CommandHandler;
import org.axonframework.eventsourcing.EventSourcingHandler;
import org.axonframework.modelling.command.AggregateIdentifier;
import org.axonframework.spring.stereotype.Aggregate;

/**
 * One enrichment of one VIN for one key: scheduled, then each step as it is done, then completed
 * with a config_key or failed with a reason. A step that comes again, or after the end, and ending
 * the job again the same way change nothing, so a process that runs again after a crash cannot
 * record anything twice; ending it another way is refused.
 */
@Aggregate(commandTargetResolver = AddressedCommandTargetResolver.BEAN_NAME)
class EnrichmentJob {

    /** The reasons a job can fail with, as the API names them. */
    static final Set<ErrorCode> FAILURE_REASONS =
            EnumSet.of(ErrorCode.UNSUPPORTED_VEHICLE, ErrorCode.NOT_FOUND, ErrorCode.UPSTREAM_UNREACHABLE);

    @AggregateIdentifier
    private String jobId;

    private String vin;
    private final Set<EnrichmentStep> done = EnumSet.noneOf(EnrichmentStep.class);
    /** The keys that were answered this job: the one that scheduled it and those that joined. */
    private final Set<Long> keys = new HashSet<>();

    private String completedAs;
    private ErrorCode failedFor;

    EnrichmentJob() {}

    @CommandHandler
    EnrichmentJob(ScheduleEnrichment command) {
        Vin vin = Vin.canonical(command.vin());
        if (!EnrichmentJobId.parse(command.jobId())
                .map(id -> id.vin().equals(vin))
                .orElse(false)) {
            throw new IllegalArgumentException(
                    "Job id " + command.jobId() + " does not name an enrichment of VIN " + vin);
        }
        apply(new EnrichmentScheduled(command.jobId(), command.vin(), command.keyId(), command.at()));
    }

    /**
     * Another key asked for this VIN while the job runs: it was answered this job. Joining again
     * changes nothing.
     *
     * @throws EnrichmentJobEnded when the job ended meanwhile, so the asker decides afresh
     */
    @CommandHandler
    void handle(JoinEnrichment command) {
        if (ended()) {
            throw new EnrichmentJobEnded(jobId);
        }
        if (!keys.contains(command.keyId())) {
            apply(new EnrichmentJoined(jobId, command.keyId(), command.at()));
        }
    }

    /** A step done again, or after the end (a process running again), changes nothing. */
    @CommandHandler
    void handle(RecordEnrichmentStep command) {
        if (!ended() && !done.contains(command.step())) {
            apply(new EnrichmentStepCompleted(jobId, command.step(), command.detail(), command.at()));
        }
    }

    @CommandHandler
    void handle(CompleteEnrichment command) {
        if (command.configKey().equals(completedAs)) {
            return;
        }
        requireOpen();
        apply(new EnrichmentCompleted(jobId, vin, command.configKey(), command.at()));
    }

    @CommandHandler
    void handle(FailEnrichment command) {
        if (!FAILURE_REASONS.contains(command.reason())) {
            throw new IllegalArgumentException(
                    "A job fails with one of " + FAILURE_REASONS + ", not " + command.reason());
        }
        if (command.reason() == failedFor) {
            return;
        }
        requireOpen();
        apply(new EnrichmentFailed(jobId, vin, command.reason(), command.message(), command.at()));
    }

    private boolean ended() {
        return completedAs != null || failedFor != null;
    }

    private void requireOpen() {
        if (ended()) {
            throw new EnrichmentJobEnded(jobId);
        }
    }

    @EventSourcingHandler
    void on(EnrichmentScheduled event) {
        jobId = event.jobId();
        vin = event.vin();
        keys.add(event.keyId());
    }

    @EventSourcingHandler
    void on(EnrichmentJoined event) {
        keys.add(event.keyId());
    }

    @EventSourcingHandler
    void on(EnrichmentStepCompleted event) {
        done.add(event.step());
    }

    @EventSourcingHandler
    void on(EnrichmentCompleted event) {
        completedAs = event.configKey();
    }

    @EventSourcingHandler
    void on(EnrichmentFailed event) {
        failedFor = event.reason();
    }
}
