package dev.vspec.vpic;

import dev.vspec.contracts.decoding.VpicReleaseInstalled;
import dev.vspec.events.axon.EventStorage;
import java.util.UUID;
import javax.sql.DataSource;
import org.axonframework.eventhandling.GenericDomainEventMessage;
import org.axonframework.eventsourcing.eventstore.jdbc.JdbcEventStorageEngine;
import org.axonframework.messaging.MetaData;
import org.springframework.transaction.PlatformTransactionManager;

/**
 * Appends {@link VpicReleaseInstalled} to the event store as the command side stores events: a domain event
 * of aggregate {@value #AGGREGATE_TYPE} {@value #AGGREGATE_ID}, at the aggregate's next sequence number,
 * serialized by the command side's serializer, through Axon's {@link JdbcEventStorageEngine}, in the
 * caller's Spring transaction (the one that swaps the release in). Axon is needed only here, so an
 * install without an event store never loads it.
 */
final class VpicReleaseEvents {

    static final String AGGREGATE_TYPE = "VpicRelease";
    static final String AGGREGATE_ID = "vpic";
    static final String EVENT_TABLE = EventStorage.EVENT_TABLE;

    private final JdbcEventStorageEngine storage;

    VpicReleaseEvents(DataSource dataSource, PlatformTransactionManager transactionManager) {
        this.storage = EventStorage.engine(dataSource, transactionManager);
    }

    void append(VpicReleaseInstalled event) {
        long sequence = storage.lastSequenceNumberFor(AGGREGATE_ID)
                .map(last -> last + 1)
                .orElse(0L);
        storage.appendEvents(new GenericDomainEventMessage<>(
                AGGREGATE_TYPE,
                AGGREGATE_ID,
                sequence,
                event,
                MetaData.emptyInstance(),
                UUID.randomUUID().toString(),
                event.installedAt()));
    }
}
