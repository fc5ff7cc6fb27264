package dev.vspec.query.maintenance;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.vspec.query.vehicle.Coverage;
import dev.vspec.query.vehicle.CoveredAnswer;
import dev.vspec.query.vehicle.Vehicle;
import java.util.List;

/**
 * {@code {"vehicle": {...}, "schedule": "normal", "at": {"mileage", "months"}, "status": "known", "services": [...],
 * "coverage": {...}}}: the services due on that schedule at that point, in the schedule's order. {@code status} says
 * whether the vehicle's schedule is recorded at all: {@code unknown} (and no services) when it is not, so that an
 * empty list never reads as "nothing is due". {@code coverage} covers the groups the answer is built from.
 */
record MaintenanceResponse(
        Vehicle vehicle, String schedule, Due at, Status status, List<DueService> services, Coverage coverage)
        implements CoveredAnswer {

    /** Whether the services come from a recorded schedule. */
    enum Status {
        /** The schedule is recorded: {@code services} is everything due, and empty when nothing is. */
        @JsonProperty("known")
        KNOWN,
        /** No schedule is recorded for the vehicle: what is due is not known. */
        @JsonProperty("unknown")
        UNKNOWN
    }
}
