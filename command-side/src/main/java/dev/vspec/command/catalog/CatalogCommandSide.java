package dev.vspec.command.catalog;

import dev.vspec.command.AddressedCommandTargetResolver;
import dev.vspec.contracts.catalog.CatalogCommand;
import dev.vspec.infra.axon.EventSerialization;
import dev.vspec.infra.axon.EventStorage;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import javax.sql.DataSource;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.axonframework.config.AggregateConfigurer;
import org.axonframework.config.Configuration;
import org.axonframework.config.DefaultConfigurer;
import org.axonframework.serialization.Serializer;
import org.axonframework.spring.messaging.unitofwork.SpringTransactionManager;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;

/**
 * The catalog's aggregates for a tool outside the command side's deployable (the vPIC seeding of
 * {@code vspec catalog import-vpic}, catalog imports): Axon configured without Spring over a database's event store,
 * with the command side's serializer and its {@link VehicleConfiguration} and {@link Vehicle}
 * aggregates, so that commands meet the same rules and the same idempotence as through the API. It runs
 * no event processor: the stack's relay publishes what is stored here, as it publishes any other event.
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
        Configuration axon = DefaultConfigurer.defaultConfiguration()
                .configureSerializer(c -> serializer)
                .configureEventSerializer(c -> serializer)
                .configureMessageSerializer(c -> serializer)
                .configureTransactionManager(c -> new SpringTransactionManager(transactions))
                .configureEmbeddedEventStore(c -> EventStorage.engine(dataSource, transactions))
                .configureAggregate(AggregateConfigurer.defaultConfiguration(VehicleConfiguration.class)
                        .configureCommandTargetResolver(c -> new AddressedCommandTargetResolver()))
                .configureAggregate(AggregateConfigurer.defaultConfiguration(Vehicle.class)
                        .configureCommandTargetResolver(c -> new AddressedCommandTargetResolver()))
                .buildConfiguration();
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

    /** Imports catalog files through these aggregates, as the command side's own importer does through its. */
    public CatalogImporter importer() {
        return new CatalogImporter(axon.commandGateway());
    }

    /** Events the aggregates stored through this instance; a command that changes nothing stores none. */
    public long eventsStored() {
        return eventsStored.get();
    }

    @Override
    public void close() {
        axon.shutdown();
    }
}
