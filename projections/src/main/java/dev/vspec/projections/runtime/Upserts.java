package dev.vspec.projections.runtime;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.InsertOnDuplicateSetMoreStep;
import org.jooq.TableField;
import org.jooq.TableRecord;
import org.jooq.impl.DSL;

/** jOOQ upserts of whole rows, the idempotent write every projection is built from. */
public final class Upserts {

    private Upserts() {
    }

    /**
     * {@code INSERT ... ON CONFLICT (key) DO UPDATE SET} every other column to the new row's value,
     * nulls included.
     */
    @SafeVarargs
    public static <R extends TableRecord<R>> InsertOnDuplicateSetMoreStep<R> upsert(
            DSLContext db, R row, TableField<R, ?>... key) {
        // A generated record's constructor leaves null columns unchanged, and set(record) would skip them.
        row.changed(true);
        List<Field<?>> keyFields = List.of(key);
        Map<Field<?>, Field<?>> others = new LinkedHashMap<>();
        for (Field<?> field : row.getTable().fields()) {
            if (!keyFields.contains(field)) {
                others.put(field, DSL.excluded(field));
            }
        }
        return db.insertInto(row.getTable()).set(row).onConflict(key).doUpdate().set(others);
    }

    /** Upserts rows in one JDBC batch: one round trip for a whole list. */
    @SafeVarargs
    public static <R extends TableRecord<R>> void upsertAll(DSLContext db, List<R> rows, TableField<R, ?>... key) {
        if (!rows.isEmpty()) {
            db.batch(rows.stream().map(row -> upsert(db, row, key)).toList()).execute();
        }
    }

    /**
     * Replaces the rows of one owner (a configuration by its config_key, a vehicle by its VIN) with
     * one row per item of an event's complete list: the rows whose {@code ownerColumn} is
     * {@code owner} go, the new ones are upserted in one batch (an item listed twice keeps its
     * last entry).
     */
    @SafeVarargs
    public static <T, R extends TableRecord<R>> void replaceRows(
            DSLContext db, TableField<R, String> ownerColumn, String owner, List<T> items, Row<T, R> row,
            TableField<R, ?>... rowKey) {
        db.deleteFrom(ownerColumn.getTable()).where(ownerColumn.eq(owner)).execute();
        List<R> rows = new ArrayList<>(items.size());
        for (int position = 0; position < items.size(); position++) {
            rows.add(row.of(position, items.get(position)));
        }
        upsertAll(db, rows, rowKey);
    }

    /** The row of one list item at its position in the list. */
    @FunctionalInterface
    public interface Row<T, R> {
        R of(int position, T item);
    }
}
