package dev.vspec.command.catalog;

import dev.vspec.command.AddressedCommandTargetResolver;
import dev.vspec.command.OwnTables;
import dev.vspec.command.epa.EpaChange;
import dev.vspec.command.epa.EpaFileEntry;
import dev.vspec.command.epa.RecordedEpaEntries;
import dev.vspec.command.recalls.RecallCampaign;
import dev.vspec.command.recalls.RecallChanges;
import dev.vspec.contracts.AddressedCommand;
import dev.vspec.contracts.catalog.CatalogCommand;
import dev.vspec.contracts.epa.RecordEpaEntry;
import dev.vspec.contracts.error.ApiException;
import dev.vspec.contracts.recalls.RecordRecalls;
import dev.vspec.events.axon.EventSerialization;
import dev.vspec.events.axon.EventStorage;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import javax.sql.DataSource;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.axonframework.common.transaction.TransactionManager;
import org.axonframework.config.AggregateConfigurer;
import org.axonframework.config.Configuration;
import org.axonframework.config.Configurer;
import org.axonframework.config.DefaultConfigurer;
import org.axonframework.messaging.GenericMessage;
import org.axonframework.messaging.unitofwork.DefaultUnitOfWork;
import org.axonframework.messaging.unitofwork.UnitOfWork;
import org.axonframework.serialization.Serializer;
import org.axonframework.spring.messaging.unitofwork.SpringTransactionManager;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;

/**
 * The catalog's aggregates for a tool outside the command side's deployable ({@code vspec catalog import-vpic},
 * {@code vspec catalog import}, {@code vspec catalog import-epa} and {@code vspec recalls import}): Axon configured
 * without Spring over a database's event store, with the command side's serializer and its
 * {@link VehicleConfiguration}, {@link Vehicle}, {@link RecallCampaign} and {@link EpaFileEntry} aggregates, so that commands meet the same rules and the same idempotence as through the API. Its
 * event processors keep the command side's tables ({@link VehicleDescriptors}, {@link RecordedEpaEntries}) in the
 * transaction that stores the events; the stack's relay publishes what is stored here, as it publishes any other
 * event.
 */
public final class CatalogCommandSide implements AutoCloseable {

    private final Configuration axon;
    private final AtomicLong eventsStored = new AtomicLong();

    private CatalogCommandSide(Configuration axon) {
        this.axon = axon;
        axon.eventBus().registerDispatchInterceptor(events -> {
            eventsStored.addAndGet(events.size());
            return (index, event) -> event;
        });
    }

    /** Started over the event store of this database (its migrations must have run). */
    public static CatalogCommandSide over(DataSource dataSource) {
        DataSourceTransactionManager transactions = new DataSourceTransactionManager(dataSource);
        Serializer serializer = EventSerialization.serializer();
        Configurer configurer = DefaultConfigurer.defaultConfiguration()
                .configureSerializer(c -> serializer)
                .configureEventSerializer(c -> serializer)
                .configureMessageSerializer(c -> serializer)
                .configureTransactionManager(c -> new SpringTransactionManager(transactions))
                .configureEmbeddedEventStore(c -> EventStorage.engine(dataSource, transactions))
                .configureAggregate(AggregateConfigurer.defaultConfiguration(VehicleConfiguration.class)
                        .configureCommandTargetResolver(c -> new AddressedCommandTargetResolver()))
                .configureAggregate(AggregateConfigurer.defaultConfiguration(Vehicle.class)
                        .configureCommandTargetResolver(c -> new AddressedCommandTargetResolver()))
                .configureAggregate(AggregateConfigurer.defaultConfiguration(RecallCampaign.class)
                        .configureCommandTargetResolver(c -> new AddressedCommandTargetResolver()))
                .configureAggregate(AggregateConfigurer.defaultConfiguration(EpaFileEntry.class)
                        .configureCommandTargetResolver(c -> new AddressedCommandTargetResolver()));
        OwnTables.keep(
                configurer.eventProcessing(), VehicleDescriptors.PROCESSING_GROUP, VehicleDescriptors.over(dataSource));
        OwnTables.keep(
                configurer.eventProcessing(), RecordedEpaEntries.PROCESSING_GROUP, RecordedEpaEntries.over(dataSource));
        Configuration axon = configurer.buildConfiguration();
        axon.start();
        return new CatalogCommandSide(axon);
    }

