package dev.vspec.projections.parts;

import static dev.vspec.infra.jooq.read.Tables.PART;
import static dev.vspec.infra.jooq.read.Tables.PART_PRICE_CURRENT;
import static dev.vspec.infra.jooq.read.Tables.PART_PRICE_HISTORY;
import static dev.vspec.projections.runtime.Upserts.upsert;
import static dev.vspec.projections.runtime.Upserts.replaceRows;

import dev.vspec.contracts.catalog.PartPriced;
import dev.vspec.contracts.catalog.PartsRecorded;
import dev.vspec.infra.jooq.read.tables.records.PartPriceCurrentRecord;
import dev.vspec.infra.jooq.read.tables.records.PartPriceHistoryRecord;
import dev.vspec.infra.jooq.read.tables.records.PartRecord;
import dev.vspec.projections.runtime.EventHandlers;
import dev.vspec.projections.runtime.Projection;
import java.util.List;
import org.jooq.DSLContext;
import org.jooq.Table;
import org.jooq.impl.DSL;
import org.springframework.stereotype.Component;

/**
 * {@code read.part} (the parts list), {@code read.part_price_history} (every dated price) and
 * {@code read.part_price_current} (per part and currency, the price with the latest as_of).
 */
@Component
class PartsProjection implements Projection {

    @Override
    public String name() {
        return "parts";
    }

    @Override
    public List<Table<?>> tables() {
        return List.of(PART, PART_PRICE_HISTORY, PART_PRICE_CURRENT);
    }

    @Override
    public EventHandlers handlers() {
        return EventHandlers.builder()
                .on(PartsRecorded.class, this::on)
                .on(PartPriced.class, this::on)
                .build();
    }

    /**
     * The event carries the complete list, so it replaces the configuration's parts. Prices stay:
     * they accumulate independently of the list. A part number listed twice keeps its last entry.
     */
    void on(DSLContext db, PartsRecorded e) {
        replaceRows(db, PART.CONFIG_KEY, e.configKey(), e.parts(), (i, p) -> new PartRecord(e.configKey(),
                p.partNumber(), i, p.name(), p.category(), p.brand(), p.quantity(), p.service()),
                PART.CONFIG_KEY, PART.PART_NUMBER);
    }

    /**
     * Prices may be recorded out of date order (a back-dated price after a newer one), so the
     * current price only moves to a price whose as_of is not older than its own: applying the
     * aggregate's prices in their topic order always ends with the latest-dated one.
     */
    void on(DSLContext db, PartPriced e) {
        upsert(db, new PartPriceHistoryRecord(e.configKey(), e.partNumber(), e.asOf(), e.currency(), e.amount()),
                PART_PRICE_HISTORY.CONFIG_KEY, PART_PRICE_HISTORY.PART_NUMBER, PART_PRICE_HISTORY.CURRENCY,
                PART_PRICE_HISTORY.AS_OF).execute();
        upsert(db, new PartPriceCurrentRecord(e.configKey(), e.partNumber(), e.currency(), e.asOf(), e.amount()),
                PART_PRICE_CURRENT.CONFIG_KEY, PART_PRICE_CURRENT.PART_NUMBER, PART_PRICE_CURRENT.CURRENCY)
                .where(PART_PRICE_CURRENT.AS_OF.le(DSL.excluded(PART_PRICE_CURRENT.AS_OF)))
                .execute();
    }
}
