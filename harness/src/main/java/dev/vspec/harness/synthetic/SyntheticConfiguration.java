package dev.vspec.harness.synthetic;

import dev.vspec.contracts.catalog.ConfigurationRegistered;
import dev.vspec.contracts.catalog.FactSource;
import dev.vspec.contracts.catalog.Fluid;
import dev.vspec.contracts.catalog.FluidsRecorded;
import dev.vspec.contracts.catalog.SpecItem;
import dev.vspec.contracts.catalog.SpecsRecorded;
import dev.vspec.contracts.catalog.TireFitment;
import dev.vspec.contracts.catalog.TiresRecorded;
import dev.vspec.contracts.identity.ConfigKey;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * One configuration of the synthetic catalog, made from the seed and its index alone. Every four
 * consecutive indexes are the trims Base, Sport, Touring and Limited of one model (same year and
 * body), so year/make/model lookups find several trims. The identity is drawn first and cheaply,
 * since every VIN needs its configuration's; the data groups are drawn only when asked for, the
 * maintenance groups by {@link SyntheticMaintenance}.
 */
final class SyntheticConfiguration {

    static final List<String> TRIMS = List.of("Base", "Sport", "Touring", "Limited");
    static final int FIRST_YEAR = 2012;
    static final int LAST_YEAR = 2025;

    private static final long MODEL_STREAM = 1;
    private static final long CONFIGURATION_STREAM = 2;

    final long seed;
    final int index;
    final int model;
    final int trimSlot;
    final int year;
    final BodyClass body;
    final Engine engine;
    final String drivetrain;
    final Transmission transmission;
    private final Draws draws;

    private SyntheticConfiguration(long seed, int index) {
        this.seed = seed;
        this.index = index;
        this.model = index / TRIMS.size();
        this.trimSlot = index % TRIMS.size();
        Draws modelDraws = new Draws(seed, MODEL_STREAM, model);
        this.year = modelDraws.between(FIRST_YEAR, LAST_YEAR);
        this.body = modelDraws.pick(List.of(BodyClass.values()));
        this.draws = new Draws(seed, CONFIGURATION_STREAM, index);
        this.engine = draws.pick(body.engines);
        this.drivetrain = draws.pick(body.drivetrains);
        this.transmission = Transmission.draw(body, trimSlot, draws);
    }

    static SyntheticConfiguration of(long seed, int index) {
        return new SyntheticConfiguration(seed, index);
    }

    /** What every fact of the synthetic catalog says it came from: the generator and its seed. */
    static FactSource sourceOf(long seed) {
        return FactSource.synthetic("vspec synthetic catalog, seed " + seed);
    }

    FactSource source() {
        return sourceOf(seed);
    }

    String modelName() {
        return String.format(Locale.ROOT, "Model %05d", model);
    }

    String trim() {
        return TRIMS.get(trimSlot);
    }

    String configKey() {
        return ConfigKey.of(year, SyntheticCatalog.MAKE, modelName(), trim(), engine.code(), drivetrain)
                .value();
    }

    /** e.g. {@code 2019 Synthetic Model 00042 Sport 2.0L I4 turbo 8-speed automatic AWD (synthetic data, seed 42)}. */
    String label() {
        return year + " " + SyntheticCatalog.MAKE + " " + modelName() + " " + trim() + " " + engine.describe() + " "
                + transmission.describe() + " " + drivetrain + " (synthetic data, seed " + seed + ")";
    }

    /** The events that record this configuration, in the order the command side would record them. */
    List<Record> events() {
        String key = configKey();
        FactSource source = source();
        List<Record> events = new ArrayList<>();
        events.add(new ConfigurationRegistered(
                key, year, SyntheticCatalog.MAKE, modelName(), trim(), engine.code(), drivetrain, label(), source));
        events.add(new FluidsRecorded(key, fluids(), source));
        events.add(new SpecsRecorded(key, specs(), source));
        events.add(new TiresRecorded(key, tires(), source));
        events.addAll(new SyntheticMaintenance(this, draws).events(key, source));
        return events;
    }

    boolean hasRearDifferential() {
        return !drivetrain.equals("FWD");
    }

    private boolean isFourWheelDrive() {
        return drivetrain.equals("4WD");
    }

