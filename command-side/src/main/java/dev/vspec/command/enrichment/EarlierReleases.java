package dev.vspec.command.enrichment;

import static dev.vspec.storage.jooq.command.Tables.LINKED_VIN;
import static dev.vspec.storage.jooq.command.Tables.REGISTERED_CONFIGURATION;

import dev.vspec.command.catalog.VehicleDescriptors;
import dev.vspec.contracts.catalog.FactSource;
import dev.vspec.contracts.identity.Vin;
import java.util.List;
import java.util.Optional;
import org.jooq.DSLContext;

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

    /** Nothing is held from an earlier release (in tests without a database). */
    EarlierReleases NONE = (vin, newKey, release) -> Optional.empty();

    /**
     * The one configuration an earlier vPIC release registered for VINs with {@code vin}'s descriptor,
     * when {@code release} derives {@code newKey} for it and no configuration holds that key; else empty.
     */
    Optional<String> heldAs(Vin vin, String newKey, FactSource release);

    /**
     * Asks the command side's own tables ({@link VehicleDescriptors}), which hold every registered configuration with
     * its source and every linked VIN with its descriptor, as the events stored so far say.
     */
    static EarlierReleases inCommandTables(DSLContext db) {
        return (vin, newKey, release) -> {
            if (db.fetchExists(REGISTERED_CONFIGURATION, REGISTERED_CONFIGURATION.CONFIG_KEY.eq(newKey))) {
                return Optional.empty();
            }
            List<String> held = db.selectDistinct(LINKED_VIN.CONFIG_KEY)
                    .from(LINKED_VIN)
                    .join(REGISTERED_CONFIGURATION)
                    .on(REGISTERED_CONFIGURATION.CONFIG_KEY.eq(LINKED_VIN.CONFIG_KEY))
                    .where(LINKED_VIN.DESCRIPTOR.eq(VehicleDescriptors.descriptorOf(vin)))
                    .and(REGISTERED_CONFIGURATION.SOURCE_KIND.eq(FactSource.VPIC))
                    .and(REGISTERED_CONFIGURATION.SOURCE_SHA256.isDistinctFrom(release.sha256()))
                    .limit(2)
                    .fetch(LINKED_VIN.CONFIG_KEY);
            return held.size() == 1 ? Optional.of(held.get(0)) : Optional.empty();
        };
    }
}
