package dev.vspec.command.catalog;

import static org.axonframework.modelling.command.AggregateLifecycle.apply;

import dev.vspec.command.AddressedCommandTargetResolver;
import dev.vspec.contracts.catalog.FactSource;
import dev.vspec.contracts.catalog.LinkVin;
import dev.vspec.contracts.catalog.RecordServiceHistory;
import dev.vspec.contracts.catalog.ServiceHistoryRecorded;
import dev.vspec.contracts.catalog.ServiceRecord;
import dev.vspec.contracts.catalog.VinLinked;
import dev.vspec.contracts.error.ApiException;
import dev.vspec.contracts.error.ErrorCode;
import dev.vspec.contracts.identity.ConfigKey;
import dev.vspec.contracts.identity.Vin;
import java.util.List;
import org.axonframework.commandhandling.CommandHandler;
import org.axonframework.eventsourcing.EventSourcingHandler;
import org.axonframework.modelling.command.AggregateCreationPolicy;
import org.axonframework.modelling.command.AggregateIdentifier;
import org.axonframework.modelling.command.CreationPolicy;
import org.axonframework.spring.stereotype.Aggregate;

/** One vehicle, identified by its VIN: which configuration it was built as, and its sanitized service history. */
@Aggregate(commandTargetResolver = AddressedCommandTargetResolver.BEAN_NAME)
class Vehicle {

    @AggregateIdentifier
    private String vin;

    private String configKey;
    private FactSource linkSource;
    private final PerSource<List<ServiceRecord>> serviceHistory = new PerSource<>();

    Vehicle() {}

    /**
     * Links the VIN; the same link again changes nothing, whichever source repeats it; another
     * configuration corrects the link, unless the link came from a source of higher precedence.
     */
    @CommandHandler
    @CreationPolicy(AggregateCreationPolicy.CREATE_IF_MISSING)
    FactChange handle(LinkVin command) {
        Vin.canonical(command.vin());
        ConfigKey.parse(command.configKey());
        if (configKey == null) {
            apply(new VinLinked(command.vin(), command.configKey(), command.source()));
            return FactChange.ADDED;
        }
        if (command.configKey().equals(configKey)
                || FactSource.precedenceOf(command.source()) < FactSource.precedenceOf(linkSource)) {
            return FactChange.UNCHANGED;
        }
        apply(new VinLinked(command.vin(), command.configKey(), command.source()));
        return FactChange.CHANGED;
    }

    /**
     * Records the complete service history, replacing the earlier one; the same history again from
     * the same source changes nothing ({@link PerSource}). {@code CREATE_IF_MISSING} only so that an unknown VIN is refused with a
     * readable message rather than Axon's "aggregate not found".
     */
    @CommandHandler
    @CreationPolicy(AggregateCreationPolicy.CREATE_IF_MISSING)
    FactChange handle(RecordServiceHistory command) {
        Vin.canonical(command.vin());
        if (configKey == null) {
            throw new ApiException(
                    ErrorCode.NOT_FOUND,
                    "VIN " + command.vin()
                            + " is not linked to a configuration; link it before recording its service history");
        }
        CatalogRules.serviceHistory(
                command.records(), CatalogRules.latestServiceDate(), Problems.inCommand("service_history"));
        FactChange change = serviceHistory.change(command.source(), command.records());
        if (change.recorded()) {
            apply(new ServiceHistoryRecorded(vin, List.copyOf(command.records()), command.source()));
        }
        return change;
    }

    @EventSourcingHandler
    void on(VinLinked event) {
        vin = event.vin();
        configKey = event.configKey();
        linkSource = event.source();
    }

    @EventSourcingHandler
    void on(ServiceHistoryRecorded event) {
        serviceHistory.record(event.source(), event.records());
    }
}
