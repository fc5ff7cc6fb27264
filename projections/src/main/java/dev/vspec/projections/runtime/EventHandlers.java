package dev.vspec.projections.runtime;

import dev.vspec.contracts.catalog.FactSource;
import dev.vspec.contracts.catalog.PublishedEvents;
import dev.vspec.readmodel.GroupDocument;
import dev.vspec.readmodel.Provenance;
import java.time.Instant;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.function.Function;
import org.jooq.DSLContext;
import org.jooq.Table;
import org.jooq.TableField;
import org.jooq.TableRecord;
import org.jooq.impl.DSL;

/**
 * The event types a projection handles, one handler per type; optionally a set-based form of the
 * same handlers for a whole batch, and work done once per batch after its events.
 */
public final class EventHandlers {

    /** Applies one event, stored {@code at}, with the transaction's {@link DSLContext}. */
    @FunctionalInterface
    public interface Handler<E> {
        void apply(DSLContext db, E event, Instant at);
    }

    /** Work after a batch's events, in the same transaction, given every event of the batch that was applied. */
    @FunctionalInterface
    public interface BatchHandler {
        void apply(DSLContext db, List<Recorded> applied);
    }

    private final Map<Class<?>, Handler<Object>> byType;
    private final BatchHandler setBased;
    private final BatchHandler afterBatch;

    private EventHandlers(Map<Class<?>, Handler<Object>> byType, BatchHandler setBased, BatchHandler afterBatch) {
        // A HashMap: looked up once per record and projection, millions of times in a rebuild.
        this.byType = Collections.unmodifiableMap(new HashMap<>(byType));
        this.setBased = setBased;
        this.afterBatch = afterBatch;
    }

    public static Builder builder() {
        return new Builder();
    }

    /**
     * The handlers of a projection whose events each carry a configuration's complete list of one
     * data group: the event's value, rendered, replaces the configuration's document unless the
     * document came from a source of higher precedence ({@link dev.vspec.contracts.catalog.FactSource#precedence()});
     * set-based, a batch renders and stores only each configuration's winner (the last of the highest
     * precedence), with the same condition against the stored document.
     */
    public static <E extends Record, T> EventHandlers replacingDocument(
            Class<E> type,
            GroupDocument<T> document,
            Function<E, String> configKey,
            Function<E, T> value,
            Function<E, FactSource> source) {
        return builder()
                .on(
                        type,
                        (db, event, at) -> document.write(
                                db, configKey.apply(event), value.apply(event), Provenance.of(source.apply(event), at)))
                .setBased((db, events) -> {
                    Map<String, Recorded> winners = new LinkedHashMap<>();
                    for (Recorded recorded : events) {
                        E typed = type.cast(recorded.event());
                        winners.merge(
                                configKey.apply(typed),
                                recorded,
                                (earlier, later) -> FactSource.replaces(
                                                source.apply(type.cast(later.event())),
                                                source.apply(type.cast(earlier.event())))
                                        ? later
                                        : earlier);
                    }
                    Map<String, Upserts.Document> documents = new LinkedHashMap<>();
                    winners.forEach((key, recorded) -> {
                        E event = type.cast(recorded.event());
                        documents.put(
                                key,
                                new Upserts.Document(
                                        document.render(value.apply(event)),
                                        Provenance.of(source.apply(event), recorded.at())));
                    });
                    Upserts.upsertDocuments(db, document, documents);
                })
                .build();
    }

    /**
     * The handlers of a projection that keeps one row per event's key (a VIN, a configuration): an
     * upsert of the event's row (made with when it was stored), which does not replace a row of
     * higher {@code rank} (a source's precedence); set-based for a batch.
     */
    @SafeVarargs
    public static <E extends Record, R extends TableRecord<R>> EventHandlers upserting(
            Class<E> type,
            Table<R> table,
            BiFunction<E, Instant, R> row,
            TableField<R, Short> rank,
            TableField<R, ?>... key) {
        return builder()
                .on(
                        type,
                        (db, event, at) -> Upserts.upsert(db, row.apply(event, at), key)
                                .where(rank.le(DSL.excluded(rank)))
                                .execute())
                .setBased((db, events) -> Upserts.upsertRanked(
                        db,
                        table,
                        events.stream()
                                .map(recorded -> row.apply(type.cast(recorded.event()), recorded.at()))
                                .toList(),
                        rank,
                        key))
                .build();
    }

    public boolean handles(Class<?> type) {
        return byType.containsKey(type);
    }

    /** Applies an event of a handled type. */
    public void apply(DSLContext db, Recorded recorded) {
        Object event = recorded.event();
        Handler<Object> handler = byType.get(event.getClass());
        if (handler == null) {
            throw new IllegalArgumentException(
                    "no handler for " + event.getClass().getSimpleName());
        }
        handler.apply(db, event, recorded.at());
    }

    /**
     * Applies events of handled types in their order: all at once with the set-based handler when
     * there is one, otherwise one by one. A failure cannot be told apart by event; callers that must
     * pin the failing event apply the events one by one with {@link #apply} instead.
     */
    public void applyAll(DSLContext db, List<Recorded> events) {
        if (setBased == null) {
            events.forEach(event -> apply(db, event));
        } else if (!events.isEmpty()) {
            setBased.apply(db, events);
        }
    }

    /** Runs the after-batch work, if any, for the events the batch applied (none: nothing runs). */
    public void finishBatch(DSLContext db, List<Recorded> applied) {
        if (afterBatch != null && !applied.isEmpty()) {
            afterBatch.apply(db, applied);
        }
    }

    public static final class Builder {

        private final Map<Class<?>, Handler<Object>> byType = new LinkedHashMap<>();
        private BatchHandler setBased;
        private BatchHandler afterBatch;

        private Builder() {}

        @SuppressWarnings("unchecked")
        public <E extends Record> Builder on(Class<E> type, Handler<? super E> handler) {
            if (!PublishedEvents.isPublished(type)) {
                throw new IllegalArgumentException(type.getName() + " is not a published event type");
            }
            if (byType.putIfAbsent(type, (Handler<Object>) handler) != null) {
                throw new IllegalArgumentException("two handlers for " + type.getSimpleName());
            }
            return this;
        }

        /**
         * The handlers in set-based form: given a batch's events of the handled types in order, it
         * leaves the tables exactly as applying them one by one would, in a few statements for the
         * whole batch rather than a few per event (a rebuild applies millions). The one-by-one
         * handlers stay the reference: a batch whose set-based form fails for good is applied one
         * by one, so that the failing event is found and rejected. An event a later one of the same
         * batch supersedes (same key) need not be written at all, so a bad one is then not rejected:
         * the tables end the same either way.
         */
        public Builder setBased(BatchHandler handler) {
            if (setBased != null) {
                throw new IllegalArgumentException("two set-based handlers");
            }
            setBased = handler;
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
            return new EventHandlers(byType, setBased, afterBatch);
        }
    }
}
