package dev.vspec.command.enrichment;

import static dev.vspec.storage.jooq.read.Tables.CONFIGURATION;
import static dev.vspec.storage.jooq.read.Tables.VIN;

import dev.vspec.contracts.catalog.FactSource;
import dev.vspec.contracts.identity.Vin;
import java.util.List;
import java.util.Optional;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.impl.DSL;

/**
 * Where the catalog holds a vehicle under the config_key an earlier vPIC release derived, so that a
 * newer release deriving another key for it (a renamed trim, a series or engine model it now decodes)
 * adds an alias instead of a second configuration of the same vehicle.
 *
 * <p>Two VINs are of the same vehicle when their descriptors are equal: positions 1-8 and 10, all that
 * vPIC's patterns read for these vehicles (9 is the check digit, 11-17 plant and serial). Only
 * configurations registered from vPIC count, and only from another release: under one release, two keys
 * for one descriptor are two vehicles its patterns tell apart by other positions, and a vendor's or an
 * operator's configuration may be finer than the descriptor.
 */
@FunctionalInterface
interface EarlierReleases {

    /** Nothing is held from an earlier release (a catalog without read tables, in tests). */
    EarlierReleases NONE = (vin, newKey, release) -> Optional.empty();

    /**
     * The one configuration an earlier vPIC release registered for VINs with {@code vin}'s descriptor,
     * when {@code release} derives {@code newKey} for it and no configuration holds that key; else empty.
     */
    Optional<String> heldAs(Vin vin, String newKey, FactSource release);

    static String descriptorOf(Vin vin) {
        return vin.value().substring(0, 8) + vin.value().charAt(9);
    }

    /** Asks the read tables, which hold every linked VIN with its configuration and that configuration's source. */
    static EarlierReleases inReadTables(DSLContext db) {
        // the expression of read.vin's vin_descriptor_idx, written as that index is, so the index serves it
        Field<String> descriptor = DSL.field("(substr({0}, 1, 8) || substr({0}, 10, 1))", String.class, VIN.VIN_);
        Field<String> kind = DSL.field("({0}::jsonb ->> 'kind')", String.class, CONFIGURATION.SOURCE);
        Field<String> sha256 = DSL.field("({0}::jsonb ->> 'sha256')", String.class, CONFIGURATION.SOURCE);
        return (vin, newKey, release) -> {
            if (db.fetchExists(CONFIGURATION, CONFIGURATION.CONFIG_KEY.eq(newKey))) {
                return Optional.empty();
            }
            List<String> held = db.selectDistinct(CONFIGURATION.CONFIG_KEY)
                    .from(VIN)
                    .join(CONFIGURATION)
                    .on(CONFIGURATION.CONFIG_KEY.eq(VIN.CONFIG_KEY))
                    .where(descriptor.eq(descriptorOf(vin)))
                    .and(kind.eq(FactSource.VPIC))
                    .and(sha256.isDistinctFrom(release.sha256()))
                    .limit(2)
                    .fetch(CONFIGURATION.CONFIG_KEY);
            return held.size() == 1 ? Optional.of(held.get(0)) : Optional.empty();
        };
    }
}
