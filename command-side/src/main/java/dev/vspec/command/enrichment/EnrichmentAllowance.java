package dev.vspec.command.enrichment;

import static org.axonframework.modelling.command.AggregateLifecycle.apply;

import dev.vspec.command.AddressedCommandTargetResolver;
import dev.vspec.contracts.enrichment.EnrichmentRunGranted;
import dev.vspec.contracts.enrichment.EnrichmentRunRefunded;
import dev.vspec.contracts.enrichment.RefundEnrichmentRun;
import dev.vspec.contracts.enrichment.SpendEnrichmentRun;
import java.time.LocalDate;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.axonframework.commandhandling.CommandHandler;
import org.axonframework.eventsourcing.EventSourcingHandler;
import org.axonframework.modelling.command.AggregateCreationPolicy;
import org.axonframework.modelling.command.AggregateIdentifier;
import org.axonframework.modelling.command.CreationPolicy;
import org.axonframework.spring.stereotype.Aggregate;

/**
 * One key's scheduled enrichment runs in one calendar month (UTC): how many each day and in all.
 * Runs spent at the same time for one key go through this one aggregate, whose event sequence
 * the event store keeps unique, so no concurrent spending can pass a limit. Spending again for a
 * job that already has its run changes nothing; a run given back counts no more (a request that
 * lost the race to schedule a VIN to another key's request).
 */
@Aggregate(commandTargetResolver = AddressedCommandTargetResolver.BEAN_NAME)
class EnrichmentAllowance {

    @AggregateIdentifier
    private String allowanceId;

    private final Map<LocalDate, Integer> runsPerDay = new HashMap<>();
    /** The jobs whose runs were granted and not given back. */
    private final Set<String> jobs = new HashSet<>();

    private long runsThisMonth;

    EnrichmentAllowance() {}

    /** @throws QuotaExhausted when the day's or the month's runs are spent */
    @CommandHandler
    @CreationPolicy(AggregateCreationPolicy.CREATE_IF_MISSING)
    void handle(SpendEnrichmentRun command) {
        if (jobs.contains(command.jobId())) {
            return;
        }
        // The month first: when both are spent, the month's renewal is the one that brings runs back.
        if (runsThisMonth >= command.runsPerMonth()) {
            throw new QuotaExhausted(
                    QuotaExhausted.Limit.MONTHLY,
                    "Monthly enrichment credits (" + command.runsPerMonth()
                            + " runs) are spent; they renew on the 1st, 00:00 UTC");
        }
        int today = runsPerDay.getOrDefault(command.day(), 0);
        if (today >= command.runsPerDay()) {
            throw new QuotaExhausted(
                    QuotaExhausted.Limit.DAILY,
                    "Daily enrichment quota (" + command.runsPerDay()
                            + " scheduled runs/day/key) reached; it renews at 00:00 UTC");
        }
        apply(new EnrichmentRunGranted(
                command.targetAggregateId(),
                command.keyId(),
                command.day(),
                command.jobId(),
                today + 1,
                runsThisMonth + 1));
    }

    /** Gives a granted run back; a run not granted, or given back already, changes nothing. */
    @CommandHandler
    void handle(RefundEnrichmentRun command) {
        if (jobs.contains(command.jobId())) {
            apply(new EnrichmentRunRefunded(allowanceId, command.keyId(), command.day(), command.jobId()));
        }
    }

    @EventSourcingHandler
    void on(EnrichmentRunRefunded event) {
        jobs.remove(event.jobId());
        runsPerDay.merge(event.day(), -1, Integer::sum);
        runsThisMonth--;
    }

    @EventSourcingHandler
    void on(EnrichmentRunGranted event) {
        allowanceId = event.allowanceId();
        runsPerDay.put(event.day(), event.runsThatDay());
        runsThisMonth = event.runsThatMonth();
        jobs.add(event.jobId());
    }
}
