package dev.vspec.query.servicehistory;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * One visit of a VIN's sanitized history: when, at what odometer reading (either unit may be null),
 * by which kind of workshop, and the service codes performed, in recorded order.
 */
public record ServiceVisit(
        @JsonProperty("performed_on") String performedOn,
        Odometer odometer,
        @JsonProperty("performed_by") String performedBy,
        List<String> services) {

    public record Odometer(
            @Nullable Integer miles, @Nullable Integer km) {}
}
