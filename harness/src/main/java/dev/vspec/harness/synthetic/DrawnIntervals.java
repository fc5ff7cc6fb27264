package dev.vspec.harness.synthetic;

import dev.vspec.contracts.catalog.ServiceInterval;
import java.util.ArrayList;
import java.util.List;

/** A configuration's drawn service intervals, written out for a schedule; the severe one shortens most. */
record DrawnIntervals(
        int oilMiles,
        int oilMonths,
        int airFilterMiles,
        int cabinMiles,
        int cabinMonths,
        int transmissionMiles,
        String transmissionService,
        boolean rearDifferential,
        int sparkPlugMiles,
        int coolantMiles,
        int brakeFluidMonths) {

    List<ServiceInterval> of(String schedule) {
        boolean severe = schedule.equals("severe");
        List<ServiceInterval> intervals = new ArrayList<>();
        intervals.add(interval(
                schedule,
                "engine_oil_change",
                "Replace engine oil and filter",
                severe ? oilMiles / 2 : oilMiles,
                severe ? oilMonths / 2 : oilMonths));
        intervals.add(interval(
                schedule,
                "tire_rotation",
                "Rotate tires and set cold pressures",
                severe ? 5000 : Math.min(oilMiles, 7500),
                null));
        intervals.add(interval(
                schedule, "engine_air_filter", "Replace engine air filter", severe ? 15000 : airFilterMiles, null));
        intervals.add(interval(
                schedule,
                "cabin_air_filter",
                "Replace cabin air filter",
                severe ? 10000 : cabinMiles,
                severe ? 12 : cabinMonths));
        intervals.add(interval(
                schedule,
                "transmission_fluid_change",
                transmissionService,
                severe ? transmissionMiles / 2 : transmissionMiles,
                null));
        if (rearDifferential) {
            intervals.add(interval(
                    schedule, "differential_fluid_change", "Replace differential fluid", severe ? 30000 : 60000, null));
        }
        intervals.add(interval(
                schedule,
                "spark_plugs",
                "Replace spark plugs",
                severe ? Math.min(sparkPlugMiles, 60000) : sparkPlugMiles,
                null));
        intervals.add(interval(schedule, "coolant_replacement", "Replace engine coolant", coolantMiles, 120));
        intervals.add(new ServiceInterval(
                schedule, "brake_fluid_replacement", "Flush and replace brake fluid", null, null, brakeFluidMonths));
        return intervals;
    }

    private static ServiceInterval interval(
            String schedule, String service, String description, int miles, Integer months) {
        return new ServiceInterval(schedule, service, description, miles, Units.kilometres(miles), months);
    }
}
