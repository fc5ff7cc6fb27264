package dev.vspec.command.relay;

import java.time.Duration;
import java.time.Instant;
import java.util.Iterator;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.axonframework.common.stream.BlockingStream;
import org.axonframework.eventhandling.TrackedEventMessage;
import org.axonframework.eventhandling.TrackingToken;
import org.axonframework.eventsourcing.eventstore.EventStorageEngine;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.axonframework.messaging.StreamableMessageSource;
import org.axonframework.messaging.unitofwork.CurrentUnitOfWork;

/**
 * The event store as the source of the streaming processors (the relay, enrichment, webhooks),
 * read straight from its storage engine and telling their streams when events were committed in
 * this JVM. A stream asks the database again whenever it has handed out what it read, so once a
 * processor is woken after a commit, its next look finds the committed events: there is no
 * read-ahead thread in between to wait for (the event store's own streams are fed by one, which
 * a woken processor could outrun, and then it would look again only at its claim interval). A
 * processor that is not woken looks at its token claim interval (1 s in command-side.yml), which is
 * how events committed by another node are found.
 */
final class PromptEventSource implements StreamableMessageSource<TrackedEventMessage<?>> {

    private final EventStore store;
    private final EventStorageEngine storage;
    private final Set<Runnable> waiting = ConcurrentHashMap.newKeySet();
    /** Notified after every commit, for streams waiting with a timeout. */
    private final Object committed = new Object();

    PromptEventSource(EventStore store, EventStorageEngine storage) {
        this.store = store;
        this.storage = storage;
        store.subscribe(events -> {
            if (CurrentUnitOfWork.isStarted()) {
                CurrentUnitOfWork.get().afterCommit(unitOfWork -> wakeUp());
            } else {
                wakeUp();
            }
        });
    }

    private void wakeUp() {
        synchronized (committed) {
            committed.notifyAll();
        }
        waiting.forEach(Runnable::run);
    }

    @Override
    public BlockingStream<TrackedEventMessage<?>> openStream(TrackingToken token) {
        return new Stream(token);
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

    /**
     * The events after a token, read from storage in the storage engine's batches; when a read is
     * exhausted, the next look reads again from the last event handed out (its token carries the
     * gaps the engine checks again). Used by one processor thread at a time, as Axon's streams are.
     */
    private final class Stream implements BlockingStream<TrackedEventMessage<?>> {

        private TrackingToken last;
        private java.util.stream.Stream<? extends TrackedEventMessage<?>> read;
        private Iterator<? extends TrackedEventMessage<?>> events;
        private TrackedEventMessage<?> next;
        private volatile Runnable callback;

        Stream(TrackingToken token) {
            this.last = token;
        }

        @Override
        public Optional<TrackedEventMessage<?>> peek() {
            return Optional.ofNullable(look());
        }

        @Override
        public boolean hasNextAvailable(int timeout, TimeUnit unit) throws InterruptedException {
            long deadline = System.nanoTime() + unit.toNanos(timeout);
            while (look() == null) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    return false;
                }
                synchronized (committed) {
                    TimeUnit.NANOSECONDS.timedWait(committed, Math.min(left, TimeUnit.MILLISECONDS.toNanos(100)));
                }
            }
            return true;
        }

        @Override
        public TrackedEventMessage<?> nextAvailable() throws InterruptedException {
            while (!hasNextAvailable(1, TimeUnit.SECONDS)) {
                // an event will come; a processor only asks for one it was told is there
            }
            TrackedEventMessage<?> taken = next;
            next = null;
            last = taken.trackingToken();
            return taken;
        }

        /** The next event, reading storage again once the previous read is exhausted; null when there is none yet. */
        private TrackedEventMessage<?> look() {
            if (next == null) {
                if (events == null || !events.hasNext()) {
                    closeRead();
                    read = storage.readEvents(last, false);
                    events = read.iterator();
                }
                if (events.hasNext()) {
                    next = events.next();
                }
            }
            return next;
        }

        private void closeRead() {
            if (read != null) {
                read.close();
                read = null;
                events = null;
            }
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
            closeRead();
        }
    }
}
