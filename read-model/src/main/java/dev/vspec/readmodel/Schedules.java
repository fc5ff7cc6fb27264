package dev.vspec.readmodel;

import dev.vspec.contracts.catalog.ServiceInterval;
import java.util.ArrayList;
import java.util.List;

/** The maintenance schedule group: {@code {"normal": [...], "severe": [...]}}, each in recorded order, never absent. */
public record Schedules(List<ServiceItem> normal, List<ServiceItem> severe) {

    public static final String NORMAL = "normal";
    public static final String SEVERE = "severe";

    /** The services of the named schedule ({@value #NORMAL} or {@value #SEVERE}). */
    public List<ServiceItem> named(String schedule) {
        return SEVERE.equals(schedule) ? severe : normal;
    }

    /** A recorded schedule as rendered: its intervals split by schedule, each in recorded order. */
    public static Schedules of(List<ServiceInterval> intervals) {
        List<ServiceItem> normal = new ArrayList<>();
        List<ServiceItem> severe = new ArrayList<>();
        for (ServiceInterval interval : intervals) {
            String schedule = Values.required(interval.schedule(), "schedule");
            ServiceItem item = new ServiceItem(
                    Values.required(interval.service(), "service"),
                    Values.required(interval.description(), "service description"),
                    new ServiceItem.Interval(interval.miles(), interval.kilometres(), interval.months()));
            // The catalog knows only these two schedules; anything else is not data to show.
            if (NORMAL.equals(schedule)) {
                normal.add(item);
            } else if (SEVERE.equals(schedule)) {
                severe.add(item);
            }
        }
        return new Schedules(List.copyOf(normal), List.copyOf(severe));
    }
}
