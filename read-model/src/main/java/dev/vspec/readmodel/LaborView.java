package dev.vspec.readmodel;

import dev.vspec.contracts.catalog.LaborTime;
import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The book time of one operation, in hours (a JSON number with two decimals). */
public record LaborView(String operation, String description, BigDecimal hours) {

    /**
     * A recorded list of labor times as rendered, in recorded order. An operation listed twice keeps
     * its last entry, at that entry's place.
     */
    public static List<LaborView> of(List<LaborTime> laborTimes) {
        Map<String, LaborView> byOperation = new LinkedHashMap<>();
        for (LaborTime time : laborTimes) {
            String operation = Values.required(time.operation(), "labor operation");
            byOperation.remove(operation);
            byOperation.put(
                    operation,
                    new LaborView(
                            operation,
                            Values.required(time.description(), "labor description"),
                            Values.required(Values.amount(time.hours(), 4, "labor hours"), "labor hours")));
        }
        return List.copyOf(byOperation.values());
    }
}
