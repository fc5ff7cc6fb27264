package dev.vspec.command.epa;

import static org.axonframework.modelling.command.AggregateLifecycle.apply;

import dev.vspec.command.AddressedCommandTargetResolver;
import dev.vspec.contracts.epa.EpaEntryRecorded;
import dev.vspec.contracts.epa.EpaVehicle;
import dev.vspec.contracts.epa.RecordEpaEntry;
import org.axonframework.commandhandling.CommandHandler;
import org.axonframework.eventsourcing.EventSourcingHandler;
import org.axonframework.modelling.command.AggregateCreationPolicy;
import org.axonframework.modelling.command.AggregateIdentifier;
import org.axonframework.modelling.command.CreationPolicy;
import org.axonframework.spring.stereotype.Aggregate;

/**
 * One entry of the EPA's fuel-economy file, by the EPA's id: its facts as the latest file that changed them states
 * them. A file that says the same again changes nothing; the event log keeps every version.
 */
@Aggregate(commandTargetResolver = AddressedCommandTargetResolver.BEAN_NAME)
public class EpaFileEntry {

    @AggregateIdentifier
    private String id;

    private EpaVehicle facts;

    EpaFileEntry() {}

    /** Stores the facts when they are new or changed; answers what it did. */
    @CommandHandler
    @CreationPolicy(AggregateCreationPolicy.CREATE_IF_MISSING)
    EpaChange handle(RecordEpaEntry command) {
        if (command.vehicle().equals(facts)) {
            return EpaChange.UNCHANGED;
        }
        EpaChange change = facts == null ? EpaChange.ADDED : EpaChange.CHANGED;
        apply(new EpaEntryRecorded(command.epaId(), command.vehicle(), command.source()));
        return change;
    }

    @EventSourcingHandler
    void on(EpaEntryRecorded event) {
        id = RecordEpaEntry.aggregateId(event.epaId());
        facts = event.vehicle();
    }
}