    /**
     * Sends the commands in order, each waiting for its outcome.
     *
     * @throws RuntimeException the aggregate's refusal ({@code ApiException}) or the store's failure; the
     *                          commands sent before it stay recorded
     */
    public void send(List<CatalogCommand> commands) {
        CommandGateway gateway = axon.commandGateway();
        for (CatalogCommand command : commands) {
            gateway.sendAndWait(command);
        }
    }

    /**
     * Sends the commands as one unit: their events are stored in one transaction when {@code keep} is true and
     * every command is accepted, else none is. Each aggregate is loaded once and sees the commands before it, so
     * what the commands would do can be asked without storing it ({@code keep} false) and is exactly what they do.
     *
     * @return what each command did, in order, as its aggregate answered
     * @throws Refused when an aggregate refuses a command: nothing of the unit is stored
     */
    public List<FactChange> sendTogether(List<? extends CatalogCommand> commands, boolean keep) {
        return inOneUnit(commands, keep, FactChange.class);
    }

    /**
     * Records what one recalls file says of campaigns, all of them in one transaction.
     *
     * @return what each campaign did with its records, in order
     * @throws Refused when a campaign refuses its command: nothing of the unit is stored
     */
    public List<RecallChanges> recordRecalls(List<RecordRecalls> commands) {
        return inOneUnit(commands, true, RecallChanges.class);
    }

    /**
     * Records what one EPA file says of its entries, all of them in one transaction.
     *
     * @return what each entry did, in order
     * @throws Refused when an entry refuses its command: nothing of the unit is stored
     */
    public List<EpaChange> recordEpaEntries(List<RecordEpaEntry> commands) {
        return inOneUnit(commands, true, EpaChange.class);
    }

    private <R> List<R> inOneUnit(List<? extends AddressedCommand> commands, boolean keep, Class<R> answer) {
        CommandGateway gateway = axon.commandGateway();
        UnitOfWork<?> unit = DefaultUnitOfWork.startAndGet(GenericMessage.asMessage("commands of one unit"));
        List<R> answers = new ArrayList<>(commands.size());
        try {
            unit.attachTransaction(axon.getComponent(TransactionManager.class));
            for (AddressedCommand command : commands) {
                answers.add(answer.cast(send(gateway, command, answers.size())));
            }
        } catch (RuntimeException e) {
            // a transaction that could not start has rolled the unit back already
            if (unit.isActive()) {
                unit.rollback(e);
            }
            throw e;
        }
        if (keep) {
            unit.commit();
        } else {
            unit.rollback();
        }
        return answers;
    }

    private static Object send(CommandGateway gateway, AddressedCommand command, int index) {
        try {
            return gateway.sendAndWait(command);
        } catch (ApiException | IllegalArgumentException e) {
            throw new Refused(index, command, e);
        }
    }

    /** An aggregate refused the command at {@code index} of a unit; its message says why. */
    public static final class Refused extends RuntimeException {

        private final int index;
        private final transient AddressedCommand command;

        Refused(int index, AddressedCommand command, RuntimeException cause) {
            super(cause.getMessage(), cause);
            this.index = index;
            this.command = command;
        }

        public int index() {
            return index;
        }

        public AddressedCommand command() {
            return command;
        }
    }

    /** Imports catalog files through these aggregates, as the command side's own importer does through its. */
    public CatalogImporter importer() {
        return new CatalogImporter(axon.commandGateway());
    }

    /** Events the aggregates stored through {@link #send}; a command that changes nothing stores none. */
    public long eventsStored() {
        return eventsStored.get();
    }

    @Override
    public void close() {
        axon.shutdown();
    }
}
