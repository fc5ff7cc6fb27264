package dev.vspec.command.relay;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.axonframework.common.stream.BlockingStream;
import org.axonframework.eventhandling.TrackedEventMessage;
import org.axonframework.eventhandling.TrackingToken;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.axonframework.messaging.StreamableMessageSource;
import org.axonframework.messaging.unitofwork.CurrentUnitOfWork;

/**
 * The event store as the source of the streaming processors (the relay, enrichment), telling their
 * streams when events were committed in this JVM. A pooled processor whose stream cannot tell
 * looks for new events only every 500 ms, which every enrichment would wait for twice (process,
 * relay); with this source it looks right after each commit. Events committed by another node are
 * found at the processor's token claim interval (1 s in command-side.yml).
 */
final class PromptEventSource implements StreamableMessageSource<TrackedEventMessage<?>> {

    private final EventStore store;
    private final Set<Runnable> waiting = ConcurrentHashMap.newKeySet();

    PromptEventSource(EventStore store) {
        this.store = store;
        store.subscribe(events -> {
            if (CurrentUnitOfWork.isStarted()) {
                CurrentUnitOfWork.get().afterCommit(unitOfWork -> wakeUp());
            } else {
                wakeUp();
            }
        });
    }

    private void wakeUp() {
        waiting.forEach(Runnable::run);
    }

    @Override
    public BlockingStream<TrackedEventMessage<?>> openStream(TrackingToken token) {
        return new Stream(store.openStream(token));
    }

    @Override
    public TrackingToken createTailToken() {
        return store.createTailToken();
    }

    @Override
    public TrackingToken createHeadToken() {
        return store.createHeadToken();
    }

    @Override
    public TrackingToken createTokenAt(Instant dateTime) {
        return store.createTokenAt(dateTime);
    }

    @Override
    public TrackingToken createTokenSince(Duration duration) {
        return store.createTokenSince(duration);
    }

    /** The store's stream, plus the callback its processor asks to be woken by. */
    private final class Stream implements BlockingStream<TrackedEventMessage<?>> {

        private final BlockingStream<TrackedEventMessage<?>> events;
        private volatile Runnable callback;

        Stream(BlockingStream<TrackedEventMessage<?>> events) {
            this.events = events;
        }

        @Override
        public Optional<TrackedEventMessage<?>> peek() {
            return events.peek();
        }

        @Override
        public boolean hasNextAvailable(int timeout, TimeUnit unit) throws InterruptedException {
            return events.hasNextAvailable(timeout, unit);
        }

        @Override
        public TrackedEventMessage<?> nextAvailable() throws InterruptedException {
            return events.nextAvailable();
        }

        @Override
        public void skipMessagesWithPayloadTypeOf(TrackedEventMessage<?> ignoredMessage) {
            events.skipMessagesWithPayloadTypeOf(ignoredMessage);
        }

        @Override
        public boolean setOnAvailableCallback(Runnable newCallback) {
            Runnable previous = callback;
            if (previous != null) {
                waiting.remove(previous);
            }
            callback = newCallback;
            waiting.add(newCallback);
            return true;
        }

        @Override
        public void close() {
            Runnable current = callback;
            if (current != null) {
                waiting.remove(current);
            }
            events.close();
        }
    }
}
