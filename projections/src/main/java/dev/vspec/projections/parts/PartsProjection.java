package dev.vspec.projections.parts;

import static dev.vspec.projections.runtime.Upserts.replaceRows;
import static dev.vspec.projections.runtime.Upserts.upsert;
import static dev.vspec.projections.runtime.Upserts.upsertRanked;
import static dev.vspec.projections.runtime.Upserts.upsertRows;
import static dev.vspec.storage.jooq.read.Tables.PART;
import static dev.vspec.storage.jooq.read.Tables.PARTS_DOCUMENT;
import static dev.vspec.storage.jooq.read.Tables.PART_PRICE_HISTORY;

import dev.vspec.contracts.catalog.FactSource;
import dev.vspec.contracts.catalog.Part;
import dev.vspec.contracts.catalog.PartPriced;
import dev.vspec.contracts.catalog.PartsRecorded;
import dev.vspec.projections.runtime.EventHandlers;
import dev.vspec.projections.runtime.Projection;
import dev.vspec.projections.runtime.Recorded;
import dev.vspec.readmodel.GroupDocument;
import dev.vspec.readmodel.PartView;
import dev.vspec.readmodel.Provenance;
import dev.vspec.storage.jooq.read.tables.records.PartPriceHistoryRecord;
import dev.vspec.storage.jooq.read.tables.records.PartRecord;
import dev.vspec.storage.jooq.read.tables.records.PartsDocumentRecord;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.Query;
import org.jooq.Table;
import org.jooq.TableField;
import org.jooq.impl.DSL;

/**
 * {@code read.parts_document}: a configuration's parts, each with its dated prices, rendered. The
 * document depends on the parts list and on every price, which arrive as separate events, so the
 * projection keeps both in its own tables, {@code read.part} (the list) and
 * {@code read.part_price_history} (every dated price), and renders the document again from them
 * once per batch for every configuration the batch changed, in the same transaction (a catalog
 * import prices a configuration's parts in a run of events; rendering after each of them would
 * write its document as many times).
 *
 * <p>A parts list from a source of lower precedence than the held list's does not replace it; the
 * document row keeps the held list's source, claimed by the list's event before the document is
 * rendered. A price from a source of lower precedence does not replace the held amount of the same
 * (part, currency, date).
 *
 * <p>The row's {@code recorded_at} is the list's (its provenance); {@code changed_at}, set with the
 * body, is when the body last changed: the later of that and the latest recorded price of a part
 * the list holds, which the answer's Last-Modified says.
 */
public class PartsProjection implements Projection {

    @Override
    public String name() {
        return "parts";
    }

    @Override
    public List<Table<?>> tables() {
        return List.of(PART, PART_PRICE_HISTORY, PARTS_DOCUMENT);
    }

    @Override
    public EventHandlers handlers() {
        return EventHandlers.builder()
                .on(PartsRecorded.class, this::on)
                .on(PartPriced.class, this::on)
                .setBased(this::onAll)
                .afterBatch(PartsProjection::render)
                .build();
    }

    /**
     * The event carries the complete list, so it replaces the configuration's parts, unless the held
     * list came from a source of higher precedence. Prices stay: they accumulate independently of the
     * list. A part number listed twice keeps its last entry.
     */
    void on(DSLContext db, PartsRecorded e, Instant at) {
        Provenance provenance = Provenance.of(e.source(), at);
        Short held = db.select(PARTS_DOCUMENT.SOURCE_RANK)
                .from(PARTS_DOCUMENT)
                .where(PARTS_DOCUMENT.CONFIG_KEY.eq(e.configKey()))
                .fetchOne(PARTS_DOCUMENT.SOURCE_RANK);
        if (held != null && held > provenance.rank()) {
            return;
        }
        upsertRows(db, PARTS_DOCUMENT, List.of(claim(e.configKey(), provenance)), PARTS_DOCUMENT.CONFIG_KEY);
        replaceRows(
                db,
                PART.CONFIG_KEY,
                e.configKey(),
                e.parts(),
                (i, p) -> partRow(e.configKey(), i, p),
                PART.CONFIG_KEY,
                PART.PART_NUMBER);
    }

