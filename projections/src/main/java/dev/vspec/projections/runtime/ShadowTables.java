package dev.vspec.projections.runtime;

import static org.jooq.impl.DSL.name;

import java.util.ArrayList;
import java.util.List;
import org.jooq.DSLContext;
import org.jooq.Name;
import org.jooq.Record;
import org.jooq.Table;
import org.jooq.impl.DSL;

/**
 * The schema {@value #SCHEMA}, where a rebuild writes its copies of read tables before swapping them
 * in. A copy has the live table's columns, defaults, checks, storage options and, under their live
 * names, its primary and unique keys (which the handlers' upserts need); its other indexes are built
 * after the load, under their live names too, so a swapped-in table is indistinguishable from a
 * migrated one and later migrations find what they expect. The rebuild benchmark loads the same
 * copies with COPY as its yardstick.
 */
public final class ShadowTables {

    public static final String SCHEMA = "rebuild";
    public static final String LIVE_SCHEMA = "read";

    private ShadowTables() {}

    /** Drops whatever an earlier (perhaps killed) rebuild left and creates empty copies of {@code tables}. */
    public static void create(DSLContext db, List<Table<?>> tables) {
        db.execute("DROP SCHEMA IF EXISTS {0} CASCADE", name(SCHEMA));
        db.execute("CREATE SCHEMA {0}", name(SCHEMA));
        List<String> copied =
                new ArrayList<>(tables.stream().map(Table::getName).toList());
        // the rebuild's own bookkeeping, in the same shape the runtime writes it
        copied.add("projection_offset");
        copied.add("projection_reject");
        for (String table : copied) {
            Name live = name(LIVE_SCHEMA, table);
            Name shadow = name(SCHEMA, table);
            db.execute(
                    "CREATE TABLE {0} (LIKE {1} INCLUDING DEFAULTS INCLUDING CONSTRAINTS INCLUDING STORAGE "
                            + "INCLUDING COMMENTS INCLUDING GENERATED INCLUDING IDENTITY)",
                    shadow, live);
            for (Record key : db.fetch(
                    "SELECT conname, pg_get_constraintdef(oid) AS def FROM pg_constraint "
                            + "WHERE conrelid = {0}::regclass AND contype IN ('p', 'u') ORDER BY conname",
                    qualified(live))) {
                db.execute(
                        "ALTER TABLE {0} ADD CONSTRAINT {1} " + key.get("def", String.class),
                        shadow,
                        name(key.get("conname", String.class)));
            }
            Object options = db.fetchValue(
                    "SELECT array_to_string(reloptions, ', ') FROM pg_class " + "WHERE oid = {0}::regclass",
                    qualified(live));
            if (options != null && !options.toString().isEmpty()) {
                db.execute("ALTER TABLE {0} SET (" + options + ")", shadow);
            }
        }
    }

    /** Builds the live tables' other indexes on the loaded copies, then refreshes the planner's statistics. */
    public static void index(DSLContext db, List<Table<?>> tables) {
        for (Table<?> table : tables) {
            Name live = name(LIVE_SCHEMA, table.getName());
            for (String definition : db
                    .fetchValues(
                            "SELECT pg_get_indexdef(i.indexrelid) FROM pg_index i "
                                    + "WHERE i.indrelid = {0}::regclass AND NOT EXISTS "
                                    + "(SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid) ORDER BY 1",
                            qualified(live))
                    .stream()
                    .map(String.class::cast)
                    .toList()) {
                db.execute(onShadow(definition, table.getName()));
            }
        }
        analyze(db, tables);
    }

    /**
     * Refreshes the planner's statistics of the copies: without any, it takes them for empty and
     * scans them whole for the handlers' lookups, which grows with the square of their size.
     */
    static void analyze(DSLContext db, List<Table<?>> tables) {
        PlannerStatistics.analyze(
                db,
                tables.stream()
                        .map(table -> DSL.table(name(SCHEMA, table.getName())))
                        .toList());
    }

    /**
     * Replaces each live table by its copy, keeping the live table's triggers and grants (the deployables'
     * roles read and write it by them). Runs in the caller's
     * transaction: readers wait for it on the table's lock and then see the complete new table.
     */
    static void swapIn(DSLContext db, List<Table<?>> tables) {
        for (Table<?> table : tables) {
            Name live = name(LIVE_SCHEMA, table.getName());
            List<String> triggers = db
                    .fetchValues(
                            "SELECT pg_get_triggerdef(oid) FROM pg_trigger "
                                    + "WHERE tgrelid = {0}::regclass AND NOT tgisinternal ORDER BY tgname",
                            qualified(live))
                    .stream()
                    .map(String.class::cast)
                    .toList();
            List<String> grants = grantsOn(db, live);
            db.execute("DROP TABLE {0}", live);
            db.execute("ALTER TABLE {0} SET SCHEMA {1}", name(SCHEMA, table.getName()), name(LIVE_SCHEMA));
            triggers.forEach(db::execute);
            grants.forEach(db::execute);
        }
    }

    /** The GRANT statements that give others what they hold on {@code table} (its owner's own rights aside). */
    static List<String> grantsOn(DSLContext db, Name table) {
        return db
                .fetchValues(
                        "SELECT format('GRANT %s ON %s TO %s', privilege_type, {0}, grantee::regrole)"
                                + " FROM (SELECT (aclexplode(relacl)).* FROM pg_class WHERE oid = {0}::regclass) acl"
                                + " WHERE grantee <> 0 AND grantee <> (SELECT relowner FROM pg_class"
                                + " WHERE oid = {0}::regclass) ORDER BY 1",
                        qualified(table))
                .stream()
                .map(String.class::cast)
                .toList();
    }

    /** Drops the schema with every copy in it. */
    public static void drop(DSLContext db) {
        db.execute("DROP SCHEMA IF EXISTS {0} CASCADE", name(SCHEMA));
    }

    /** An index definition of a live table, pointed at its copy. */
    static String onShadow(String definition, String table) {
        String live = " ON " + LIVE_SCHEMA + "." + table + " ";
        int at = definition.indexOf(live);
        if (at < 0) {
            throw new IllegalStateException(
                    "unexpected index definition on " + LIVE_SCHEMA + "." + table + ": " + definition);
        }
        return definition.substring(0, at) + " ON " + SCHEMA + "." + table + " "
                + definition.substring(at + live.length());
    }

    private static String qualified(Name table) {
        return table.first() + "." + table.last();
    }
}
