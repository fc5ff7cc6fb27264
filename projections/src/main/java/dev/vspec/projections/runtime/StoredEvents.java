package dev.vspec.projections.runtime;

import static dev.vspec.storage.jooq.events.Tables.DOMAINEVENTENTRY;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.vspec.contracts.catalog.PublishedEvents;
import dev.vspec.events.axon.EventSerialization;
import dev.vspec.storage.jooq.events.tables.Domainevententry;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.NavigableSet;
import java.util.TreeSet;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.Records;
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

    private static final Domainevententry ENTRY = DOMAINEVENTENTRY;
    private static final Field<Long> INDEX = ENTRY.GLOBALINDEX;
    private static final Field<String> TYPE = ENTRY.PAYLOADTYPE;
    private static final Field<byte[]> PAYLOAD = ENTRY.PAYLOAD;
    /** When the event was stored, as Axon writes it (ISO-8601); the relay's envelope carries the same instant. */
    private static final Field<String> TIMESTAMP = ENTRY.TIMESTAMP;

    private final ObjectMapper payloads = EventSerialization.objectMapper();
    private final NavigableSet<Long> gaps = new TreeSet<>();
    private long last;

    /** How many events the store holds now (of every type), for progress. */
    static long count(DSLContext db) {
        return db.fetchCount(ENTRY);
    }

    /** One row of the store as read here. */
    private record StoredRow(long index, String payloadType, byte[] payload, String timestamp) {}

    /** The next page after the last index read; empty at the end. */
    Page next(DSLContext db, int size) {
        List<StoredRow> rows = db.select(INDEX, TYPE, PAYLOAD, TIMESTAMP)
                .from(ENTRY)
                .where(INDEX.gt(last))
                .orderBy(INDEX)
                .limit(size)
                .fetch(Records.mapping(StoredRow::new));
        for (StoredRow row : rows) {
            long index = row.index();
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
        List<StoredRow> rows = db.select(INDEX, TYPE, PAYLOAD, TIMESTAMP)
                .from(ENTRY)
                .where(INDEX.gt(last))
                .or(gaps.isEmpty() ? DSL.falseCondition() : INDEX.in(gaps))
                .orderBy(INDEX)
                .fetch(Records.mapping(StoredRow::new));
        rows.forEach(row -> {
            gaps.remove(row.index());
            last = Math.max(last, row.index());
        });
        return decode(rows);
    }

    private Page decode(List<StoredRow> rows) {
        List<Recorded> events = new ArrayList<>(rows.size());
        for (StoredRow row : rows) {
            String payloadType = row.payloadType();
            Class<? extends Record> type =
                    PublishedEvents.typeNamed(payloadType.substring(payloadType.lastIndexOf('.') + 1));
            if (type == null || !type.getName().equals(payloadType)) {
                continue;
            }
            try {
                events.add(new Recorded(payloads.readValue(row.payload(), type), Instant.parse(row.timestamp())));
            } catch (IOException e) {
                throw new IllegalStateException(
                        "stored event #" + row.index() + " (" + type.getSimpleName() + ") cannot be read: "
                                + e.getMessage(),
                        e);
            }
        }
        return new Page(rows.size(), events);
    }

    /** One read: how many stored events it covered, and the published ones among them. */
    record Page(int stored, List<Recorded> published) {}
}
