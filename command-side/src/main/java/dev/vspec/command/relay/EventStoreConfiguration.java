package dev.vspec.command.relay;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.vspec.events.axon.EventSerialization;
import dev.vspec.events.axon.EventStorage;
import org.axonframework.common.jdbc.ConnectionProvider;
import org.axonframework.common.transaction.TransactionManager;
import org.axonframework.eventhandling.EventBusSpanFactory;
import org.axonframework.eventsourcing.eventstore.EmbeddedEventStore;
import org.axonframework.eventsourcing.eventstore.EventStorageEngine;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.axonframework.eventsourcing.eventstore.jdbc.EventSchema;
import org.axonframework.eventsourcing.eventstore.jdbc.JdbcEventStorageEngine;
import org.axonframework.serialization.Serializer;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Axon's JDBC event store as its auto-configuration builds it, serialized with the events module's mapper, but without
 * the shared read-ahead cache of {@link EmbeddedEventStore}. The relay is the store's only streaming reader, so the cache
 * saves nothing; and while the relay lags behind a large import, the cache's linked list keeps every
 * event fetched after the relay's position reachable (1.3 M events of a synthetic catalog filled a
 * 2 GB heap). Without it, each processor reads its own bounded stream from the database. Axon backs
 * off its own storage engine (and its exception resolver) when an event store is defined, so
 * the engine is declared here too.
 */
@Configuration(proxyBeanMethods = false)
class EventStoreConfiguration {

    /**
     * The event store's Jackson 2 mapper, {@link EventSerialization#objectMapper()}: in the events module, so that whoever
     * reads or writes the event store outside the command side uses the same one. Axon's auto-configuration looks
     * this bean up by name for its JacksonSerializer.
     */
    @Bean("defaultAxonObjectMapper")
    ObjectMapper defaultAxonObjectMapper() {
        return EventSerialization.objectMapper();
    }

    @Bean
    EventStorageEngine eventStorageEngine(
            Serializer defaultSerializer,
            @Qualifier("eventSerializer") Serializer eventSerializer,
            org.axonframework.config.Configuration configuration,
            ConnectionProvider connectionProvider,
            TransactionManager transactionManager,
            EventSchema eventSchema,
            @Value("${axon.eventhandling.processors." + KafkaRelay.PROCESSING_GROUP + ".batch-size}")
                    int relayBatchSize) {
        return JdbcEventStorageEngine.builder()
                .snapshotSerializer(defaultSerializer)
                .upcasterChain(configuration.upcasterChain())
                .persistenceExceptionResolver(EventStorage.duplicateEvents())
                .eventSerializer(eventSerializer)
                .snapshotFilter(configuration.snapshotFilter())
                .connectionProvider(connectionProvider)
                .transactionManager(transactionManager)
                .schema(eventSchema)
                // a relay batch in one query, not in ten of Axon's default 100
                .batchSize(relayBatchSize)
                .build();
    }

    /** The source of the streaming processors ({@code source: promptEventSource} in command-side.yml). */
    @Bean
    PromptEventSource promptEventSource(EventStore eventStore, EventStorageEngine storageEngine) {
        return new PromptEventSource(eventStore, storageEngine);
    }

    @Bean
    EmbeddedEventStore eventStore(
            EventStorageEngine storageEngine, org.axonframework.config.Configuration configuration) {
        return EmbeddedEventStore.builder()
                .storageEngine(storageEngine)
                .messageMonitor(configuration.messageMonitor(EventStore.class, "eventStore"))
                .spanFactory(configuration.getComponent(EventBusSpanFactory.class))
                .optimizeEventConsumption(false)
                .build();
    }
}
