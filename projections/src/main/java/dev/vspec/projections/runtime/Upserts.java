package dev.vspec.projections.runtime;

import dev.vspec.readmodel.GroupDocument;
import dev.vspec.readmodel.Provenance;
import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.InsertOnDuplicateSetMoreStep;
import org.jooq.Table;
import org.jooq.TableField;
import org.jooq.TableRecord;
import org.jooq.impl.DSL;

/** jOOQ upserts of whole rows, the idempotent write every projection is built from. */
public final class Upserts {

    private Upserts() {}

    /** Rows a set-based upsert sends in one statement; bounds the size of its array parameters. */
    private static final int ROWS_PER_STATEMENT = 10_000;

    /**
     * {@code INSERT ... ON CONFLICT (key) DO UPDATE SET} every other column to the new row's value,
     * nulls included.
     */
    @SafeVarargs
    public static <R extends TableRecord<R>> InsertOnDuplicateSetMoreStep<R> upsert(
            DSLContext db, R row, TableField<R, ?>... key) {
        // A generated record's constructor leaves null columns unchanged, and set(record) would skip them.
        row.changed(true);
        return db.insertInto(row.getTable())
                .set(row)
                .onConflict(key)
                .doUpdate()
                .set(excludedOthers(row.getTable(), key));
    }

    /**
     * Upserts rows as {@link #upsert} does one by one, in order, but set-based: one statement per
     * {@value #ROWS_PER_STATEMENT} rows, which unnests one array parameter per column. Of rows with
     * the same key the last one is kept, as consecutive upserts would leave it (PostgreSQL refuses
     * to update one row twice in a statement).
     */
    @SafeVarargs
    public static <R extends TableRecord<R>> void upsertRows(
            DSLContext db, Table<R> table, Collection<R> rows, TableField<R, ?>... key) {
        upsertRanked(db, table, rows, null, key);
    }

    /**
     * As {@link #upsertRows}, but a row replaces a stored one, or an earlier row of the same key, only
     * when its {@code rank} (a source's precedence) is at least theirs, as one-by-one upserts
     * with {@code WHERE rank <= excluded.rank} would leave the table; a null rank ranks nothing.
     */
    @SafeVarargs
    public static <R extends TableRecord<R>> void upsertRanked(
            DSLContext db, Table<R> table, Collection<R> rows, TableField<R, Short> rank, TableField<R, ?>... key) {
        Map<List<Object>, R> lastByKey = new LinkedHashMap<>();
        for (R row : rows) {
            List<Object> keyValues = new ArrayList<>(key.length);
            for (TableField<R, ?> field : key) {
                keyValues.add(row.get(field));
            }
            lastByKey.merge(
                    keyValues,
                    row,
                    (earlier, later) -> rank == null || later.get(rank) >= earlier.get(rank) ? later : earlier);
        }
        List<R> distinct = List.copyOf(lastByKey.values());
        Field<?>[] columns = table.fields();
        Map<Field<?>, Field<?>> others = excludedOthers(table, key);
        for (int from = 0; from < distinct.size(); from += ROWS_PER_STATEMENT) {
            List<R> chunk = distinct.subList(from, Math.min(distinct.size(), from + ROWS_PER_STATEMENT));
            List<Field<?>> arrays = new ArrayList<>(columns.length);
            for (Field<?> column : columns) {
                arrays.add(valuesOf(column, chunk));
            }
            var insert = db.insertInto(table, columns)
                    .select(DSL.select(DSL.asterisk()).from(DSL.table("unnest({0})", DSL.list(arrays))))
                    .onConflict(key);
            if (others.isEmpty()) {
                insert.doNothing().execute();
            } else if (rank == null) {
                insert.doUpdate().set(others).execute();
            } else {
                insert.doUpdate().set(others).where(rank.le(DSL.excluded(rank))).execute();
            }
        }
    }

    /** A rendered document with where its value came from. */
    public record Document(String body, Provenance provenance) {}

    /**
     * Stores rendered documents of a data group, one per configuration, as {@link GroupDocument#write}
     * does one by one: the document of each config_key replaced unless it came from a source of higher precedence.
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    public static void upsertDocuments(DSLContext db, GroupDocument<?> document, Map<String, Document> documents) {
        Table table = document.table();
        List<TableRecord> rows = new ArrayList<>(documents.size());
        documents.forEach((configKey, rendered) -> {
            TableRecord row = (TableRecord) table.newRecord();
            row.set(document.configKey(), configKey);
            row.set(document.body(), rendered.body());
            row.set(document.source(), rendered.provenance().source());
            row.set(document.rank(), rendered.provenance().rank());
            row.set(document.recordedAt(), rendered.provenance().recordedAt());
            rows.add(row);
        });
        upsertRanked(db, table, rows, (TableField) document.rank(), (TableField) document.configKey());
    }

    /**
     * One column's values of the rows, as an array parameter typed by their Java type alone
     * ({@code varchar[]}, not the column's {@code varchar(17)[]}): an explicit cast to a length
     * would silently cut a value that is too long, where the insert refuses it as a one-row upsert does.
     */
    @SuppressWarnings("unchecked")
    private static <T> Field<T[]> valuesOf(Field<T> column, List<? extends TableRecord<?>> rows) {
        T[] values = (T[]) Array.newInstance(column.getType(), rows.size());
        for (int i = 0; i < values.length; i++) {
            values[i] = rows.get(i).get(column);
        }
        return DSL.val(values);
    }

    /** {@code SET column = excluded.column} for every column outside the key. */
    private static Map<Field<?>, Field<?>> excludedOthers(Table<?> table, TableField<?, ?>[] key) {
        List<Field<?>> keyFields = List.of(key);
        Map<Field<?>, Field<?>> others = new LinkedHashMap<>();
        for (Field<?> field : table.fields()) {
            if (!keyFields.contains(field)) {
                others.put(field, DSL.excluded(field));
            }
        }
        return others;
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
            DSLContext db,
            TableField<R, String> ownerColumn,
            String owner,
            List<T> items,
            Row<T, R> row,
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