    /** Prices may be recorded out of date order; the document orders them by date whatever the order. */
    void on(DSLContext db, PartPriced e, Instant at) {
        upsert(db, priceRow(e, at), PRICE_KEY)
                .where(PART_PRICE_HISTORY.SOURCE_RANK.le(DSL.excluded(PART_PRICE_HISTORY.SOURCE_RANK)))
                .execute();
    }

    /**
     * The handlers above for a whole batch, in a few statements: of each configuration's lists only
     * the last counts (it replaces the others), and prices are upserted together (a price recorded
     * twice keeps its last amount). Lists and prices are independent, so their order between each
     * other does not matter.
     */
    void onAll(DSLContext db, List<Recorded> events) {
        Map<String, Recorded> winners = new LinkedHashMap<>();
        List<PartPriceHistoryRecord> prices = new ArrayList<>();
        for (Recorded recorded : events) {
            if (recorded.event() instanceof PartsRecorded list) {
                winners.merge(
                        list.configKey(),
                        recorded,
                        (earlier, later) -> rankOf(later) >= rankOf(earlier) ? later : earlier);
            } else {
                prices.add(priceRow((PartPriced) recorded.event(), recorded.at()));
            }
        }
        if (!winners.isEmpty()) {
            Map<String, Short> held = db.select(PARTS_DOCUMENT.CONFIG_KEY, PARTS_DOCUMENT.SOURCE_RANK)
                    .from(PARTS_DOCUMENT)
                    .where(PARTS_DOCUMENT.CONFIG_KEY.eq(DSL.any(winners.keySet().toArray(String[]::new))))
                    .fetchMap(PARTS_DOCUMENT.CONFIG_KEY, PARTS_DOCUMENT.SOURCE_RANK);
            winners.values().removeIf(recorded -> {
                Short rank = held.get(((PartsRecorded) recorded.event()).configKey());
                return rank != null && rank > rankOf(recorded);
            });
        }
        if (!winners.isEmpty()) {
            List<PartsDocumentRecord> claims = new ArrayList<>();
            List<PartRecord> rows = new ArrayList<>();
            for (Recorded recorded : winners.values()) {
                PartsRecorded list = (PartsRecorded) recorded.event();
                claims.add(claim(list.configKey(), Provenance.of(list.source(), recorded.at())));
                for (int position = 0; position < list.parts().size(); position++) {
                    rows.add(partRow(list.configKey(), position, list.parts().get(position)));
                }
            }
            upsertRows(db, PARTS_DOCUMENT, claims, PARTS_DOCUMENT.CONFIG_KEY);
            db.deleteFrom(PART)
                    .where(PART.CONFIG_KEY.eq(DSL.any(winners.keySet().toArray(String[]::new))))
                    .execute();
            upsertRows(db, PART, rows, PART.CONFIG_KEY, PART.PART_NUMBER);
        }
        upsertRanked(db, PART_PRICE_HISTORY, prices, PART_PRICE_HISTORY.SOURCE_RANK, PRICE_KEY);
    }

    private static int rankOf(Recorded list) {
        return FactSource.precedenceOf(((PartsRecorded) list.event()).source());
    }

    /**
     * The document row with the list's source: its body and change time are rendered after the batch
     * ({@link #render}), in the same transaction, so the empty body and the list's time written here are never read.
     */
    private static PartsDocumentRecord claim(String configKey, Provenance provenance) {
        return new PartsDocumentRecord(
                configKey,
                GroupDocument.PARTS.empty(),
                provenance.source(),
                provenance.rank(),
                provenance.recordedAt(),
                provenance.recordedAt());
    }

    @SuppressWarnings("unchecked")
    private static final TableField<PartPriceHistoryRecord, ?>[] PRICE_KEY = new TableField[] {
        PART_PRICE_HISTORY.CONFIG_KEY,
        PART_PRICE_HISTORY.PART_NUMBER,
        PART_PRICE_HISTORY.CURRENCY,
        PART_PRICE_HISTORY.AS_OF
    };

    private static PartRecord partRow(String configKey, int position, Part p) {
        return new PartRecord(
                configKey, p.partNumber(), position, p.name(), p.category(), p.brand(), p.quantity(), p.service());
    }

