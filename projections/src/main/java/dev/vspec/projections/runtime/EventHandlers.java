package dev.vspec.projections.runtime;

import dev.vspec.contracts.catalog.PublishedEvents;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.jooq.DSLContext;

/** The event types a projection handles, one handler per type. */
public final class EventHandlers {

    /** Applies one event with the transaction's {@link DSLContext}. */
    @FunctionalInterface
    public interface Handler<E> {
        void apply(DSLContext db, E event);
    }

    private final Map<Class<?>, Handler<Object>> byType;

    private EventHandlers(Map<Class<?>, Handler<Object>> byType) {
        this.byType = Map.copyOf(byType);
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

    public static final class Builder {

        private final Map<Class<?>, Handler<Object>> byType = new LinkedHashMap<>();

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

        public EventHandlers build() {
            return new EventHandlers(byType);
        }
    }
}
