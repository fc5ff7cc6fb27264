package dev.vspec.events.axon;

import javax.sql.DataSource;
import org.axonframework.common.jdbc.PersistenceExceptionResolver;
import org.axonframework.eventsourcing.eventstore.jdbc.EventSchema;
import org.axonframework.eventsourcing.eventstore.jdbc.JdbcEventStorageEngine;
import org.axonframework.eventsourcing.eventstore.jpa.SQLStateResolver;
import org.axonframework.serialization.Serializer;
import org.axonframework.spring.jdbc.SpringDataSourceConnectionProvider;
import org.axonframework.spring.messaging.unitofwork.SpringTransactionManager;
import org.springframework.transaction.PlatformTransactionManager;

/**
 * The event store as tools outside the command side write to it (the synthetic catalog loader, the vPIC
 * installer): Axon's JDBC storage engine over vspec's event tables, with the command side's serializer, in
 * the caller's Spring transactions.
 */
public final class EventStorage {

    public static final String EVENT_TABLE = AxonJdbcAutoConfiguration.SCHEMA + ".domainevententry";
    public static final String SNAPSHOT_TABLE = AxonJdbcAutoConfiguration.SCHEMA + ".snapshotevententry";

    private EventStorage() {}

    /** PostgreSQL's SQLSTATE for a unique constraint violated. */
    private static final String UNIQUE_VIOLATION = "23505";

    public static JdbcEventStorageEngine engine(DataSource dataSource, PlatformTransactionManager transactions) {
        Serializer serializer = EventSerialization.serializer();
        return JdbcEventStorageEngine.builder()
                .connectionProvider(new SpringDataSourceConnectionProvider(dataSource))
                .transactionManager(new SpringTransactionManager(transactions))
                .eventSerializer(serializer)
                .snapshotSerializer(serializer)
                .persistenceExceptionResolver(duplicateEvents())
                .schema(EventSchema.builder()
                        .eventTable(EVENT_TABLE)
                        .snapshotTable(SNAPSHOT_TABLE)
                        .build())
                .build();
    }

    /**
     * Tells Axon that an event the store already holds (an aggregate's sequence number taken, by
     * another node changing the aggregate at the same moment) is a duplicate, so that it raises its
     * ConcurrencyException. PostgreSQL's driver reports this by SQLSTATE, which Axon's default
     * resolver for JDBC ignores: it would raise a plain EventStoreException instead.
     */
    public static PersistenceExceptionResolver duplicateEvents() {
        return new SQLStateResolver(UNIQUE_VIOLATION);
    }
}
