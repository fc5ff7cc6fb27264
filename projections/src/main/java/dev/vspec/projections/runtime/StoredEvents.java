package dev.vspec.projections.runtime;

import static org.jooq.impl.DSL.field;
import static org.jooq.impl.DSL.name;
import static org.jooq.impl.DSL.table;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.vspec.contracts.catalog.PublishedEvents;
import dev.vspec.events.axon.EventSerialization;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.NavigableSet;
import java.util.TreeSet;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.Record4;
import org.jooq.Table;
import org.jooq.impl.DSL;

/**
 * Reads the Axon event store ({@code events.domainevententry}) in global order, a page at a time,
 * keeping the published events (what the relay puts on the topic). Like Axon's gap-aware tracking it
 * remembers the global indexes it skipped: a transaction that allocated a lower index may commit
 * after a higher one was read, and {@link #readLate} picks such events up.
 */
final class StoredEvents {

    /** Skipped indexes kept at most; older ones are given up as rolled back. */
    private static final int MAX_GAPS = 100_000;

    private static final Table<?> ENTRY = table(name("events", "domainevententry"));
    private static final Field<Long> INDEX = field(name("globalindex"), Long.class);
    private static final Field<String> TYPE = field(name("payloadtype"), String.class);
    private static final Field<byte[]> PAYLOAD = field(name("payload"), byte[].class);
    /** When the event was stored, as Axon writes it (ISO-8601); the relay's envelope carries the same instant. */
    private static final Field<String> TIMESTAMP = field(name("timestamp"), String.class);

    private final ObjectMapper payloads = EventSerialization.objectMapper();
    private final NavigableSet<Long> gaps = new TreeSet<>();
    private long last;

    /** How many events the store holds now (of every type), for progress. */
    static long count(DSLContext db) {
        return db.fetchCount(ENTRY);
    }

    /** The next page after the last index read; empty at the end. */
    Page next(DSLContext db, int size) {
        var rows = db.select(INDEX, TYPE, PAYLOAD, TIMESTAMP)
                .from(ENTRY)
                .where(INDEX.gt(last))
                .orderBy(INDEX)
                .limit(size)
                .fetch();
        for (var row : rows) {
            long index = row.value1();
            for (long missing = last + 1; missing < index && gaps.size() < MAX_GAPS; missing++) {
                gaps.add(missing);
            }
            last = index;
        }
        while (gaps.size() > MAX_GAPS) {
            gaps.pollFirst();
        }
        return decode(rows);
    }

    /** Events stored since the last page and those that filled a remembered gap, in global order. */
    Page readLate(DSLContext db) {
        var rows = db.select(INDEX, TYPE, PAYLOAD, TIMESTAMP)
                .from(ENTRY)
                .where(INDEX.gt(last))
                .or(gaps.isEmpty() ? DSL.falseCondition() : INDEX.in(gaps))
                .orderBy(INDEX)
                .fetch();
        rows.forEach(row -> {
            gaps.remove(row.value1());
            last = Math.max(last, row.value1());
        });
        return decode(rows);
    }

    private Page decode(List<? extends Record4<Long, String, byte[], String>> rows) {
        List<Recorded> events = new ArrayList<>(rows.size());
        for (var row : rows) {
            String payloadType = row.value2();
            Class<? extends Record> type =
                    PublishedEvents.typeNamed(payloadType.substring(payloadType.lastIndexOf('.') + 1));
            if (type == null || !type.getName().equals(payloadType)) {
                continue;
            }
            try {
                events.add(new Recorded(payloads.readValue(row.value3(), type), Instant.parse(row.value4())));
            } catch (IOException e) {
                throw new IllegalStateException(
                        "stored event #" + row.value1() + " (" + type.getSimpleName() + ") cannot be read: "
                                + e.getMessage(),
                        e);
            }
        }
        return new Page(rows.size(), events);
    }

    /** One read: how many stored events it covered, and the published ones among them. */
    record Page(int stored, List<Recorded> published) {}
}
