package dev.vspec.command.synthetic;

import dev.vspec.contracts.catalog.ConfigurationRegistered;
import dev.vspec.contracts.catalog.FactSource;
import dev.vspec.contracts.catalog.Fluid;
import dev.vspec.contracts.catalog.FluidsRecorded;
import dev.vspec.contracts.catalog.LaborTime;
import dev.vspec.contracts.catalog.LaborTimesRecorded;
import dev.vspec.contracts.catalog.Part;
import dev.vspec.contracts.catalog.PartPriced;
import dev.vspec.contracts.catalog.PartsRecorded;
import dev.vspec.contracts.catalog.ServiceInterval;
import dev.vspec.contracts.catalog.ServiceScheduleRecorded;
import dev.vspec.contracts.catalog.SpecItem;
import dev.vspec.contracts.catalog.SpecsRecorded;
import dev.vspec.contracts.catalog.TireFitment;
import dev.vspec.contracts.catalog.TiresRecorded;
import dev.vspec.contracts.identity.ConfigKey;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * One configuration of the synthetic catalog, made from the seed and its index alone. Every four
 * consecutive indexes are the trims Base, Sport, Touring and Limited of one model (same year and
 * body), so year/make/model lookups find several trims. The identity is drawn first and cheaply,
 * since every VIN needs its configuration's; the data groups are drawn only when asked for.
 */
final class SyntheticConfiguration {

