package dev.vspec.command.catalog;

import dev.vspec.contracts.catalog.CatalogCommand;
import dev.vspec.contracts.catalog.FactSource;
import dev.vspec.contracts.catalog.RecordSpecs;
import dev.vspec.contracts.catalog.RegisterConfiguration;
import dev.vspec.contracts.catalog.SpecItem;
import dev.vspec.decoder.CatalogIdentity;
import dev.vspec.decoder.VinDecoding;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.StringJoiner;

/**
 * What NHTSA's vPIC says of a decoded VIN, as catalog facts: the configuration's identity and the
 * specifications vPIC carries (body, doors, GVWR class, engine, fuel, electrification, drive type,
 * plant), each stamped with the release that decoded them. Values vPIC does not give are left out
 * of the spec sheet, never written as empty.
 */
public record VpicFacts(CatalogIdentity identity, List<SpecItem> specs, FactSource source) {

    public VpicFacts {
        specs = List.copyOf(specs);
    }

    /** The facts of a decode, or empty when it names no configuration (no model, or no engine code). */
    public static Optional<VpicFacts> of(VinDecoding decoding) {
        return CatalogIdentity.of(decoding)
                .map(identity -> new VpicFacts(
                        identity,
                        specSheet(decoding),
                        FactSource.vpic(
                                decoding.release().dataDate().toString(),
                                decoding.release().sha256())));
    }

    public String configKey() {
        return identity.configKey();
    }

    public RegisterConfiguration registration() {
        return new RegisterConfiguration(
                configKey(),
                identity.year(),
                identity.make(),
                identity.model(),
                identity.trim(),
                identity.engineCode(),
                identity.drivetrain(),
                identity.label(),
                source);
    }

    /** The commands that record these facts in the catalog: the registration, then the spec sheet where there is one. */
    public List<CatalogCommand> commands() {
        List<CatalogCommand> commands = new ArrayList<>(2);
        commands.add(registration());
        specSheet().ifPresent(commands::add);
        return commands;
    }

    /** The spec sheet, or empty when vPIC decoded none of its values. */
    public Optional<RecordSpecs> specSheet() {
        return specs.isEmpty() ? Optional.empty() : Optional.of(new RecordSpecs(configKey(), specs, source));
    }

    private static List<SpecItem> specSheet(VinDecoding d) {
        List<SpecItem> items = new ArrayList<>();
        SpecItem.addStated(items, "body", "class", d.bodyClass(), null);
        SpecItem.addStated(items, "body", "doors", d.doors(), null);
        SpecItem.addStated(items, "body", "vehicle_type", d.vehicleType(), null);
        SpecItem.addStated(items, "weights", "gvwr_class", d.gvwr(), null);
        SpecItem.addStated(items, "engine", "displacement", d.displacementL(), "L");
        SpecItem.addStated(items, "engine", "displacement", d.displacementCc(), "cc");
        SpecItem.addStated(items, "engine", "cylinders", d.cylinders(), null);
        SpecItem.addStated(items, "engine", "configuration", d.engineConfiguration(), null);
        SpecItem.addStated(items, "engine", "model", d.engineModel(), null);
        SpecItem.addStated(items, "engine", "manufacturer", d.engineManufacturer(), null);
        SpecItem.addStated(items, "engine", "turbo", d.turbo(), null);
        SpecItem.addStated(items, "engine", "electrification", d.electrification(), null);
        SpecItem.addStated(items, "fuel", "fuel_type", d.fuelType(), null);
        SpecItem.addStated(items, "fuel", "fuel_type_secondary", d.fuelTypeSecondary(), null);
        SpecItem.addStated(items, "drivetrain", "drive_type", d.driveType(), null);
        SpecItem.addStated(items, "manufacturing", "plant", plant(d.plant()), null);
        return items;
    }

    private static String plant(VinDecoding.Plant plant) {
        if (plant == null) {
            return null;
        }
        StringJoiner where = new StringJoiner(", ");
        for (String part : new String[] {plant.city(), plant.state(), plant.country()}) {
            if (part != null && !part.isBlank()) {
                where.add(part.strip());
            }
        }
        return where.length() == 0 ? null : where.toString();
    }
}
