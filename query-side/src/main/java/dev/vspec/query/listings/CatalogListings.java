package dev.vspec.query.listings;

import static dev.vspec.storage.jooq.read.Tables.CONFIGURATION;

import dev.vspec.contracts.identity.VehicleIdentifier;
import dev.vspec.query.listings.Paging.Keyed;
import dev.vspec.query.listings.Paging.Page;
import java.util.List;
import java.util.function.BiFunction;
import org.jooq.Condition;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.Records;
import org.jooq.impl.DSL;
import org.springframework.stereotype.Component;

/**
 * Reads what the catalog holds from {@code read.configuration}, a page at a time in the order of an
 * index (keyset pagination): model years by {@code configuration_year_idx}; makes, models, trims and
 * configurations by {@code configuration_ymm_idx}, which holds the forms YMMT lookups match on, so
 * "HONDA" and "Honda" are one make. An entry shows the name as the read model holds it, makes and models
 * in their one shown form (the least of its spellings, should a trim's differ).
 */
@Component
class CatalogListings {

    /** The sort key of a configuration in a listing: make, model, trim, then its key. */
    static final int CONFIG_KEY_PARTS = 4;

    private final DSLContext db;

    CatalogListings(DSLContext db) {
        this.db = db;
    }

    /** A level of the year, make, model, trim hierarchy: the column entries group by and the one they show. */
    enum Level {
        MAKE(CONFIGURATION.MAKE_MATCH, CONFIGURATION.MAKE),
        MODEL(CONFIGURATION.MODEL_MATCH, CONFIGURATION.MODEL),
        TRIM(CONFIGURATION.TRIM_MATCH, CONFIGURATION.TRIM);

        private final Field<String> match;
        private final Field<String> shown;

        Level(Field<String> match, Field<String> shown) {
            this.match = match;
            this.shown = shown;
        }
    }

    Page<CatalogPages.YearCount> years(Paging paging) {
        Condition after = paging.after() == null
                ? DSL.noCondition()
                : CONFIGURATION.YEAR.gt(Cursor.number(paging.after().get(0)));
        return paging.page(db.select(CONFIGURATION.YEAR, DSL.count())
                .from(CONFIGURATION)
                .where(after)
                .groupBy(CONFIGURATION.YEAR)
                .orderBy(CONFIGURATION.YEAR)
                .limit(paging.rows())
                .fetch(Records.mapping((year, count) ->
                        new Keyed<>(new CatalogPages.YearCount(year, count), List.of(String.valueOf(year))))));
    }

    /**
     * The entries of one level within a year and the levels above it (a make, a make and a model), each
     * with how many configurations it has.
     *
     * @param above the names of the levels above {@code level}, in order from make; matched as YMMT lookups match
     */
    <T> Page<T> level(Level level, int year, List<String> above, Paging paging, BiFunction<String, Integer, T> entry) {
        Condition within = within(year, above);
        if (paging.after() != null) {
            within = within.and(level.match.gt(paging.after().get(0)));
        }
        return paging.page(db.select(level.match, DSL.min(level.shown), DSL.count())
                .from(CONFIGURATION)
                .where(within)
                .groupBy(level.match)
                .orderBy(level.match)
                .limit(paging.rows())
                .fetch(Records.mapping(
                        (match, shown, count) -> new Keyed<>(entry.apply(shown, count), List.of(match)))));
    }

    /** The configurations of a year, or of a year and make, ordered by make, model, trim and key. */
    Page<ListedConfiguration> configurations(int year, List<String> above, Paging paging) {
        Condition within = within(year, above);
        if (paging.after() != null) {
            List<String> after = paging.after();
            within = within.and(DSL.row(
                            CONFIGURATION.MAKE_MATCH,
                            CONFIGURATION.MODEL_MATCH,
                            CONFIGURATION.TRIM_MATCH,
                            CONFIGURATION.CONFIG_KEY)
                    .gt(after.get(0), after.get(1), after.get(2), after.get(3)));
        }
        return paging.page(db.select(
                        CONFIGURATION.CONFIG_KEY,
                        CONFIGURATION.LABEL,
                        CONFIGURATION.YEAR,
                        CONFIGURATION.MAKE,
                        CONFIGURATION.MODEL,
                        CONFIGURATION.TRIM,
                        CONFIGURATION.ENGINE_CODE,
                        CONFIGURATION.DRIVETRAIN,
                        CONFIGURATION.MAKE_MATCH,
                        CONFIGURATION.MODEL_MATCH,
                        CONFIGURATION.TRIM_MATCH)
                .from(CONFIGURATION)
                .where(within)
                .orderBy(
                        CONFIGURATION.MAKE_MATCH,
                        CONFIGURATION.MODEL_MATCH,
                        CONFIGURATION.TRIM_MATCH,
                        CONFIGURATION.CONFIG_KEY)
                .limit(paging.rows())
                .fetch(Records.mapping(CatalogListings::listed)));
    }

    /** A configuration as a listing shows it, keyed as the listing is ordered: by its match columns, then its key. */
    private static Keyed<ListedConfiguration> listed(
            String configKey,
            String label,
            Integer year,
            String make,
            String model,
            String trim,
            String engineCode,
            String drivetrain,
            String makeMatch,
            String modelMatch,
            String trimMatch) {
        return new Keyed<>(
                new ListedConfiguration(configKey, label, year, make, model, trim, engineCode, drivetrain),
                List.of(makeMatch, modelMatch, trimMatch, configKey));
    }

    private static Condition within(int year, List<String> above) {
        Condition within = CONFIGURATION.YEAR.eq(year);
        for (int i = 0; i < above.size(); i++) {
            within = within.and(Level.values()[i].match.eq(VehicleIdentifier.normalize(above.get(i))));
        }
        return within;
    }
}