    private List<Fluid> fluids() {
        List<Fluid> fluids = new ArrayList<>();
        fluids.add(fluid(
                "engine_oil",
                "API SP / ILSAC GF-6 SAE " + engine.oilViscosity + " full synthetic",
                engine.oilLitres,
                "with filter"));
        fluids.add(fluid(
                "coolant",
                "Long-life OAT antifreeze/coolant, 50/50 premix",
                draws.decimal(body.coolantLow, body.coolantHigh, 1),
                "total, including reservoir"));
        fluids.add(
                switch (transmission.type()) {
                    case "automatic" ->
                        fluid(
                                "transmission",
                                "Full-synthetic low-viscosity automatic transmission fluid",
                                draws.decimal(80, 120, 1),
                                "total fill; drain and refill about half");
                    case "CVT" -> fluid("transmission", "CVT fluid", draws.decimal(35, 75, 1), "drain and refill");
                    default ->
                        fluid(
                                "transmission",
                                "SAE 75W-90 API GL-4 manual transmission fluid",
                                draws.decimal(18, 24, 1),
                                null);
                });
        if (hasRearDifferential()) {
            fluids.add(fluid(
                    "rear_differential",
                    "SAE 75W-85 synthetic hypoid gear oil, API GL-5",
                    draws.decimal(8, 26, 1),
                    "rear axle"));
        }
        if (isFourWheelDrive()) {
            fluids.add(fluid(
                    "front_differential",
                    "SAE 75W-85 synthetic hypoid gear oil, API GL-5",
                    draws.decimal(13, 19, 1),
                    "front axle"));
            fluids.add(
                    fluid("transfer_case", "Transfer case fluid (full-synthetic ATF)", draws.decimal(13, 16, 1), null));
        }
        fluids.add(fluid("brake_fluid", "DOT 4 brake fluid", draws.decimal(9, 12, 1), "approximate system capacity"));
        return fluids;
    }

    private static Fluid fluid(String type, String specification, BigDecimal litres, String notes) {
        return new Fluid(type, specification, litres, Units.usQuarts(litres), notes);
    }

    private List<SpecItem> specs() {
        BigDecimal wheelbase = draws.decimal(body.wheelbaseLow, body.wheelbaseHigh, 1);
        int curbWeight = draws.between(body.curbWeightLow, body.curbWeightHigh) + (engine.cylinders - 4) * 60;
        BigDecimal tank = draws.decimal(body.tankLow, body.tankHigh, 1);
        return List.of(
                new SpecItem("engine", "displacement", engine.displacementLitres.toPlainString(), "L"),
                new SpecItem("engine", "cylinders", Integer.toString(engine.cylinders), null),
                new SpecItem("engine", "layout", engine.layout, null),
                new SpecItem(
                        "engine", "aspiration", engine.turbocharged ? "turbocharged" : "naturally aspirated", null),
                new SpecItem("engine", "power", Integer.toString(engine.horsepower), "hp"),
                new SpecItem("engine", "power", Integer.toString(Units.kilowatts(engine.horsepower)), "kW"),
                new SpecItem("engine", "torque", Integer.toString(engine.torquePoundFeet), "lb-ft"),
                new SpecItem("engine", "torque", Integer.toString(Units.newtonMetres(engine.torquePoundFeet)), "N·m"),
                new SpecItem("transmission", "type", transmission.type(), null),
                new SpecItem("transmission", "gears", transmission.gears(), null),
                new SpecItem("dimensions", "wheelbase", wheelbase.toPlainString(), "in"),
                new SpecItem("dimensions", "wheelbase", Integer.toString(Units.millimetres(wheelbase)), "mm"),
                new SpecItem("weights", "curb_weight", Integer.toString(curbWeight), "lb"),
                new SpecItem("weights", "curb_weight", Integer.toString(Units.kilograms(curbWeight)), "kg"),
                new SpecItem("fuel", "tank_capacity", tank.toPlainString(), "gal"),
                new SpecItem("fuel", "tank_capacity", Units.litres(tank).toPlainString(), "L"),
                new SpecItem(
                        "fuel",
                        "fuel_type",
                        engine.turbocharged ? "premium unleaded, 91 AKI recommended" : "regular unleaded, 87 AKI",
                        null));
    }

    private List<TireFitment> tires() {
        List<BodyClass.Tire> sizes = body.tires;
        BodyClass.Tire tire = switch (trimSlot) {
            case 0 -> sizes.get(0);
            case 2 -> sizes.get(Math.min(1, sizes.size() - 1));
            default -> sizes.get(sizes.size() - 1);
        };
        int psi = draws.between(body.psiLow, body.psiHigh);
        if (draws.percent(20)) {
            int rear = psi - draws.between(1, 3);
            return List.of(
                    new TireFitment("front", tire.size(), tire.loadIndex(), tire.speedRating(), Units.kpa(psi), psi),
                    new TireFitment("rear", tire.size(), tire.loadIndex(), tire.speedRating(), Units.kpa(rear), rear));
        }
        return List.of(new TireFitment("both", tire.size(), tire.loadIndex(), tire.speedRating(), Units.kpa(psi), psi));
    }
}
