package dev.vspec.query.schedule;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.vspec.query.encoding.StoredJson;
import dev.vspec.query.vehicle.Coverage;
import dev.vspec.query.vehicle.CoveredAnswer;
import dev.vspec.query.vehicle.Vehicle;
import dev.vspec.readmodel.Group;
import dev.vspec.readmodel.Schedules;

/**
 * {@code {"vehicle": {...}, "maintenance_schedule": {"normal": [...], "severe": [...]}, "coverage":
 * {"maintenance_schedule": {...}}}}; {@code maintenance_schedule} is the stored document's JSON (a {@link Schedules}),
 * written out as it is, and {@code coverage} says whether it is recorded.
 */
record ScheduleResponse(
        Vehicle vehicle,

        @JsonProperty(Group.Keys.MAINTENANCE_SCHEDULE) StoredJson maintenanceSchedule,
        Coverage coverage)
        implements CoveredAnswer {}
