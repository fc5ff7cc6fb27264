package dev.vspec.harness.synthetic;

import dev.vspec.contracts.catalog.FactSource;
import dev.vspec.contracts.catalog.LaborTime;
import dev.vspec.contracts.catalog.LaborTimesRecorded;
import dev.vspec.contracts.catalog.Part;
import dev.vspec.contracts.catalog.PartPriced;
import dev.vspec.contracts.catalog.PartsRecorded;
import dev.vspec.contracts.catalog.ServiceInterval;
import dev.vspec.contracts.catalog.ServiceScheduleRecorded;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The maintenance data of one synthetic configuration: its service schedule, its parts with their prices and
 * its labor times. They are drawn from the configuration's own draws after its fluids, specs and tires, in
 * this order, so the catalog stays the same function of its seed.
 */
final class SyntheticMaintenance {

    static final String CURRENCY = "USD";
    static final LocalDate FIRST_PRICE_DATE = LocalDate.of(2025, 4, 1);
    static final LocalDate SECOND_PRICE_DATE = LocalDate.of(2026, 2, 1);

    private final SyntheticConfiguration configuration;
    private final Engine engine;
    private final Transmission transmission;
    private final Draws draws;

    SyntheticMaintenance(SyntheticConfiguration configuration, Draws draws) {
        this.configuration = configuration;
        this.engine = configuration.engine;
        this.transmission = configuration.transmission;
        this.draws = draws;
    }

    /** The events that record it, in the order the command side would record them. */
    List<Record> events(String key, FactSource source) {
        List<Record> events = new ArrayList<>();
        events.add(new ServiceScheduleRecorded(key, serviceSchedule(), source));
        List<PricedPart> parts = parts();
        events.add(new PartsRecorded(key, parts.stream().map(PricedPart::part).toList(), source));
        for (PricedPart priced : parts) {
            events.add(new PartPriced(
                    key, priced.part().partNumber(), priced.first(), CURRENCY, FIRST_PRICE_DATE, source));
            if (priced.second() != null) {
                events.add(new PartPriced(
                        key, priced.part().partNumber(), priced.second(), CURRENCY, SECOND_PRICE_DATE, source));
            }
        }
        events.add(new LaborTimesRecorded(key, laborTimes(), source));
        return events;
    }

    private List<ServiceInterval> serviceSchedule() {
        int oilMiles = draws.pick(List.of(5000, 7500, 7500, 10000));
        // drawn in this order, argument by argument, so that a seed keeps giving the same catalog
        DrawnIntervals drawn = new DrawnIntervals(
                oilMiles,
                oilMiles == 5000 ? 6 : 12,
                draws.pick(List.of(30000, 45000)),
                draws.pick(List.of(15000, 20000, 30000)),
                draws.pick(List.of(12, 24)),
                transmission.type().equals("manual") ? 90000 : draws.pick(List.of(60000, 100000)),
                transmission.serviceDescription(),
                configuration.hasRearDifferential(),
                draws.pick(List.of(60000, 100000, 120000)),
                draws.pick(List.of(100000, 120000, 150000)),
                draws.pick(List.of(24, 36)));
        List<ServiceInterval> intervals = new ArrayList<>(drawn.of("normal"));
        intervals.addAll(drawn.of("severe"));
        return intervals;
    }

    private List<PricedPart> parts() {
        String modelNumber = String.format(Locale.ROOT, "%05d", configuration.model);
        int plugMillimetres = draws.pick(List.of(14, 16));
        int wiperInches = draws.between(22, 26);
        List<PricedPart> parts = new ArrayList<>();
        parts.add(priced(
                new Part("SYN-OF-" + engine.code(), "Engine oil filter", "filter", "Synthetic", 1, "engine_oil_change"),
                700,
                1299));
        parts.add(priced(
                new Part(
                        "SYN-DP-" + plugMillimetres,
                        "Oil drain plug gasket " + plugMillimetres + " mm",
                        "gasket",
                        "Synthetic",
                        1,
                        "engine_oil_change"),
                99,
                249));
        parts.add(priced(
                new Part(
                        "SYN-AF-" + modelNumber,
                        "Engine air filter element",
                        "filter",
                        "Synthetic",
                        1,
                        "engine_air_filter"),
                1800,
                3999));
        parts.add(priced(
                new Part("SYN-CF-" + modelNumber, "Cabin air filter", "filter", "Synthetic", 1, "cabin_air_filter"),
                1900,
                4499));
        parts.add(priced(
                new Part(
                        "SYN-SP-" + engine.code(),
                        "Spark plug, iridium",
                        "ignition",
                        "Synthetic",
                        engine.cylinders,
                        "spark_plugs"),
                900,
                2499));
        parts.add(priced(
                new Part("SYN-BPF-" + modelNumber, "Front brake pad set", "brakes", "Synthetic", 1, "brake_pads_front"),
                5500,
                13999));
        parts.add(priced(
                new Part(
                        "SYN-WB-" + wiperInches,
                        "Wiper blade, driver side " + wiperInches + " in",
                        "wiper",
                        "Synthetic",
                        1,
                        null),
                1599,
                2999));
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
                new LaborTime(
                        "brake_pads_front", "Replace front brake pads and inspect rotors", draws.decimal(11, 16, 1)),
                new LaborTime("transmission_fluid_change", transmission.serviceDescription(), draws.decimal(8, 13, 1)),
                new LaborTime(
                        "coolant_replacement", "Drain, flush and refill coolant, bleed air", draws.decimal(10, 15, 1)),
                new LaborTime(
                        "brake_fluid_replacement", "Flush and bleed brake hydraulic system", draws.decimal(8, 11, 1))));
        if (configuration.hasRearDifferential()) {
            labor.add(new LaborTime(
                    "differential_fluid_change", "Drain and refill differential fluid", draws.decimal(6, 9, 1)));
        }
        return labor;
    }

    /** A part with its first price and, for half of the parts, a later one. */
    private record PricedPart(Part part, BigDecimal first, BigDecimal second) {}
}
