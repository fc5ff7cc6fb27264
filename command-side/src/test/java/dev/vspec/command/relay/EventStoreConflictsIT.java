package dev.vspec.command.relay;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.vspec.command.CommandSideIntegrationTest;
import java.util.UUID;
import org.axonframework.eventhandling.GenericDomainEventMessage;
import org.axonframework.eventsourcing.eventstore.EventStorageEngine;
import org.axonframework.modelling.command.AggregateStreamCreationException;
import org.axonframework.modelling.command.ConcurrencyException;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * Two command-side nodes changing one aggregate at the same moment: the later append finds its
 * sequence number taken in PostgreSQL, which must reach the command's caller as Axon's concurrency
 * conflict (which callers decide again on), not as a failure of the event store (a 500).
 */
@CommandSideIntegrationTest
class EventStoreConflictsIT {

    @Autowired
    EventStorageEngine storage;

    @Test
    void anEventAtASequenceNumberAnotherNodeTookIsAConcurrencyConflict() {
        String aggregate = "conflict-" + UUID.randomUUID();
        storage.appendEvents(event(aggregate, 0));
        storage.appendEvents(event(aggregate, 1));

        assertThatThrownBy(() -> storage.appendEvents(event(aggregate, 1)))
                .isInstanceOf(ConcurrencyException.class)
                .hasMessageContaining(aggregate);
        assertThatThrownBy(() -> storage.appendEvents(event(aggregate, 0)))
                .isInstanceOf(AggregateStreamCreationException.class);
    }

    /** An event of no published type: the relay passes it over. */
    private static GenericDomainEventMessage<String> event(String aggregate, long sequence) {
        return new GenericDomainEventMessage<>("ConflictTest", aggregate, sequence, "event " + sequence);
    }
}