    private static PartPriceHistoryRecord priceRow(PartPriced e, Instant at) {
        Provenance provenance = Provenance.of(e.source(), at);
        return new PartPriceHistoryRecord(
                e.configKey(),
                e.partNumber(),
                e.asOf(),
                e.currency(),
                e.amount(),
                provenance.source(),
                provenance.rank(),
                provenance.recordedAt());
    }

    /** Configurations whose documents are rendered from one pair of queries. */
    private static final int RENDER_CHUNK = 1_000;

    /**
     * The document of every configuration the batch's events changed, each rendered once, from the
     * rows of a chunk of configurations read in two queries rather than two per configuration.
     */
    private static void render(DSLContext db, List<Recorded> applied) {
        Set<String> changed = new LinkedHashSet<>();
        for (Recorded recorded : applied) {
            Object event = recorded.event();
            changed.add(event instanceof PartsRecorded parts ? parts.configKey() : ((PartPriced) event).configKey());
        }
        List<String> keys = List.copyOf(changed);
        for (int from = 0; from < keys.size(); from += RENDER_CHUNK) {
            renderChunk(db, keys.subList(from, Math.min(keys.size(), from + RENDER_CHUNK)));
        }
    }

    /**
     * The configurations' documents from the rows as they now are (amounts as the table rounded them):
     * the bodies of the documents their lists claimed, with when they last changed; a configuration
     * priced without a list has none.
     */
    private static void renderChunk(DSLContext db, List<String> configKeys) {
        Map<String, List<Part>> parts = db.selectFrom(PART)
                .where(PART.CONFIG_KEY.in(configKeys))
                .orderBy(PART.CONFIG_KEY, PART.POSITION)
                .fetchGroups(
                        PART.CONFIG_KEY,
                        r -> new Part(
                                r.getPartNumber(),
                                r.getName(),
                                r.getCategory(),
                                r.getBrand(),
                                r.getQuantity(),
                                r.getService()));
        Map<String, List<PartPriceHistoryRecord>> prices = db.selectFrom(PART_PRICE_HISTORY)
                .where(PART_PRICE_HISTORY.CONFIG_KEY.in(configKeys))
                .fetchGroups(PART_PRICE_HISTORY.CONFIG_KEY, price -> price);
        List<Query> updates = new ArrayList<>(configKeys.size());
        for (String configKey : configKeys) {
            List<Part> listed = parts.getOrDefault(configKey, List.of());
            List<PartPriceHistoryRecord> priced = prices.getOrDefault(configKey, List.of());
            String body = GroupDocument.PARTS.render(PartView.of(
                    listed,
                    priced.stream()
                            .map(r -> new PartPriced(
                                    r.getConfigKey(),
                                    r.getPartNumber(),
                                    r.getAmount(),
                                    r.getCurrency(),
                                    r.getAsOf(),
                                    null))
                            .toList()));
            updates.add(db.update(PARTS_DOCUMENT)
                    .set(PARTS_DOCUMENT.BODY, body)
                    .set(PARTS_DOCUMENT.CHANGED_AT, changedAt(listed, priced))
                    .where(PARTS_DOCUMENT.CONFIG_KEY.eq(configKey)));
        }
        db.batch(updates).execute();
    }

    /**
     * When a body rendered from these rows last changed: when its list was recorded (the row's
     * {@code recorded_at}), or when a price of a part it lists was, if later. A price of a part it
     * does not list is not in the body.
     */
    private static Field<OffsetDateTime> changedAt(List<Part> listed, List<PartPriceHistoryRecord> prices) {
        Set<String> partNumbers = new HashSet<>();
        listed.forEach(part -> partNumbers.add(part.partNumber()));
        return prices.stream()
                .filter(price -> partNumbers.contains(price.getPartNumber()))
                .map(PartPriceHistoryRecord::getRecordedAt)
                .max(Comparator.naturalOrder())
                .<Field<OffsetDateTime>>map(latest -> DSL.greatest(PARTS_DOCUMENT.RECORDED_AT, DSL.val(latest)))
                .orElse(PARTS_DOCUMENT.RECORDED_AT);
    }
}
