package dev.vspec.query.lookup;

import dev.vspec.query.vehicle.LastChange;
import dev.vspec.query.vehicle.Vehicle;
import org.jspecify.annotations.Nullable;

/**
 * A model year, make and model as an identifier names them, whether or not a configuration is held: what data kept
 * per model (NHTSA's recalls) is found by.
 *
 * @param identifiedBy {@code configuration} (a config_key, or a VIN an import or enrichment linked), {@code vin_decode}
 *                     (a VIN nothing links, by the installed vPIC release) or {@code year_make_model} (as sent)
 * @param configKey    the configuration's key when one named it, else null
 * @param picked       when what named it was recorded: the configuration's and its link's times, unknown for a decode,
 *                     nothing for a year, make and model as sent
 */
public record NamedModel(
        int year,
        String make,
        String model,
        String identifiedBy,
        @Nullable String configKey,
        LastChange picked) {

    static NamedModel of(Vehicle vehicle, LastChange picked) {
        return new NamedModel(
                vehicle.year(), vehicle.make(), vehicle.model(), "configuration", vehicle.configKey(), picked);
    }
}
