package dev.vspec.projections.runtime;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jooq.DSLContext;
import org.jooq.Record;
import org.jooq.Table;

/**
 * A fingerprint of a table's contents that does not depend on row order or physical layout: the
 * row count and the sum of a 64-bit hash of each row's text. Two tables with the same rows have
 * the same fingerprint; one streaming scan, no sort.
 */
public final class TableChecksums {

    private TableChecksums() {}

    /** Each table's fingerprint, e.g. {@code 1042:-8123949012394}, by qualified name. */
    public static Map<String, String> of(DSLContext db, List<? extends Table<?>> tables) {
        Map<String, String> checksums = new LinkedHashMap<>();
        for (Table<?> table : tables) {
            Record row = db.fetchSingle(
                    "SELECT count(*), coalesce(sum(('x' || substr(md5(t::text), 1, 16))::bit(64)::bigint), 0) "
                            + "FROM {0} AS t",
                    table);
            checksums.put(
                    table.getSchema().getName() + "." + table.getName(),
                    row.get(0, Long.class) + ":" + row.get(1, String.class));
        }
        return checksums;
    }
}