    static final List<String> TRIMS = List.of("Base", "Sport", "Touring", "Limited");
    static final int FIRST_YEAR = 2012;
    static final int LAST_YEAR = 2025;
    static final String CURRENCY = "USD";
    static final LocalDate FIRST_PRICE_DATE = LocalDate.of(2025, 4, 1);
    static final LocalDate SECOND_PRICE_DATE = LocalDate.of(2026, 2, 1);

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
        return ConfigKey.of(year, SyntheticCatalog.MAKE, modelName(), trim(), engine.code(), drivetrain).value();
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
        events.add(new ConfigurationRegistered(key, year, SyntheticCatalog.MAKE, modelName(), trim(), engine.code(),
                drivetrain, label(), source));
        events.add(new FluidsRecorded(key, fluids(), source));
        events.add(new SpecsRecorded(key, specs(), source));
        events.add(new TiresRecorded(key, tires(), source));
        List<ServiceInterval> schedule = serviceSchedule();
        events.add(new ServiceScheduleRecorded(key, schedule, source));
        List<PricedPart> parts = parts();
        events.add(new PartsRecorded(key, parts.stream().map(PricedPart::part).toList(), source));
        for (PricedPart priced : parts) {
            events.add(new PartPriced(key, priced.part().partNumber(), priced.first(), CURRENCY, FIRST_PRICE_DATE, source));
            if (priced.second() != null) {
                events.add(new PartPriced(key, priced.part().partNumber(), priced.second(), CURRENCY, SECOND_PRICE_DATE, source));
            }
        }
        events.add(new LaborTimesRecorded(key, laborTimes(), source));
        return events;
    }

    private boolean hasRearDifferential() {
        return !drivetrain.equals("FWD");
    }

    private boolean isFourWheelDrive() {
        return drivetrain.equals("4WD");
    }

    private List<Fluid> fluids() {
        List<Fluid> fluids = new ArrayList<>();
        fluids.add(fluid("engine_oil", "API SP / ILSAC GF-6 SAE " + engine.oilViscosity + " full synthetic",
                engine.oilLitres, "with filter"));
        fluids.add(fluid("coolant", "Long-life OAT antifreeze/coolant, 50/50 premix",
                draws.decimal(body.coolantLow, body.coolantHigh, 1), "total, including reservoir"));
        fluids.add(switch (transmission.type()) {
            case "automatic" -> fluid("transmission", "Full-synthetic low-viscosity automatic transmission fluid",
                    draws.decimal(80, 120, 1), "total fill; drain and refill about half");
            case "CVT" -> fluid("transmission", "CVT fluid", draws.decimal(35, 75, 1), "drain and refill");
            default -> fluid("transmission", "SAE 75W-90 API GL-4 manual transmission fluid", draws.decimal(18, 24, 1), null);
        });
        if (hasRearDifferential()) {
            fluids.add(fluid("rear_differential", "SAE 75W-85 synthetic hypoid gear oil, API GL-5",
                    draws.decimal(8, 26, 1), "rear axle"));
        }
        if (isFourWheelDrive()) {
            fluids.add(fluid("front_differential", "SAE 75W-85 synthetic hypoid gear oil, API GL-5",
                    draws.decimal(13, 19, 1), "front axle"));
            fluids.add(fluid("transfer_case", "Transfer case fluid (full-synthetic ATF)", draws.decimal(13, 16, 1), null));
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
                new SpecItem("engine", "aspiration", engine.turbocharged ? "turbocharged" : "naturally aspirated", null),
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
                new SpecItem("fuel", "fuel_type", engine.turbocharged
                        ? "premium unleaded, 91 AKI recommended" : "regular unleaded, 87 AKI", null));
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

    private List<ServiceInterval> serviceSchedule() {
        int oilMiles = draws.pick(List.of(5000, 7500, 7500, 10000));
        int oilMonths = oilMiles == 5000 ? 6 : 12;
        int airFilterMiles = draws.pick(List.of(30000, 45000));
        int cabinMiles = draws.pick(List.of(15000, 20000, 30000));
        int cabinMonths = draws.pick(List.of(12, 24));
        int transmissionMiles = transmission.type().equals("manual") ? 90000 : draws.pick(List.of(60000, 100000));
        int sparkPlugMiles = draws.pick(List.of(60000, 100000, 120000));
        int coolantMiles = draws.pick(List.of(100000, 120000, 150000));
        int brakeFluidMonths = draws.pick(List.of(24, 36));
        List<ServiceInterval> intervals = new ArrayList<>();
        for (String schedule : List.of("normal", "severe")) {
            boolean severe = schedule.equals("severe");
            intervals.add(interval(schedule, "engine_oil_change", "Replace engine oil and filter",
                    severe ? oilMiles / 2 : oilMiles, severe ? oilMonths / 2 : oilMonths));
            intervals.add(interval(schedule, "tire_rotation", "Rotate tires and set cold pressures",
                    severe ? 5000 : Math.min(oilMiles, 7500), null));
            intervals.add(interval(schedule, "engine_air_filter", "Replace engine air filter",
                    severe ? 15000 : airFilterMiles, null));
            intervals.add(interval(schedule, "cabin_air_filter", "Replace cabin air filter",
                    severe ? 10000 : cabinMiles, severe ? 12 : cabinMonths));
            intervals.add(interval(schedule, "transmission_fluid_change", transmission.serviceDescription(),
                    severe ? transmissionMiles / 2 : transmissionMiles, null));
            if (hasRearDifferential()) {
                intervals.add(interval(schedule, "differential_fluid_change", "Replace differential fluid",
                        severe ? 30000 : 60000, null));
            }
            intervals.add(interval(schedule, "spark_plugs", "Replace spark plugs",
                    severe ? Math.min(sparkPlugMiles, 60000) : sparkPlugMiles, null));
            intervals.add(interval(schedule, "coolant_replacement", "Replace engine coolant", coolantMiles, 120));
            intervals.add(new ServiceInterval(schedule, "brake_fluid_replacement", "Flush and replace brake fluid",
                    null, null, brakeFluidMonths));
        }
        return intervals;
    }

    private static ServiceInterval interval(String schedule, String service, String description, int miles, Integer months) {
        return new ServiceInterval(schedule, service, description, miles, Units.kilometres(miles), months);
    }

    private List<PricedPart> parts() {
        String modelNumber = String.format(Locale.ROOT, "%05d", model);
        int plugMillimetres = draws.pick(List.of(14, 16));
        int wiperInches = draws.between(22, 26);
        List<PricedPart> parts = new ArrayList<>();
        parts.add(priced(new Part("SYN-OF-" + engine.code(), "Engine oil filter", "filter", "Synthetic", 1,
                "engine_oil_change"), 700, 1299));
        parts.add(priced(new Part("SYN-DP-" + plugMillimetres, "Oil drain plug gasket " + plugMillimetres + " mm",
                "gasket", "Synthetic", 1, "engine_oil_change"), 99, 249));
        parts.add(priced(new Part("SYN-AF-" + modelNumber, "Engine air filter element", "filter", "Synthetic", 1,
                "engine_air_filter"), 1800, 3999));
        parts.add(priced(new Part("SYN-CF-" + modelNumber, "Cabin air filter", "filter", "Synthetic", 1,
                "cabin_air_filter"), 1900, 4499));
        parts.add(priced(new Part("SYN-SP-" + engine.code(), "Spark plug, iridium", "ignition", "Synthetic",
                engine.cylinders, "spark_plugs"), 900, 2499));
        parts.add(priced(new Part("SYN-BPF-" + modelNumber, "Front brake pad set", "brakes", "Synthetic", 1,
                "brake_pads_front"), 5500, 13999));
        parts.add(priced(new Part("SYN-WB-" + wiperInches, "Wiper blade, driver side " + wiperInches + " in", "wiper",
                "Synthetic", 1, null), 1599, 2999));
        return parts;
    }

    /** A first price; half of the parts were repriced later, 2-8 % higher. */
    private PricedPart priced(Part part, int lowCents, int highCents) {
        BigDecimal first = BigDecimal.valueOf(draws.between(lowCents, highCents), 2);
        BigDecimal second = null;
        if (draws.percent(50)) {
            BigDecimal increase = BigDecimal.valueOf(draws.between(102, 108), 2);
            second = first.multiply(increase).setScale(2, RoundingMode.HALF_UP);
        }
        return new PricedPart(part, first, second);
    }

    private List<LaborTime> laborTimes() {
        BigDecimal sparkPlugHours = switch (engine.cylinders) {
            case 4 -> draws.decimal(8, 12, 1);
            case 6 -> draws.decimal(15, 28, 1);
            default -> draws.decimal(16, 22, 1);
        };
        List<LaborTime> labor = new ArrayList<>(List.of(
                new LaborTime("engine_oil_change", "Replace engine oil and filter", new BigDecimal("0.5")),
                new LaborTime("tire_rotation", "Rotate tires and set pressures", new BigDecimal("0.5")),
                new LaborTime("engine_air_filter", "Replace engine air filter element", draws.decimal(2, 4, 1)),
                new LaborTime("cabin_air_filter", "Replace cabin air filter", draws.decimal(2, 5, 1)),
                new LaborTime("spark_plugs", "Replace spark plugs", sparkPlugHours),
                new LaborTime("brake_pads_front", "Replace front brake pads and inspect rotors", draws.decimal(11, 16, 1)),
                new LaborTime("transmission_fluid_change", transmission.serviceDescription(), draws.decimal(8, 13, 1)),
                new LaborTime("coolant_replacement", "Drain, flush and refill coolant, bleed air", draws.decimal(10, 15, 1)),
                new LaborTime("brake_fluid_replacement", "Flush and bleed brake hydraulic system", draws.decimal(8, 11, 1))));
        if (hasRearDifferential()) {
            labor.add(new LaborTime("differential_fluid_change", "Drain and refill differential fluid",
                    draws.decimal(6, 9, 1)));
        }
        return labor;
    }

    private record PricedPart(Part part, BigDecimal first, BigDecimal second) {
    }

    /** The gearbox: its type as the spec sheet names it and its gears. */
    record Transmission(String type, String gears) {

        static Transmission draw(BodyClass body, int trimSlot, Draws draws) {
            return switch (body) {
                case PICKUP -> new Transmission("automatic", "10");
                case MIDSIZE_SUV -> new Transmission("automatic", draws.pick(List.of("8", "9")));
                case COMPACT_SUV, MIDSIZE_SEDAN -> draws.percent(50)
                        ? new Transmission("CVT", "continuously variable") : new Transmission("automatic", "8");
                case COMPACT_CAR -> trimSlot == 1 && draws.percent(50)
                        ? new Transmission("manual", "6") : new Transmission("CVT", "continuously variable");
            };
        }

        String describe() {
            return type.equals("CVT") ? "CVT" : gears + "-speed " + type;
        }

        String serviceDescription() {
            return switch (type) {
                case "CVT" -> "Replace CVT fluid";
                case "manual" -> "Replace manual transmission fluid";
                default -> "Replace automatic transmission fluid";
            };
        }
    }
}
