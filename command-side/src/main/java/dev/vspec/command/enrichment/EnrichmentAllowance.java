package dev.vspec.command.enrichment;

import static org.axonframework.modelling.command.AggregateLifecycle.apply;

import dev.vspec.command.AddressedCommandTargetResolver;
import dev.vspec.contracts.enrichment.EnrichmentRunGranted;
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
 * job that already has its run changes nothing.
 */
@Aggregate(commandTargetResolver = AddressedCommandTargetResolver.BEAN_NAME)
class EnrichmentAllowance {

    @AggregateIdentifier
    private String allowanceId;
    private final Map<LocalDate, Integer> runsPerDay = new HashMap<>();
    private final Set<String> jobs = new HashSet<>();
    private long runsThisMonth;

    EnrichmentAllowance() {
    }

    /** @throws QuotaExhausted when the day's or the month's runs are spent */
    @CommandHandler
    @CreationPolicy(AggregateCreationPolicy.CREATE_IF_MISSING)
    void handle(SpendEnrichmentRun command) {
        if (jobs.contains(command.jobId())) {
            return;
        }
        int today = runsPerDay.getOrDefault(command.day(), 0);
        if (today >= command.runsPerDay()) {
            throw new QuotaExhausted(QuotaExhausted.Limit.DAILY, "Daily enrichment quota (" + command.runsPerDay()
                    + " scheduled runs/day/key) reached; it renews at 00:00 UTC");
        }
        if (runsThisMonth >= command.runsPerMonth()) {
            throw new QuotaExhausted(QuotaExhausted.Limit.MONTHLY, "Monthly enrichment credits (" + command.runsPerMonth()
                    + " runs) are spent; they renew on the 1st, 00:00 UTC");
        }
        apply(new EnrichmentRunGranted(command.targetAggregateId(), command.keyId(), command.day(), command.jobId(),
                today + 1, runsThisMonth + 1));
    }

    @EventSourcingHandler
    void on(EnrichmentRunGranted event) {
        allowanceId = event.allowanceId();
        runsPerDay.put(event.day(), event.runsThatDay());
        runsThisMonth = event.runsThatMonth();
        jobs.add(event.jobId());
    }
}
