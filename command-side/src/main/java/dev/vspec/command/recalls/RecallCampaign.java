package dev.vspec.command.recalls;

import static org.axonframework.modelling.command.AggregateLifecycle.apply;

import dev.vspec.command.AddressedCommandTargetResolver;
import dev.vspec.contracts.recalls.Recall;
import dev.vspec.contracts.recalls.RecallRecorded;
import dev.vspec.contracts.recalls.RecordRecalls;
import java.util.HashMap;
import java.util.Map;
import org.axonframework.commandhandling.CommandHandler;
import org.axonframework.eventsourcing.EventSourcingHandler;
import org.axonframework.modelling.command.AggregateCreationPolicy;
import org.axonframework.modelling.command.AggregateIdentifier;
import org.axonframework.modelling.command.CreationPolicy;
import org.axonframework.spring.stereotype.Aggregate;

/**
 * One NHTSA recall campaign, by its campaign number: the records NHTSA's files gave of it, one per make, model,
 * model year and component ({@link Recall#key()}). A record is stored when it is new or its content changed; a
 * file that says the same again, or says nothing of a record (another file's campaign, a row no longer listed),
 * changes nothing: the event log keeps every version.
 */
@Aggregate(commandTargetResolver = AddressedCommandTargetResolver.BEAN_NAME)
public class RecallCampaign {

    @AggregateIdentifier
    private String campaignNumber;

    private final Map<String, Recall> recalls = new HashMap<>();

    RecallCampaign() {}

    /** Stores each record that is new or changed, in the command's order; answers what it did. */
    @CommandHandler
    @CreationPolicy(AggregateCreationPolicy.CREATE_IF_MISSING)
    RecallChanges handle(RecordRecalls command) {
        RecallChanges changes = new RecallChanges();
        for (Recall recall : command.recalls()) {
            Recall held = recalls.get(recall.key());
            if (recall.equals(held)) {
                changes.unchanged++;
                continue;
            }
            if (held == null) {
                changes.added++;
            } else {
                changes.changed++;
            }
            apply(new RecallRecorded(command.campaignNumber(), recall, command.source()));
        }
        return changes;
    }

    @EventSourcingHandler
    void on(RecallRecorded event) {
        campaignNumber = event.campaignNumber();
        recalls.put(event.recall().key(), event.recall());
    }
}
