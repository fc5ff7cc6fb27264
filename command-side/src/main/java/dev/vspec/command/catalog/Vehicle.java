package dev.vspec.command.catalog;

import static org.axonframework.modelling.command.AggregateLifecycle.apply;

import dev.vspec.contracts.catalog.LinkVin;
import dev.vspec.contracts.catalog.VinLinked;
import dev.vspec.contracts.error.ApiException;
import dev.vspec.contracts.error.ErrorCode;
import dev.vspec.contracts.identity.ConfigKey;
import dev.vspec.contracts.identity.Vin;
import org.axonframework.commandhandling.CommandHandler;
import org.axonframework.eventsourcing.EventSourcingHandler;
import org.axonframework.modelling.command.AggregateCreationPolicy;
import org.axonframework.modelling.command.AggregateIdentifier;
import org.axonframework.modelling.command.CreationPolicy;
import org.axonframework.spring.stereotype.Aggregate;

/** One vehicle, identified by its VIN: which configuration it was built as. */
@Aggregate(commandTargetResolver = CatalogCommandTargetResolver.BEAN_NAME)
class Vehicle {

    @AggregateIdentifier
    private String vin;
    private String configKey;

    Vehicle() {
    }

    /** Links the VIN; the same link again changes nothing, another configuration corrects the link. */
    @CommandHandler
    @CreationPolicy(AggregateCreationPolicy.CREATE_IF_MISSING)
    void handle(LinkVin command) {
        Vin parsed = Vin.parse(command.vin());
        if (!parsed.value().equals(command.vin())) {
            throw new ApiException(ErrorCode.INVALID_VIN, "VIN " + command.vin() + " must be sent as " + parsed.value());
        }
        ConfigKey.parse(command.configKey());
        if (!command.configKey().equals(configKey)) {
            apply(new VinLinked(command.vin(), command.configKey()));
        }
    }

    @EventSourcingHandler
    void on(VinLinked event) {
        vin = event.vin();
        configKey = event.configKey();
    }
}
