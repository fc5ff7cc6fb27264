package dev.vspec.harness.synthetic;

import java.util.List;

/** The gearbox: its type as the spec sheet names it and its gears. */
record Transmission(String type, String gears) {

    static Transmission draw(BodyClass body, int trimSlot, Draws draws) {
        return switch (body) {
            case PICKUP -> new Transmission("automatic", "10");
            case MIDSIZE_SUV -> new Transmission("automatic", draws.pick(List.of("8", "9")));
            case COMPACT_SUV, MIDSIZE_SEDAN ->
                draws.percent(50)
                        ? new Transmission("CVT", "continuously variable")
                        : new Transmission("automatic", "8");
            case COMPACT_CAR ->
                trimSlot == 1 && draws.percent(50)
                        ? new Transmission("manual", "6")
                        : new Transmission("CVT", "continuously variable");
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
