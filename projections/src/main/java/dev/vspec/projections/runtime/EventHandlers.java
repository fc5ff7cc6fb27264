package dev.vspec.projections.runtime;

import dev.vspec.contracts.catalog.PublishedEvents;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jooq.DSLContext;

/**
 * The event types a projection handles, one handler per type, and optionally work done once per
 * batch after its events.
 */
public final class EventHandlers {

    /** Applies one event with the transaction's {@link DSLContext}. */
    @FunctionalInterface
    public interface Handler<E> {
        void apply(DSLContext db, E event);
    }

    /** Work after a batch's events, in the same transaction, given every event of the batch that was applied. */
    @FunctionalInterface
    public interface BatchHandler {
        void apply(DSLContext db, List<Object> applied);
    }

    private final Map<Class<?>, Handler<Object>> byType;
    private final BatchHandler afterBatch;

    private EventHandlers(Map<Class<?>, Handler<Object>> byType, BatchHandler afterBatch) {
        this.byType = Map.copyOf(byType);
        this.afterBatch = afterBatch;
    }

    public static Builder builder() {
        return new Builder();
    }

    public Set<Class<?>> types() {
        return byType.keySet();
    }

    public boolean handles(Class<?> type) {
        return byType.containsKey(type);
    }

    /** Applies an event of a handled type. */
    public void apply(DSLContext db, Object event) {
        Handler<Object> handler = byType.get(event.getClass());
        if (handler == null) {
            throw new IllegalArgumentException("no handler for " + event.getClass().getSimpleName());
        }
        handler.apply(db, event);
    }

    /** Runs the after-batch work, if any, for the events the batch applied (none: nothing runs). */
    public void finishBatch(DSLContext db, List<Object> applied) {
        if (afterBatch != null && !applied.isEmpty()) {
            afterBatch.apply(db, applied);
        }
    }

    public static final class Builder {

        private final Map<Class<?>, Handler<Object>> byType = new LinkedHashMap<>();
        private BatchHandler afterBatch;

        private Builder() {
        }

        @SuppressWarnings("unchecked")
        public <E extends Record> Builder on(Class<E> type, Handler<? super E> handler) {
            if (PublishedEvents.typeNamed(PublishedEvents.nameOf(type)) != type) {
                throw new IllegalArgumentException(type.getName() + " is not a published event type");
            }
            if (byType.putIfAbsent(type, (Handler<Object>) handler) != null) {
                throw new IllegalArgumentException("two handlers for " + type.getSimpleName());
            }
            return this;
        }

        /**
         * Work that several events of a batch would otherwise each repeat (re-rendering a document
         * from the rows they changed), done once after the batch's last event and before its offsets
         * are stored, in the same transaction. It must depend only on the tables, not on one event's
         * data: a failure there is not pinned on a record, it fails the batch, which is retried.
         */
        public Builder afterBatch(BatchHandler handler) {
            if (afterBatch != null) {
                throw new IllegalArgumentException("two after-batch handlers");
            }
            afterBatch = handler;
            return this;
        }

        public EventHandlers build() {
            return new EventHandlers(byType, afterBatch);
        }
    }
}
